import { APPROVAL_STATUSES, activityEntries } from '@scm/contracts';
import type { ApprovalRequestRow, ListQueryInput } from '@scm/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { approvalsApi, decide, useApprovalsLive } from '../../api/approvals';
import type { DecisionResult } from '../../api/approvals';
import type { ListSource } from '../../api/resource';
import { useSession } from '../../api/session';
import type { Column, FilterDef, RowAction } from '../../components/data-table';
import { DocumentListPage, useDocumentLocations, useRemarkDialog } from '../../components/document';
import type { DocumentListApi } from '../../components/document';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/icons';
import { formatMoney } from '../../lib/format';
import { moduleLabel, referenceTypeLabel } from '../notification/module-label';
import { notificationLink } from '../notification-links';

const PENDING = 'PENDING APPROVAL';
const keyOf = (row: ApprovalRequestRow) => `${row.document_type}:${row.document_id}`;

/** The modules whose documents take approvals (registry entries declaring actionsPath): the type filter. */
const APPROVAL_MODULES = [
  ...new Set(
    activityEntries()
      .filter((entry) => entry.actionsPath)
      .map((entry) => entry.module),
  ),
];

/** The document's page (SPEC.md §7 "Notification links"), else the link the request was recorded with. */
const documentLink = (row: ApprovalRequestRow) =>
  notificationLink({
    reference_type: row.reference_type,
    reference_id: row.document_id,
    message_links: [{ link: row.link, name: row.document_id }],
  }) ?? row.link;

/**
 * /approval (SPEC.md §2, key APPROVAL): every document waiting for the user's decision, of every type, with its
 * number (opening the document), location, value (can_see_cost), submitter and age; by status tab, type, location,
 * submission date and number. Approve / Reject (with a remark) from a row, or on the selected rows at once: each goes
 * to the document's own action route with the row's revision, and each row's outcome is shown (a refusal with the
 * document's reason). The list follows the notification stream, so a request decided elsewhere leaves it at once.
 */
