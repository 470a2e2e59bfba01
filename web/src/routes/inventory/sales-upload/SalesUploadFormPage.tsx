import { IMPORT_MAX_BYTES, SALES_UPLOAD_FILE_SOURCES, SALES_UPLOAD_MACHINE } from '@scm/contracts';
import type { FieldError, SalesUploadLineView, SalesUploadResult, SalesUploadView } from '@scm/contracts';
import { useId, useState } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { salesUploadsApi } from '../../../api/sales-uploads';
import { useSession } from '../../../api/session';
import { DocumentPage, useDocumentLocations } from '../../../components/document';
import type { DocumentActionsApi } from '../../../components/document';
import { useFormMode } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { DateField } from '../../../components/ui/DateField';
import { Icon, Spinner } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Select } from '../../../components/ui/Select';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatDate, formatDateTime, formatMoney, formatQuantity, isoDate } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { uuid } from '../../../lib/uuid';
import { SALES_UPLOAD_PATH } from './paths';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** /inventory/sales-upload/{type}: `new` uploads a file; `view?id=` is the upload with its no-match list. */
export default function SalesUploadFormPage() {
  const mode = useFormMode();
  if (mode.isNew) return <UploadPage />;
  return <SalesUploadDocument key={mode.formKey} id={mode.id} />;
}

