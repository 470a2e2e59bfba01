import { availableActions, DocumentErrorCode, isEditableIn } from '@scm/contracts';
import type { DocumentActionRule, DocumentHeaderView, DocumentMachine, FieldError, RouteType } from '@scm/contracts';
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useSession } from '../../api/session';
import { useCan } from '../../lib/permissions';
import { uuid } from '../../lib/uuid';
import { AttachmentList } from '../attachments/AttachmentList';
import { FormShell } from '../form';
import type { FormAction } from '../form';
import { Button } from '../ui/Button';
import { Icon } from '../ui/icons';
import { HistoryTimeline } from './HistoryTimeline';
import { usePrintView } from './PrintView';
import type { PrintContent } from './PrintView';
import { useRemarkDialog } from './RemarkDialog';

/** What the shell calls on the document's API (documentApi). */
export interface DocumentActionsApi<View> {
  action: (id: string, action: string, body: { revision: number; remark?: string }, key: string) => Promise<View>;
  reload: (id: string) => Promise<unknown>;
}

/** A refusal found before asking the server (SPEC.md §5 messages), placed like the server's own. */
export function clientRefusal(message: string, fieldErrors: Omit<FieldError, 'rule'>[] = []): ApiError {
  return new ApiError(
    400,
    message,
    undefined,
    fieldErrors.map((error) => ({ rule: 'client', ...error })),
  );
}

export interface DocumentPageProps<Input extends FieldValues, Output, View extends DocumentHeaderView> {
  form: UseFormReturn<Input, unknown, Output>;
  mode: RouteType;
  machine: DocumentMachine;
  api: DocumentActionsApi<View>;
  /** Route title (e.g. `t('routes:stockAdjustment')`). */
  title: string;
  listPath: string;
  /** The loaded document; absent for a new one. */
  document: View | undefined;
  /** The document's values in the form's shape. */
  values?: Input;
  loading?: boolean;
  loadError?: unknown;
  /** Save draft: create, or update with the document's revision; answers the saved document. */
  save?: (values: Output, idempotencyKey: string) => Promise<View>;
  /** The save button's label when saving is more particular (e.g. "Save counts"). */
  saveLabel?: string;
  /** Before submit: a refusal with the SPEC.md §5 messages (thrown by the caller with clientRefusal), or nothing. */
  checkSubmit?: (values: Output) => ApiError | null;
  /** The files of the document (the service's attachments API). */
  attachments?: { service: string; ownerType: string };
  /** The print view's content; absent hides Print. */
  print?: () => PrintContent | null;
  /** The page's own buttons (e.g. a stock take's Save counts), before the machine's. */
  actions?: FormAction<Output>[];
  extraButtons?: ReactNode;
  /** Above the fields (e.g. a link to the source document). */
  banner?: ReactNode;
  /**
   * Below the fields, outside the read-only form: parts of a viewed document that take their own input (a sales
   * upload's no-match list, mapped line by line from the view).
   */
  after?: ReactNode;
  children: ReactNode;
}

const VARIANT = (name: string, rule: DocumentActionRule<string>): 'primary' | 'secondary' | 'danger' =>
  rule.confirm ? 'danger' : rule.check === 'approval' || name === 'submit' ? 'primary' : 'secondary';

/**
 * THE DOCUMENT PAGE SHELL (docs/stock-ledger.md, "kit (web)") on the form shell: header fields and lines as
 * children, doc_no and status badge, Save draft, the action bar from the machine (the server's `available_actions`
 * when it sent them, else availableActions(machine, status, permissions)), confirmation or a remark where the machine
 * asks, `{revision, remark}` with an Idempotency-Key, a stale revision offered a reload, attachments, the history
 * timeline and the print view.
 */
