import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';

interface SignerRequest {
  title: string;
  confirmLabel: string;
  /** The name offered (the user holding the device). */
  name: string;
}

/**
 * `const [askSigner, dialog] = useSignerDialog()`: `await askSigner({...})` answers the name of the person who
 * signed on the pad (the driver or the receiver; the name offered when left blank), or null when cancelled. A dialog
 * (rendered over the page) rather than a field of the form: a viewed document's fields are read-only.
 */
export function useSignerDialog(): [(request: SignerRequest) => Promise<string | null>, ReactNode] {
  const { t } = useTranslation();
  const [request, setRequest] = useState<(SignerRequest & { open: boolean }) | null>(null);
  const [name, setName] = useState('');
  const resolver = useRef<((answer: string | null) => void) | undefined>(undefined);
  const settle = useCallback((answer: string | null) => {
    resolver.current?.(answer);
    resolver.current = undefined;
    setRequest((current) => (current ? { ...current, open: false } : current));
  }, []);
  const ask = useCallback((next: SignerRequest) => {
    resolver.current?.(null);
    setName('');
    setRequest({ ...next, open: true });
    return new Promise<string | null>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const dialog = request ? (
    <Dialog open={request.open} onClose={() => settle(null)} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl" data-testid="do-signer-dialog">
          <DialogTitle className="text-base font-semibold text-slate-900">{request.title}</DialogTitle>
          <div className="mt-4">
            <TextField
              label={t('delivery-order:fields.signer_name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={200}
              placeholder={request.name}
              hint={t('delivery-order:hints.signerName')}
              data-testid="do-signer-name"
              data-autofocus
            />
          </div>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => settle(null)}>
              {t('kit:confirm.cancel')}
            </Button>
            <Button onClick={() => settle(name.trim() || request.name)} data-testid="do-signer-confirm">
              {request.confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  ) : null;
  return [ask, dialog];
}
