import { useTranslation } from 'react-i18next';
import { applyUpdate, waitingWorker } from '../../lib/service-worker';
import { useStore } from '../../lib/store';
import { Icon } from './icons';

/** SPEC.md §2: a new build is waiting; "Update available" with a Refresh button that activates it and reloads. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const worker = useStore(waitingWorker);
  if (!worker) return null;
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed right-4 bottom-20 z-50 flex w-[min(22rem,calc(100vw-2rem))] items-start gap-3 rounded-xl bg-slate-900 p-4 text-white shadow-2xl ring-1 ring-white/10"
    >
      <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-blue-500/20 text-blue-300">
        <Icon name="sparkle" className="h-4 w-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{t('layout:update.available')}</p>
        <p className="mt-0.5 text-xs text-slate-300">{t('layout:update.description')}</p>
      </div>
      <button
        type="button"
        onClick={applyUpdate}
        className="shrink-0 rounded-md bg-blue-500 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-300"
      >
        {t('layout:update.refresh')}
      </button>
    </div>
  );
}