export function DocumentPage<Input extends FieldValues, Output, View extends DocumentHeaderView>({
  form,
  mode,
  machine,
  api,
  title,
  listPath,
  document,
  values,
  loading,
  loadError,
  save,
  saveLabel,
  checkSubmit,
  attachments,
  print,
  actions: ownActions = [],
  extraButtons,
  banner,
  after,
  children,
}: DocumentPageProps<Input, Output, View>) {
  const { t } = useTranslation();
  const { user } = useSession();
  const can = useCan();
  const [askRemark, remarkDialog] = useRemarkDialog();
  const [openPrint, printView] = usePrintView(print ?? (() => null));
  const [stale, setStale] = useState(false);
  /** Bumped by a reload: the shell starts afresh (its banner, its loaded values) on the document as it is now. */
  const [generation, setGeneration] = useState(0);
  const editing = mode !== 'view';
  const status = document?.status;
  const editable = status === undefined || isEditableIn(machine, status);
  const viewPath = (id: string) => `${listPath}/view?id=${encodeURIComponent(id)}`;

  const permissions = user?.role.permission_list ?? [];
  const offered: string[] = document
    ? (document.available_actions ?? availableActions(machine, document.status, permissions))
    : availableActions(machine, machine.initial, permissions).filter((name) => !machine.actions[name]?.confirm);
  const rules = offered.flatMap((name) => {
    const rule = (machine.actions as Record<string, DocumentActionRule<string> | undefined>)[name];
    return rule && !rule.system ? [[name, rule] as const] : [];
  });

  /** A stale revision: the message shows in the page's banner, and a reload is offered. */
  const guard = async <T,>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ApiError && error.code === DocumentErrorCode.STALE_REVISION) setStale(true);
      throw error;
    }
  };

  const machineActions: FormAction<Output>[] = rules
    // While editing, only what moves a draft forward (submit); the rest from the view.
    .filter(([, rule]) => !editing || (!rule.confirm && rule.check === 'edit' && rule.from.includes(machine.initial)))
    .map(([name, rule]) => {
      const label = t(`documents:actions.${name}`, { defaultValue: name });
      const forward = rule.from.some((from) => machine.editableIn.includes(from)) && !rule.confirm;
      return {
        id: name,
        label,
        variant: VARIANT(name, rule),
        permission: rule.check,
        modes: editing ? ['new', 'create', 'clone', 'edit'] : ['view'],
        validate: forward && rule.check === 'edit',
        confirm:
          rule.confirm && !rule.remarkRequired
            ? {
                title: t('documents:confirm.title', { action: label }),
                message: t(`documents:confirm.${name}`, { defaultValue: t('documents:confirm.message') }),
                confirmLabel: label,
                tone: 'danger' as const,
              }
            : undefined,
        run: (formValues, { idempotencyKey }) =>
          guard(async () => {
            let remark: string | undefined;
            if (rule.remarkRequired) {
              const typed = await askRemark({
                title: t('documents:confirm.title', { action: label }),
                message: t(`documents:confirm.${name}`, { defaultValue: t('documents:confirm.message') }),
                confirmLabel: label,
                required: true,
                tone: rule.confirm ? 'danger' : 'primary',
              });
              if (typed === null) return;
              remark = typed;
            }
            if (formValues !== undefined && checkSubmit) {
              const refusal = checkSubmit(formValues);
              if (refusal) throw refusal;
            }
            // While editing, the draft is saved first and the action runs on the revision saved.
            const target =
              editing && save && formValues !== undefined ? await save(formValues, idempotencyKey) : document;
            if (!target) return;
            const body = { revision: target.revision, ...(remark && { remark }) };
            await api.action(target.id, name, body, editing ? uuid() : idempotencyKey);
            await api.reload(target.id);
            return editing ? viewPath(target.id) : undefined;
          }),
      };
    });

  const saveDraft: FormAction<Output>[] =
    save && editable
      ? [
          {
            id: 'saveDraft',
            label: saveLabel,
            run: (formValues, { idempotencyKey }) =>
              guard(async () => {
                const saved = await save(formValues as Output, idempotencyKey);
                return document ? undefined : `${listPath}/edit?id=${encodeURIComponent(saved.id)}`;
              }),
          },
        ]
      : [];

  const reload = async () => {
    setStale(false);
    form.reset();
    if (document) await api.reload(document.id);
    setGeneration((n) => n + 1);
  };

  return (
    <>
      <FormShell
        key={generation}
        form={form}
        mode={mode}
        title={title}
        subtitle={
          document && (
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-slate-700" data-testid="document-no">
                {document.doc_no}
              </span>
              <span aria-hidden="true">·</span>
              <span>{document.location_name || document.location_id}</span>
            </span>
          )
        }
        permissionKey={machine.permissionKey}
        record={document ? { status: document.status } : undefined}
        values={values}
        loading={loading}
        loadError={loadError}
        listPath={listPath}
        editPath={document ? `${listPath}/edit?id=${encodeURIComponent(document.id)}` : undefined}
        editable={editable}
        wide
        actions={[...saveDraft, ...ownActions, ...machineActions]}
        attachments={
          <>
            {after}
            {attachments && document && (
              <AttachmentList
                service={attachments.service}
                ownerType={attachments.ownerType}
                ownerId={document.id}
                readOnly={!can(machine.permissionKey, 'edit')}
              />
            )}
          </>
        }
        activity={document ? <HistoryTimeline document={document} /> : false}
        extraButtons={
          <>
            {stale && (
              <Button variant="secondary" onClick={() => void reload()} data-testid="document-reload">
                <Icon name="refresh" />
                {t('documents:stale.reload')}
              </Button>
            )}
            {extraButtons}
            {print && document && (
              <Button variant="secondary" onClick={openPrint} data-testid="document-print">
                {t('documents:print.open')}
              </Button>
            )}
          </>
        }
      >
        {banner}
        {children}
      </FormShell>
      {remarkDialog}
      {printView}
    </>
  );
}
