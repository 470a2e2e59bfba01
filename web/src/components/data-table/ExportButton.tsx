import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../state/feedback';
import { Icon, Spinner } from '../ui/icons';

/**
 * "Export to Excel" with its progress: the percentage of rows fetched, then "Preparing file…"; a second
 * click cancels.
 */
export function ExportButton({
  run,
  disabled,
}: {
  run: (signal: AbortSignal, onProgress: (fraction: number) => void) => Promise<{ count: number; total: number }>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function start() {
    if (controller.current) {
      controller.current.abort();
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setProgress(0);
    try {
      const result = await run(abort.signal, (fraction) => setProgress(fraction));
      if (result.count === 0) showError(t('kit:table.exportEmpty'));
      else if (result.total > result.count)
        showSuccess(t('kit:table.exportCapped', { count: result.count, total: result.total }));
      else showSuccess(t('kit:table.exportDone', { count: result.count }));
    } catch (error) {
      // A failed page already showed the warning dialog; a cancel says nothing.
      if ((error as Error).name !== 'AbortError' && !abort.signal.aborted && (error as Error).name !== 'ApiError')
        showError(t('web:errors.generic'));
    } finally {
      controller.current = null;
      setProgress(null);
    }
  }

  const running = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <button
      type="button"
      onClick={() => void start()}
      disabled={disabled && !running}
      data-testid="export-excel"
      aria-live="polite"
      title={running ? t('kit:table.exportCancel') : undefined}
      className="relative inline-flex h-9 items-center gap-1.5 overflow-hidden rounded-md px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:cursor-not-allowed disabled:text-slate-400"
    >
      {running ? <Spinner className="h-3.5 w-3.5 text-blue-700" /> : <Icon name="download" />}
      <span className="hidden sm:inline">
        {running
          ? percent >= 100
            ? t('kit:table.exportPreparing')
            : t('kit:table.exporting', { percent })
          : t('kit:table.export')}
      </span>
      {running && (
        <span
          aria-hidden="true"
          className="absolute bottom-0 left-0 h-0.5 bg-blue-600 transition-all"
          style={{ width: `${percent}%` }}
        />
      )}
    </button>
  );
}