export default function ApprovalInboxPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const seesCost = user?.role.can_see_cost ?? false;
  const locations = useDocumentLocations();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [askRemark, remarkDialog] = useRemarkDialog();
  const [selected, setSelected] = useState<Map<string, ApprovalRequestRow>>(new Map());
  const [shown, setShown] = useState<ApprovalRequestRow[]>([]);
  const [results, setResults] = useState<DecisionResult[] | null>(null);
  const [busy, setBusy] = useState(false);
  useApprovalsLive(true);

  // A fresh visit opens on the requests waiting for a decision; "All" stays selectable afterwards.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (!params.has('status')) setParams({ status: PENDING }, { replace: true });
  }, [params, setParams]);

  // The rows on screen, for "select all" and to drop selections that left the list (decided elsewhere).
  const api = useMemo<DocumentListApi<ApprovalRequestRow>>(
    () => ({
      ...approvalsApi,
      listSource: (status?: string | null): ListSource<ApprovalRequestRow> => {
        const source = approvalsApi.listSource(status);
        return {
          key: source.key,
          async fetch(query: ListQueryInput, signal?: AbortSignal) {
            const page = await source.fetch(query, signal);
            // An export reads many rows at once: only the table's own pages are what is on screen.
            if ((query.limit ?? 0) <= 100) {
              setShown(page.data);
              setSelected((current) => {
                const still = new Map<string, ApprovalRequestRow>();
                for (const row of page.data) if (current.has(keyOf(row))) still.set(keyOf(row), row);
                return still.size === current.size ? current : still;
              });
            }
            return page;
          },
        };
      },
    }),
    [],
  );

  const pendingShown = shown.filter((row) => row.status === PENDING);
  const toggle = useCallback((row: ApprovalRequestRow, on: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(keyOf(row), row);
      else next.delete(keyOf(row));
      return next;
    });
  }, []);

  const run = useCallback(
    async (rows: ApprovalRequestRow[], action: 'approve' | 'reject') => {
      if (rows.length === 0) return;
      const remark = await askRemark({
        title: t(`approval:${action}.title`, { count: rows.length }),
        message: t(`approval:${action}.message`, { count: rows.length, doc_no: rows[0].doc_no }),
        confirmLabel: t(`approval:${action}.confirm`),
        required: action === 'reject',
        tone: action === 'reject' ? 'danger' : 'primary',
      });
      if (remark === null) return;
      setBusy(true);
      try {
        setResults(await decide(rows, action, remark));
        setSelected(new Map());
      } finally {
        setBusy(false);
      }
    },
    [askRemark, t],
  );

  const columns = useMemo<Column<ApprovalRequestRow>[]>(() => {
    const typeOf = (row: ApprovalRequestRow) => referenceTypeLabel(t, row.reference_type) ?? row.document_type;
    return [
      {
        id: 'select',
        header: t('approval:fields.select'),
        field: null,
        hideable: false,
        cell: (row) =>
          row.status === PENDING ? (
            <input
              type="checkbox"
              className="h-4 w-4 cursor-pointer accent-blue-700"
              checked={selected.has(keyOf(row))}
              onChange={(event) => toggle(row, event.target.checked)}
              aria-label={t('approval:selectRow', { doc_no: row.doc_no })}
              data-testid="approval-select"
            />
          ) : null,
        exportValue: () => null,
      },
      {
        id: 'module',
        header: t('approval:fields.type'),
        sortable: true,
        cell: typeOf,
        exportValue: typeOf,
      },
      {
        id: 'doc_no',
        header: t('approval:fields.doc_no'),
        sortable: true,
        hideable: false,
        cell: (row) => (
          <Link to={documentLink(row)} className="text-blue-700 hover:underline" data-testid="approval-document-link">
            {row.doc_no}
          </Link>
        ),
        exportValue: (row) => row.doc_no,
      },
      {
        id: 'location_id',
        header: t('approval:fields.location'),
        sortable: true,
        cell: (row) => locations.nameOf(row.location_id),
        exportValue: (row) => locations.nameOf(row.location_id),
      },
      ...(seesCost
        ? ([
            {
              id: 'value_usd',
              header: t('approval:fields.value_usd'),
              sortable: true,
              align: 'right',
              cell: (row) => (row.value_usd == null ? '' : formatMoney(row.value_usd, 'USD')),
              exportValue: (row) => row.value_usd ?? '',
            },
          ] satisfies Column<ApprovalRequestRow>[])
        : []),
      { id: 'submitted_by', header: t('approval:fields.submitted_by'), sortable: true },
      { id: 'submitted_time', header: t('approval:fields.submitted_time'), kind: 'datetime', sortable: true },
      {
        id: 'age_days',
        header: t('approval:fields.age'),
        sortable: true,
        align: 'right',
        cell: (row) => t('approval:ageDays', { count: row.age_days }),
        exportValue: (row) => row.age_days,
      },
      { id: 'status', header: t('approval:fields.status'), kind: 'status', sortable: true },
      { id: 'decided_by', header: t('approval:fields.decided_by'), sortable: true, defaultHidden: true },
      { id: 'remark', header: t('approval:fields.remark'), defaultHidden: true },
    ];
  }, [t, seesCost, locations, selected, toggle]);

  const filters = useMemo<FilterDef[]>(
    () => [
      {
        kind: 'select',
        id: 'module',
        label: t('approval:fields.type'),
        options: APPROVAL_MODULES.map((module) => ({ value: module, label: moduleLabel(t, module) })),
      },
    ],
    [t],
  );

  const rowActions = useMemo<RowAction<ApprovalRequestRow>[]>(
    () => [
      {
        id: 'approve',
        label: t('approval:approve.action'),
        icon: 'check',
        inline: true,
        visible: (row) => row.status === PENDING,
        onClick: (row) => run([row], 'approve'),
      },
      {
        id: 'reject',
        label: t('approval:reject.action'),
        icon: 'ban',
        inline: true,
        tone: 'danger',
        visible: (row) => row.status === PENDING,
        onClick: (row) => run([row], 'reject'),
      },
      {
        id: 'open',
        label: t('approval:open'),
        icon: 'eye',
        onClick: (row) => {
          void navigate(documentLink(row));
        },
      },
    ],
    [t, run, navigate],
  );

  const chosen = [...selected.values()];
  const allShownSelected = pendingShown.length > 0 && pendingShown.every((row) => selected.has(keyOf(row)));
  const toolbar = (
    <div className="flex flex-wrap items-center gap-2" data-testid="approval-bulk">
      <label className="inline-flex cursor-pointer items-center gap-1.5 text-sm text-slate-700">
        <input
          type="checkbox"
          className="h-4 w-4 accent-blue-700"
          checked={allShownSelected}
          disabled={pendingShown.length === 0}
          onChange={(event) =>
            setSelected(event.target.checked ? new Map(pendingShown.map((row) => [keyOf(row), row])) : new Map())
          }
          data-testid="approval-select-all"
        />
        {t('approval:selectAll')}
      </label>
      <Button
        onClick={() => void run(chosen, 'approve')}
        disabled={busy || chosen.length === 0}
        data-testid="approval-bulk-approve"
      >
        <Icon name="check" />
        {t('approval:approve.bulk', { count: chosen.length })}
      </Button>
      <Button
        variant="danger"
        onClick={() => void run(chosen, 'reject')}
        disabled={busy || chosen.length === 0}
        data-testid="approval-bulk-reject"
      >
        <Icon name="ban" />
        {t('approval:reject.bulk', { count: chosen.length })}
      </Button>
    </div>
  );

  const failed = results?.filter((result) => !result.ok) ?? [];
  return (
    <>
      <DocumentListPage
        testId="approval-inbox"
        title={t('routes:approval')}
        description={t('approval:description')}
        api={api}
        statuses={APPROVAL_STATUSES}
        permissionKey="APPROVAL"
        columns={columns}
        rowKey={keyOf}
        path="/approval"
        dateFilter={{ id: 'submitted_time', label: t('approval:fields.submitted_time') }}
        filters={filters}
        rowActions={rowActions}
        extraFields={[
          'document_type',
          'document_id',
          'reference_type',
          'link',
          'actions_path',
          'revision',
          'status',
          'location_id',
        ]}
        searchPlaceholder={t('approval:searchPlaceholder')}
        exportFileName={t('approval:exportFileName')}
        emptyMessage={t('approval:empty')}
        toolbar={toolbar}
      >
        {results && (
          <div
            className={`mb-3 rounded-md border p-3 text-sm ${failed.length ? 'border-amber-300 bg-amber-50' : 'border-green-300 bg-green-50'}`}
            role="status"
            data-testid="approval-results"
          >
            <div className="flex items-start justify-between gap-2">
              <p className="font-medium text-slate-800">
                {t('approval:results.summary', {
                  done: results.length - failed.length,
                  count: results.length,
                })}
              </p>
              <button
                type="button"
                className="text-slate-500 hover:text-slate-700"
                onClick={() => setResults(null)}
                aria-label={t('approval:results.dismiss')}
              >
                <Icon name="close" />
              </button>
            </div>
            <ul className="mt-1 space-y-0.5">
              {results.map((result) => (
                <li
                  key={keyOf(result.row)}
                  data-testid="approval-result"
                  data-ok={result.ok ? 'true' : 'false'}
                  className={result.ok ? 'text-green-800' : 'text-red-700'}
                >
                  {result.ok
                    ? t('approval:results.done', { doc_no: result.row.doc_no })
                    : t('approval:results.failed', { doc_no: result.row.doc_no, reason: result.message })}
                </li>
              ))}
            </ul>
          </div>
        )}
      </DocumentListPage>
      {remarkDialog}
    </>
  );
}
