import { Button, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useStore } from '../../lib/store';
import { errorLog } from '../../state/error-log';
import { BADGE, HEADER_BUTTON } from './header-styles';
import { Icon } from './icons';

/** SPEC.md §2, §6: the director's error-log button; it lists the client errors captured in this session. */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const entries = useStore(errorLog);
  return (
    <>
      <Button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('layout:errorLog.label', { count: entries.length })}
        title={t('layout:errorLog.title')}
        aria-haspopup="dialog"
        data-testid="error-log-button"
        className={HEADER_BUTTON}
      >
        <Icon name="bug" className={`h-[1.15rem] w-[1.15rem] ${entries.length > 0 ? 'text-red-500' : ''}`} />
        {entries.length > 0 && <span className={`${BADGE} bg-red-500`}>{Math.min(entries.length, 99)}</span>}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-slate-900/40 transition-opacity duration-150 data-closed:opacity-0"
        />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel
            transition
            className="flex max-h-[80vh] w-full max-w-3xl flex-col overflow-hidden rounded-xl bg-white shadow-2xl transition duration-150 data-closed:scale-95 data-closed:opacity-0"
          >
            <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
              <DialogTitle className="flex items-center gap-2 text-base font-semibold text-slate-900">
                <Icon name="bug" className="h-5 w-5 text-red-500" />
                {t('layout:errorLog.title')}
              </DialogTitle>
              <button
                type="button"
                onClick={() => setOpen(false)}
                aria-label={t('layout:errorLog.close')}
                className="rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
              >
                <Icon name="close" className="h-5 w-5" />
              </button>
            </div>
            <div className="flex-1 overflow-y-auto">
              {entries.length === 0 ? (
                <p className="px-5 py-12 text-center text-sm text-slate-500">{t('layout:errorLog.empty')}</p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {entries.map((entry, index) => (
                    <li key={`${entry.at}-${index}`} className="px-5 py-3 text-sm">
                      <p className="font-medium break-words text-red-700">{entry.message}</p>
                      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-500">
                        <dt>{t('layout:errorLog.time')}</dt>
                        <dd className="tabular-nums">{formatDateTime(entry.at)}</dd>
                        <dt>{t('layout:errorLog.page')}</dt>
                        <dd className="font-mono break-all">{entry.url}</dd>
                        <dt>{t('layout:errorLog.source')}</dt>
                        <dd className="font-mono break-all">{entry.source}</dd>
                      </dl>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="flex justify-end gap-2 border-t border-slate-200 bg-slate-50 px-5 py-3">
              <button
                type="button"
                onClick={() => errorLog.set([])}
                disabled={entries.length === 0}
                className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 ring-1 ring-slate-300 hover:bg-white disabled:cursor-not-allowed disabled:text-slate-300 disabled:ring-slate-200"
              >
                {t('layout:errorLog.clear')}
              </button>
              <button
                type="button"
                onClick={() => setOpen(false)}
                className="rounded-md bg-blue-700 px-4 py-1.5 text-sm font-medium text-white hover:bg-blue-800"
              >
                {t('layout:errorLog.close')}
              </button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