/** The upload: source, location and sales date (defaults of the rows), the file, its progress; then the result. */
function UploadPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const locations = useDocumentLocations();
  const inputId = useId();
  const [source, setSource] = useState<(typeof SALES_UPLOAD_FILE_SOURCES)[number]>('Manual');
  const [locationId, setLocationId] = useState(
    user?.locations.length === 1 && user.locations[0] !== '*' ? user.locations[0] : '',
  );
  const [valueDate, setValueDate] = useState(isoDate(new Date()));
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<FieldError[]>([]);
  const [result, setResult] = useState<SalesUploadResult | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    setResult(null);
    setRowErrors([]);
    if (!chosen) return;
    if (!chosen.name.toLowerCase().endsWith('.xlsx')) {
      setProblem(t('import:dialog.wrongType'));
      setFile(null);
    } else if (chosen.size > IMPORT_MAX_BYTES) {
      setProblem(t('import:dialog.tooLarge'));
      setFile(null);
    } else {
      setProblem(null);
      setFile(chosen);
    }
  };

  const start = async () => {
    if (!file) {
      setProblem(t('sales-upload:upload.noFile'));
      return;
    }
    setProblem(null);
    setRowErrors([]);
    setResult(null);
    setProgress(0);
    try {
      const answer = await salesUploadsApi.upload(
        { source, location_id: locationId, value_date: valueDate },
        file,
        setProgress,
      );
      setResult(answer);
      if (!answer.duplicate_file && answer.uploads.length === 1) {
        void navigate(`${SALES_UPLOAD_PATH}/view?id=${encodeURIComponent(answer.uploads[0].id)}`);
      }
    } catch (error) {
      if (error instanceof ApiError) {
        const rows = error.fieldErrors.filter((entry) => entry.field.startsWith('rows.'));
        setRowErrors(rows);
        setProblem(rows.length > 0 ? t('sales-upload:upload.errorsTitle', { count: rows.length }) : error.message);
      } else {
        setProblem(t('web:errors.generic'));
      }
    } finally {
      setProgress(null);
    }
  };

  const columnLabel = (column: string) =>
    column === 'row' ? t('sales-upload:upload.fileLevel') : t(`sales-upload:import.columns.${column}`);

  return (
    <div className="mx-auto max-w-4xl" data-testid="sales-upload-new">
      <PageHeader
        title={t('sales-upload:upload.title')}
        description={t('sales-upload:upload.help')}
        actions={
          <Button
            variant="secondary"
            onClick={() => void salesUploadsApi.downloadTemplate(`${t('sales-upload:import.fileName')}.xlsx`)}
            data-testid="sales-upload-template"
          >
            <Icon name="download" />
            {t('sales-upload:downloadTemplate')}
          </Button>
        }
      />
      <div className="space-y-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <div className="grid gap-4 sm:grid-cols-3">
          <Select
            label={t('sales-upload:upload.source')}
            required
            value={source}
            onChange={setSource}
            options={SALES_UPLOAD_FILE_SOURCES.map((value) => ({
              value,
              label: t(`sales-upload:sources.${value}`),
            }))}
            data-testid="sales-upload-source"
          />
          <Select
            label={t('sales-upload:upload.location')}
            required
            value={locationId}
            onChange={setLocationId}
            options={[{ value: '', label: '—' }, ...locations.options]}
            data-testid="sales-upload-location"
          />
          <DateField
            label={t('sales-upload:upload.value_date')}
            required
            value={valueDate}
            onChange={(event) => setValueDate(event.target.value)}
            data-testid="sales-upload-date"
          />
        </div>
        <div className="rounded-md border border-dashed border-slate-300 p-4">
          <input
            id={inputId}
            type="file"
            accept={XLSX_ACCEPT}
            onChange={choose}
            className="sr-only"
            data-testid="sales-upload-file"
          />
          <div className="flex flex-wrap items-center gap-3">
            <label
              htmlFor={inputId}
              className="inline-flex cursor-pointer items-center gap-1.5 rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              <Icon name="upload" />
              {t('sales-upload:upload.choose')}
            </label>
            <span className="min-w-0 truncate text-sm text-slate-600" data-testid="sales-upload-file-name">
              {file ? file.name : t('import:dialog.noFile')}
            </span>
          </div>
          <p className="mt-2 text-xs text-slate-500">{t('sales-upload:upload.file')}</p>
        </div>
        {progress !== null && (
          <Progress
            fraction={progress}
            label={t('sales-upload:upload.uploading', { percent: Math.round(progress * 100) })}
          />
        )}
        {problem && (
          <div
            className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200"
            role="alert"
            data-testid="sales-upload-problem"
          >
            {problem}
          </div>
        )}
        {rowErrors.length > 0 && (
          <div className="max-h-80 overflow-auto rounded-md ring-1 ring-slate-200">
            <table className="min-w-full text-sm" data-testid="sales-upload-errors">
              <thead className="sticky top-0 bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th className="px-3 py-2">{t('sales-upload:upload.row')}</th>
                  <th className="px-3 py-2">{t('sales-upload:upload.column')}</th>
                  <th className="px-3 py-2">{t('sales-upload:upload.problem')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rowErrors.map((entry, index) => {
                  const [, row, column] = entry.field.split('.');
                  return (
                    <tr key={`${entry.field}-${index}`} data-testid="sales-upload-error-row">
                      <td className="px-3 py-2 tabular-nums">{row}</td>
                      <td className="px-3 py-2">{columnLabel(column ?? 'row')}</td>
                      <td className="px-3 py-2 text-red-700">{entry.message}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {result && <UploadResult result={result} />}
        <div className="flex justify-end gap-2">
          <Link
            to={SALES_UPLOAD_PATH}
            className="inline-flex items-center rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {t('kit:form.back')}
          </Link>
          <Button
            disabled={progress !== null || !file || !locationId}
            onClick={() => void start()}
            data-testid="sales-upload-start"
          >
            {progress !== null ? <Spinner className="h-4 w-4" /> : <Icon name="upload" />}
            {t('sales-upload:upload.submit')}
          </Button>
        </div>
      </div>
    </div>
  );
}

function UploadResult({ result }: { result: SalesUploadResult }) {
  const { t } = useTranslation();
  return (
    <div
      className="space-y-2 rounded-md bg-slate-50 p-3 text-sm ring-1 ring-slate-200"
      data-testid="sales-upload-result"
    >
      {result.duplicate_file && <p className="font-medium text-amber-800">{t('sales-upload:upload.duplicateFile')}</p>}
      {!result.duplicate_file && result.duplicate_rows > 0 && (
        <p className="text-amber-800">{t('sales-upload:upload.duplicateRows', { count: result.duplicate_rows })}</p>
      )}
      {result.uploads.length === 0 ? (
        <p>{t('sales-upload:upload.nothingNew')}</p>
      ) : (
        <>
          <p className="font-medium">{t('sales-upload:upload.made')}</p>
          <ul className="space-y-1">
            {result.uploads.map((upload) => (
              <li key={upload.id} className="flex flex-wrap items-center gap-2">
                <Link
                  className="font-mono text-blue-700 hover:underline"
                  to={`${SALES_UPLOAD_PATH}/view?id=${encodeURIComponent(upload.id)}`}
                >
                  {upload.doc_no}
                </Link>
                <span>{formatDate(upload.value_date)}</span>
                <StatusBadge status={upload.status} />
                {upload.unmatched > 0 && (
                  <span className="text-amber-800">
                    {t('sales-upload:noMatch.waiting', { count: upload.unmatched })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function Progress({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="space-y-2" data-testid="sales-upload-progress">
      <div className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner className="h-4 w-4 text-blue-700" />
        <span aria-live="polite">{label}</span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={label}
      >
        <div className="h-full rounded-full bg-blue-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The upload as a document: its header, the no-match list while it waits, its lines, what it consumed. */
function SalesUploadDocument({ id }: { id: string | undefined }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const seesCost = user?.role.can_see_cost ?? false;
  const { data: document, error, isLoading } = salesUploadsApi.useRecord(id);
  const form = useForm<Record<string, never>>({ defaultValues: {} });
  const actionsApi: DocumentActionsApi<SalesUploadView> = {
    reload: (docId) => salesUploadsApi.reload(docId),
    action: (docId, action, body, key) => salesUploadsApi.action(docId, action, body, key),
  };
  const waiting = document?.lines.filter((line) => line.status !== 'MATCHED') ?? [];

  return (
    <DocumentPage
      form={form}
      mode="view"
      machine={SALES_UPLOAD_MACHINE}
      api={actionsApi}
      title={t('routes:salesUpload')}
      listPath={SALES_UPLOAD_PATH}
      document={document}
      loading={isLoading}
      loadError={error}
      print={() =>
        document
          ? {
              title: t('routes:salesUpload'),
              docNo: document.doc_no,
              status: document.status,
              fields: [
                [t('sales-upload:fields.location'), `${document.location_id} · ${document.location_name}`],
                [t('sales-upload:fields.value_date'), formatDate(document.value_date)],
                [t('sales-upload:fields.source'), t(`sales-upload:sources.${document.source}`)],
                [t('sales-upload:fields.file'), document.file_name ?? '—'],
                [t('sales-upload:fields.total_amount'), formatMoney(document.total_amount)],
                ...(seesCost
                  ? ([[t('sales-upload:fields.issue_value'), formatMoney(document.issue_value ?? undefined)]] as [
                      string,
                      string,
                    ][])
                  : []),
              ],
              table: {
                headers: [
                  { label: t('sales-upload:lines.plu_code') },
                  { label: t('sales-upload:lines.plu_name') },
                  { label: t('sales-upload:lines.quantity'), align: 'right' },
                  { label: t('sales-upload:lines.amount'), align: 'right' },
                  { label: t('sales-upload:lines.status') },
                ],
                rows: document.lines.map((line) => [
                  line.plu_code,
                  line.plu_id ? `${line.plu_id} · ${line.plu_name ?? ''}` : '—',
                  formatQuantity(line.quantity),
                  formatMoney(line.amount),
                  t(`sales-upload:lineStatuses.${line.status}`),
                ]),
              },
            }
          : null
      }
      after={
        document && (
          <div className="space-y-4">
            {document.status === 'PENDING MATCH' && waiting.length > 0 && (
              <NoMatchList document={document} lines={waiting} />
            )}
            <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <LinesTable lines={document.lines} />
            </section>
            {document.consumption.length > 0 && (
              <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <Consumption document={document} seesCost={seesCost} />
              </section>
            )}
          </div>
        )
      }
    >
      {document && (
        <div className="space-y-6" data-testid="sales-upload-view">
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
            <Fact label={t('sales-upload:fields.location')}>{document.location_name}</Fact>
            <Fact label={t('sales-upload:fields.value_date')}>{formatDate(document.value_date)}</Fact>
            <Fact label={t('sales-upload:fields.source')}>{t(`sales-upload:sources.${document.source}`)}</Fact>
            <Fact label={t('sales-upload:fields.file')}>
              {document.file_name ? (
                <button
                  type="button"
                  className="text-left text-sky-700 underline hover:text-sky-900"
                  title={t('sales-upload:actions.download_file')}
                  onClick={() => void salesUploadsApi.downloadFile(document.id, document.file_name!)}
                  data-testid="sales-upload-file"
                >
                  {document.file_name}
                </button>
              ) : (
                '—'
              )}
            </Fact>
            <Fact label={t('sales-upload:fields.total_quantity')}>{formatQuantity(document.total_quantity)}</Fact>
            <Fact label={t('sales-upload:fields.total_amount')}>{formatMoney(document.total_amount)}</Fact>
            {seesCost && (
              <Fact label={t('sales-upload:fields.issue_value')}>
                <span data-testid="sales-upload-issue-value">{formatMoney(document.issue_value ?? undefined)}</span>
              </Fact>
            )}
            <Fact label={t('sales-upload:fields.posted_time')}>{formatDateTime(document.posted_time)}</Fact>
            {document.correction_of_id && (
              <Fact label={t('sales-upload:fields.correction_of')}>
                <Link
                  className="font-mono text-blue-700 hover:underline"
                  to={`${SALES_UPLOAD_PATH}/view?id=${encodeURIComponent(document.correction_of_id)}`}
                >
                  {document.correction_of_no}
                </Link>
              </Fact>
            )}
            {document.back_order_nos.length > 0 && (
              <Fact label={t('sales-upload:fields.back_orders')}>
                <Link className="font-mono text-blue-700 hover:underline" to="/inventory/back-order">
                  {document.back_order_nos.join(', ')}
                </Link>
              </Fact>
            )}
          </dl>
        </div>
      )}
    </DocumentPage>
  );
}

function Consumption({ document, seesCost }: { document: SalesUploadView; seesCost: boolean }) {
  const { t } = useTranslation();
  return (
    <div>
      <h2 className="mb-2 text-sm font-semibold text-slate-900">{t('sales-upload:consumption.title')}</h2>
      <div className="overflow-x-auto rounded-md ring-1 ring-slate-200">
        <table className="min-w-full text-sm" data-testid="sales-upload-consumption">
          <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-500 uppercase">
            <tr>
              <th className="px-3 py-2">{t('sales-upload:consumption.sku')}</th>
              <th className="px-3 py-2">{t('sales-upload:consumption.unit')}</th>
              <th className="px-3 py-2 text-right">{t('sales-upload:consumption.quantity')}</th>
              <th className="px-3 py-2 text-right">{t('sales-upload:consumption.issued')}</th>
              <th className="px-3 py-2 text-right">{t('sales-upload:consumption.back_ordered')}</th>
              {seesCost && <th className="px-3 py-2 text-right">{t('sales-upload:consumption.value')}</th>}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {document.consumption.map((row) => (
              <tr key={row.sku_id} data-testid="sales-upload-consumption-row">
                <td className="px-3 py-2">
                  <span className="font-mono text-xs text-slate-500">{row.sku_id}</span> {row.sku_name}
                </td>
                <td className="px-3 py-2">{row.uom_name}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatQuantity(row.quantity)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatQuantity(row.issued_quantity)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatQuantity(row.back_ordered_quantity)}</td>
                {seesCost && <td className="px-3 py-2 text-right tabular-nums">{formatMoney(row.consumed_value)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

function LinesTable({ lines }: { lines: SalesUploadLineView[] }) {
  const { t } = useTranslation();
  return (
    <section>
      <h2 className="mb-2 text-sm font-semibold text-slate-900">{t('sales-upload:lines.title')}</h2>
      <div className="max-h-[32rem] overflow-auto rounded-md ring-1 ring-slate-200">
        <table className="min-w-full text-sm" data-testid="sales-upload-lines">
          <thead className="sticky top-0 bg-slate-50 text-left text-xs font-semibold text-slate-500 uppercase">
            <tr>
              <th className="px-3 py-2">{t('sales-upload:lines.plu_code')}</th>
              <th className="px-3 py-2">{t('sales-upload:lines.plu_name')}</th>
              <th className="px-3 py-2 text-right">{t('sales-upload:lines.quantity')}</th>
              <th className="px-3 py-2 text-right">{t('sales-upload:lines.amount')}</th>
              <th className="px-3 py-2 text-right">{t('sales-upload:lines.rows')}</th>
              <th className="px-3 py-2">{t('sales-upload:lines.status')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {lines.map((line) => (
              <tr key={line.line_no} data-testid="sales-upload-line">
                <td className="px-3 py-2 font-mono text-xs">{line.plu_code}</td>
                <td className="px-3 py-2">{line.plu_id ? `${line.plu_id} · ${line.plu_name ?? ''}` : '—'}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatQuantity(line.quantity)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatMoney(line.amount)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{line.row_count}</td>
                <td className="px-3 py-2">{t(`sales-upload:lineStatuses.${line.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The no-match list: per code, a PLU to map it to (remembered), or ignore. The last one settled posts. */
function NoMatchList({ document, lines }: { document: SalesUploadView; lines: SalesUploadLineView[] }) {
  const { t } = useTranslation();
  const can = useCan();
  const editable = can('SU', 'edit');
  return (
    <section className="rounded-md bg-amber-50 p-4 ring-1 ring-amber-200" data-testid="sales-upload-no-match">
      <h2 className="text-sm font-semibold text-amber-900">
        {t('sales-upload:noMatch.title')} ·{' '}
        {t('sales-upload:noMatch.waiting', { count: lines.filter((line) => line.status === 'UNMATCHED').length })}
      </h2>
      <p className="mt-1 text-xs text-amber-900">{t('sales-upload:noMatch.help')}</p>
      <div className="mt-3 overflow-x-auto rounded-md bg-white ring-1 ring-amber-200">
        <table className="min-w-full text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-500 uppercase">
            <tr>
              <th className="px-3 py-2">{t('sales-upload:noMatch.code')}</th>
              <th className="px-3 py-2 text-right">{t('sales-upload:lines.quantity')}</th>
              <th className="px-3 py-2">{t('sales-upload:lines.reason')}</th>
              <th className="px-3 py-2">{t('sales-upload:noMatch.plu')}</th>
              <th className="px-3 py-2" />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {lines.map((line) => (
              <NoMatchRow key={line.line_no} document={document} line={line} editable={editable} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function NoMatchRow({
  document,
  line,
  editable,
}: {
  document: SalesUploadView;
  line: SalesUploadLineView;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [pluId, setPluId] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { data: plus } = salesUploadsApi.usePlus(search);
  const ignored = line.status === 'IGNORED';

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t('web:errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <tr data-testid="no-match-row" data-code={line.plu_code}>
      <td className="px-3 py-2 align-top font-mono text-xs">{line.plu_code}</td>
      <td className="px-3 py-2 text-right align-top tabular-nums">{formatQuantity(line.quantity)}</td>
      <td className="px-3 py-2 align-top">
        {ignored
          ? t('sales-upload:lineStatuses.IGNORED')
          : line.reason
            ? t(`sales-upload:reasons.${line.reason}`)
            : '—'}
      </td>
      <td className="px-3 py-2 align-top">
        {editable && !ignored && (
          <div className="flex min-w-64 flex-col gap-1">
            <input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('sales-upload:noMatch.pick')}
              aria-label={t('sales-upload:noMatch.pick')}
              className="rounded-md border-0 px-2 py-1 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-blue-600"
              data-testid="no-match-search"
            />
            <select
              value={pluId}
              onChange={(event) => setPluId(event.target.value)}
              aria-label={t('sales-upload:noMatch.plu')}
              className="rounded-md border-0 px-2 py-1 text-sm ring-1 ring-slate-300"
              data-testid="no-match-plu"
            >
              <option value="">—</option>
              {(plus ?? []).map((plu) => (
                <option key={plu.plu_id} value={plu.plu_id}>
                  {plu.plu_id} · {plu.plu_name}
                </option>
              ))}
            </select>
          </div>
        )}
        {problem && (
          <p className="mt-1 text-xs text-red-700" role="alert">
            {problem}
          </p>
        )}
      </td>
      <td className="px-3 py-2 align-top whitespace-nowrap">
        {editable && (
          <div className="flex gap-2">
            {!ignored && (
              <Button
                disabled={!pluId || busy}
                onClick={() =>
                  void run(() =>
                    salesUploadsApi.map(
                      document.id,
                      line.line_no,
                      { revision: document.revision, plu_id: pluId },
                      uuid(),
                    ),
                  )
                }
                data-testid="no-match-map"
              >
                {t('sales-upload:noMatch.map')}
              </Button>
            )}
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() =>
                void run(() =>
                  salesUploadsApi.ignore(document.id, line.line_no, !ignored, { revision: document.revision }, uuid()),
                )
              }
              data-testid={ignored ? 'no-match-unignore' : 'no-match-ignore'}
            >
              {ignored ? t('sales-upload:noMatch.unignore') : t('sales-upload:noMatch.ignore')}
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}
