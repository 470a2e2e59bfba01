import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store';
import { closeError, errorDialog, loaderVisible, toasts } from '../../state/feedback';

/** The fullscreen loader, the 2 s success messages and the one warning dialog (text only, never HTML). */
export function GlobalFeedback() {
  const { t } = useTranslation();
  const loading = useStore(loaderVisible);
  const messages = useStore(toasts);
  const error = useStore(errorDialog);
  return (
    <>
      {/* A body-level layer above the dialogs (z-50): an open modal makes the app root inert and covers it, and the
          loader and success messages of an action taken in a dialog (the error log's replay) must still show. */}
      {createPortal(
        <>
          {loading && (
            <div
              role="progressbar"
              aria-label={t('web:feedback.loading')}
              className="fixed inset-0 z-[60] flex items-center justify-center bg-white/60"
            >
              <div className="h-10 w-10 animate-spin rounded-full border-4 border-blue-700 border-t-transparent" />
            </div>
          )}
          <div className="pointer-events-none fixed top-4 left-1/2 z-[60] flex -translate-x-1/2 flex-col gap-2">
            {messages.map((toast) => (
              <div
                key={toast.id}
                role="status"
                className="rounded-md bg-green-50 px-4 py-2 text-sm text-green-800 shadow ring-1 ring-green-200"
              >
                {toast.message}
              </div>
            ))}
          </div>
        </>,
        document.body,
      )}
      <Dialog open={error !== null} onClose={closeError} className="relative z-50">
        <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl" data-testid="error-dialog">
            <DialogTitle className="text-base font-semibold text-amber-700">{t('web:feedback.warning')}</DialogTitle>
            <p className="mt-3 text-sm whitespace-pre-line text-slate-700">{error}</p>
            <div className="mt-6 flex justify-end">
              <button
                type="button"
                onClick={closeError}
                className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800"
              >
                {t('web:actions.ok')}
              </button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
