import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useCallback, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';

interface RemarkRequest {
  title: string;
  message?: string;
  confirmLabel: string;
  required: boolean;
  tone: 'primary' | 'danger';
}

/**
 * `const [askRemark, dialog] = useRemarkDialog()`: `await askRemark({...})` answers the remark typed (possibly empty
 * when not required), or null when the user cancelled. A required remark cannot be confirmed empty.
 */
export function useRemarkDialog(): [(request: RemarkRequest) => Promise<string | null>, ReactNode] {
  const { t } = useTranslation();
  const id = useId();
  const [request, setRequest] = useState<(RemarkRequest & { open: boolean }) | null>(null);
  const [remark, setRemark] = useState('');
  const [tried, setTried] = useState(false);
  const resolver = useRef<((answer: string | null) => void) | undefined>(undefined);
  const settle = useCallback((answer: string | null) => {
    resolver.current?.(answer);
    resolver.current = undefined;
    setRequest((current) => (current ? { ...current, open: false } : current));
  }, []);
  const ask = useCallback((next: RemarkRequest) => {
    resolver.current?.(null);
    setRemark('');
    setTried(false);
    setRequest({ ...next, open: true });
    return new Promise<string | null>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const missing = Boolean(request?.required) && remark.trim() === '';
  const dialog = request ? (
    <Dialog open={request.open} onClose={() => settle(null)} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl" data-testid="remark-dialog">
          <DialogTitle className="text-base font-semibold text-slate-900">{request.title}</DialogTitle>
          {request.message && <p className="mt-2 text-sm text-slate-600">{request.message}</p>}
          <label htmlFor={id} className="mt-4 mb-1 block text-sm font-medium text-slate-700">
            {request.required && <span className="mr-0.5 text-red-600">*</span>}
            {t('documents:remark.label')}
          </label>
          <textarea
            id={id}
            rows={3}
            maxLength={500}
            value={remark}
            onChange={(event) => setRemark(event.target.value)}
            aria-invalid={tried && missing ? true : undefined}
            className={`block w-full rounded-md border px-3 py-2 text-sm text-slate-800 focus:ring-2 focus:ring-blue-500 focus:outline-none ${tried && missing ? 'border-red-500' : 'border-slate-300'}`}
            data-autofocus
          />
          {tried && missing && (
            <p className="mt-1 text-xs text-red-600" data-testid="field-error">
              {t('documents:remark.required')}
            </p>
          )}
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => settle(null)}>
              {t('kit:confirm.cancel')}
            </Button>
            <Button
              variant={request.tone === 'danger' ? 'danger' : 'primary'}
              onClick={() => {
                setTried(true);
                if (!missing) settle(remark.trim());
              }}
              data-testid="remark-confirm"
            >
              {request.confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  ) : null;
  return [ask, dialog];
}
