import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ImportJobView } from '@scm/contracts';
import { IMPORT_MAX_BYTES } from '@scm/contracts';
import { useId, useRef, useState } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { Icon, Spinner } from '../ui/icons';
import { downloadErrorReport, downloadTemplate } from './import-api';
import type { ImportTarget } from './import-api';
import type { ImportPhase } from './use-import';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  target: ImportTarget;
  /** The entity's plural name as the page shows it ("Suppliers"), for the title and file names. */
  name: string;
  phase: ImportPhase;
  onStart: (file: File) => void;
  onReset: () => void;
}

/**
 * The Excel import dialog (issue 5): download the template, choose an .xlsx file, upload it with a progress
 * bar while the rows are checked, then either "N created, M updated" or the table of row errors ("nothing
 * was imported") with the error report to download and fix. The phase is owned by the caller (useImport),
 * so the import goes on while the dialog is closed.
 */
export function ImportDialog({ open, onClose, target, name, phase, onStart, onReset }: ImportDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const busy = phase.kind === 'uploading' || phase.kind === 'running';

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
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
    if (phase.kind === 'refused' || phase.kind === 'finished') onReset();
  };

  const again = () => {
    setFile(null);
    setProblem(null);
    onReset();
    input.current?.click();
  };

  const templateName = `${t('import:template.fileName', { name })}.xlsx`;

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/40 transition-opacity duration-150 data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          transition
          data-testid="import-dialog"
          className="flex max-h-[90vh] w-full max-w-3xl flex-col rounded-lg bg-white shadow-xl transition duration-150 data-closed:scale-95 data-closed:opacity-0"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <DialogTitle className="text-base font-semibold text-slate-900">
              {t('import:dialog.title', { name })}
            </DialogTitle>
            <button
              type="button"
              onClick={onClose}
              aria-label={t('import:dialog.close')}
              className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
            >
              <Icon name="close" />
            </button>
          </div>

          <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-6 py-4 text-sm text-slate-700">
            {/* Always there, so "Upload a corrected file" can open the file chooser from any step. */}
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={XLSX_ACCEPT}
              onChange={choose}
              className="sr-only"
              data-testid="import-file"
            />
            {(phase.kind === 'idle' || phase.kind === 'refused') && (
              <>
                <p>{t('import:dialog.intro')}</p>
                <Button
                  variant="secondary"
                  onClick={() => void downloadTemplate(target, templateName)}
                  data-testid="import-template"
                >
                  <Icon name="download" />
                  {t('import:dialog.downloadTemplate')}
                </Button>
                <div className="rounded-md border border-dashed border-slate-300 p-4">
                  <div className="flex flex-wrap items-center gap-3">
                    <label
                      htmlFor={inputId}
                      className="inline-flex cursor-pointer items-center gap-1.5 rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
                    >
                      <Icon name="upload" />
                      {file ? t('import:dialog.changeFile') : t('import:dialog.chooseFile')}
                    </label>
                    <span className="min-w-0 truncate text-slate-600" data-testid="import-file-name">
                      {file ? file.name : t('import:dialog.noFile')}
                    </span>
                  </div>
                  <p className="mt-2 text-xs text-slate-500">{t('import:dialog.fileHint')}</p>
                </div>
                {(problem ?? (phase.kind === 'refused' ? phase.message : null)) && (
                  <Alert tone="error" testId="import-refused">
                    {problem ?? (phase.kind === 'refused' ? phase.message : '')}
                  </Alert>
                )}
              </>
            )}

            {phase.kind === 'uploading' && (
              <Progress
                fraction={phase.fraction}
                label={t('import:dialog.uploading', { percent: Math.round(phase.fraction * 100) })}
              />
            )}

            {phase.kind === 'running' && <Running job={phase.job} />}

            {phase.kind === 'finished' && phase.job.status === 'succeeded' && (
              <Alert tone="success" testId="import-success">
                {t('import:dialog.succeeded', {
                  created: phase.job.created_count,
                  updated: phase.job.updated_count,
                })}
              </Alert>
            )}

            {phase.kind === 'finished' && phase.job.status === 'failed' && <Failed job={phase.job} />}
          </div>

          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-6 py-3">
            {phase.kind === 'finished' && phase.job.status === 'failed' && phase.job.error_count > 0 && (
              <Button
                variant="secondary"
                onClick={() =>
                  void downloadErrorReport(
                    target,
                    phase.job.job_id,
                    `${t('import:report.fileName', { name: phase.job.file_name.replace(/\.xlsx$/i, '') })}.xlsx`,
                  )
                }
                data-testid="import-report"
              >
                <Icon name="download" />
                {t('import:dialog.downloadReport')}
              </Button>
            )}
            {phase.kind === 'finished' && phase.job.status === 'failed' && (
              <Button variant="secondary" onClick={again} data-testid="import-retry">
                <Icon name="upload" />
                {t('import:dialog.tryAgain')}
              </Button>
            )}
            {(phase.kind === 'idle' || phase.kind === 'refused') && (
              <>
                <Button variant="secondary" onClick={onClose}>
                  {t('import:dialog.cancel')}
                </Button>
                <Button disabled={!file || busy} onClick={() => file && onStart(file)} data-testid="import-start">
                  {t('import:dialog.start')}
                </Button>
              </>
            )}
            {(busy || phase.kind === 'finished') && (
              <Button
                variant={phase.kind === 'finished' ? 'primary' : 'secondary'}
                onClick={onClose}
                data-testid="import-close"
              >
                {t('import:dialog.close')}
              </Button>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function Running({ job }: { job: ImportJobView }) {
  const { t } = useTranslation();
  const label =
    job.status === 'queued'
      ? t('import:dialog.queued')
      : job.total_rows === 0
        ? t('import:dialog.reading')
        : t('import:dialog.checking', { processed: job.processed_rows, total: job.total_rows });
  return (
    <div className="space-y-2">
      <Progress fraction={job.total_rows > 0 ? job.processed_rows / job.total_rows : null} label={label} />
      <p className="text-xs text-slate-500">{t('import:dialog.stillRunning')}</p>
    </div>
  );
}

function Failed({ job }: { job: ImportJobView }) {
  const { t } = useTranslation();
  if (job.error_count === 0) {
    return (
      <Alert tone="error" testId="import-failed">
        {t('import:dialog.jobFailed', { message: job.message ?? t('web:errors.generic') })}
      </Alert>
    );
  }
  return (
    <div className="space-y-3">
      <Alert tone="error" testId="import-failed">
        <p className="font-medium">{t('import:dialog.failed')}</p>
        <p className="mt-1">
          {job.errors.length < job.error_count
            ? t('import:dialog.failedShown', { shown: job.errors.length, count: job.error_count })
            : t('import:dialog.failedCount', { count: job.error_count })}
        </p>
      </Alert>
      <div className="max-h-80 overflow-auto rounded-md ring-1 ring-slate-200">
        <table className="min-w-full text-sm" data-testid="import-errors">
          <thead className="sticky top-0 bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 whitespace-nowrap">
                {t('import:dialog.row')}
              </th>
              <th scope="col" className="px-3 py-2 whitespace-nowrap">
                {t('import:dialog.column')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('import:dialog.problem')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {job.errors.map((error, index) => (
              <tr key={`${error.row}-${error.column ?? ''}-${index}`} data-testid="import-error-row">
                <td className="px-3 py-2 align-top whitespace-nowrap text-slate-900 tabular-nums">{error.row}</td>
                <td className="px-3 py-2 align-top whitespace-nowrap text-slate-700">
                  {error.column_label ?? t('import:dialog.wholeRow')}
                </td>
                <td className="px-3 py-2 align-top text-red-700">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Progress({ fraction, label }: { fraction: number | null; label: string }) {
  const percent = fraction === null ? null : Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="space-y-2" data-testid="import-progress">
      <div className="flex items-center gap-2 text-slate-700">
        <Spinner className="h-4 w-4 text-blue-700" />
        <span aria-live="polite">{label}</span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-label={label}
      >
        <div
          className={`h-full rounded-full bg-blue-600 transition-all ${percent === null ? 'w-1/3 animate-pulse' : ''}`}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

function Alert({ tone, testId, children }: { tone: 'error' | 'success'; testId: string; children: ReactNode }) {
  const styles = tone === 'error' ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-green-50 text-green-800 ring-green-200';
  return (
    <div
      className={`flex gap-2 rounded-md p-3 ring-1 ${styles}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <Icon name={tone === 'error' ? 'alert' : 'check'} className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
