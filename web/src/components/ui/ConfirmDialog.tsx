import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Icon } from './icons';

export interface ConfirmOptions {
  title: string;
  message?: ReactNode;
  /** Defaults to "Confirm". */
  confirmLabel?: string;
  /** Defaults to "Cancel". */
  cancelLabel?: string;
  /** `danger` for destructive actions (red button and icon). */
  tone?: 'primary' | 'danger';
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question with Cancel and a confirm button; Escape and the backdrop cancel. */
export function ConfirmDialog({
  open,
  onConfirm,
  onCancel,
  title,
  message,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onCancel} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/40 transition-opacity duration-150 data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          transition
          data-testid="confirm-dialog"
          className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl transition duration-150 data-closed:scale-95 data-closed:opacity-0"
        >
          <div className="flex gap-4">
            <div
              className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${tone === 'danger' ? 'bg-red-50 text-red-600' : 'bg-blue-50 text-blue-700'}`}
            >
              <Icon name={tone === 'danger' ? 'alert' : 'check'} className="h-5 w-5" />
            </div>
            <div className="min-w-0 flex-1">
              <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
              {message && <div className="mt-2 text-sm text-slate-600">{message}</div>}
            </div>
          </div>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={onCancel}>
              {cancelLabel ?? t('kit:confirm.cancel')}
            </Button>
            <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} data-autofocus>
              {confirmLabel ?? t('kit:confirm.ok')}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/**
 * `const [confirm, dialog] = useConfirm()`: render `dialog` once, then `if (await confirm({...})) ...`.
 * No provider to wire: each page owns its dialog.
 */
export function useConfirm(): [(options: ConfirmOptions) => Promise<boolean>, ReactNode] {
  const [state, setState] = useState<(ConfirmOptions & { open: boolean }) | null>(null);
  const resolver = useRef<((answer: boolean) => void) | undefined>(undefined);
  const settle = useCallback((answer: boolean) => {
    resolver.current?.(answer);
    resolver.current = undefined;
    setState((current) => (current ? { ...current, open: false } : current));
  }, []);
  const confirm = useCallback((options: ConfirmOptions) => {
    resolver.current?.(false);
    setState({ ...options, open: true });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const dialog = state ? (
    <ConfirmDialog {...state} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
  ) : null;
  return [confirm, dialog];
}
