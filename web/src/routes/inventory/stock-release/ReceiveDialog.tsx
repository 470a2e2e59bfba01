import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { TRANSFER_REJECT_REASONS } from '@scm/contracts';
import type { StockTransferReceiptInput, StockTransferView, TransferRejectReason } from '@scm/contracts';
import { useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Select';
import { formatQuantity } from '../../../lib/format';

type ReceiptLines = StockTransferReceiptInput['lines'];

interface Row {
  received: string;
  rejected: string;
  reason: TransferRejectReason | '';
}

const trimZeros = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);
/** Thousandths of a typed quantity (exact for the 3 decimals a quantity has), or null when it is not one. */
const milli = (value: string): number | null =>
  /^\d+(\.\d{1,3})?$/.test(value.trim()) ? Math.round(Number(value.trim()) * 1000) : null;

/**
 * `const [askReceipt, dialog] = useReceiveDialog()`: `await askReceipt(transfer)` answers the receipt of every line
 * (received, rejected and why) or null when cancelled. The dialog is the receive view: the page's own fields are
 * read-only in view mode, the dialog is not. Each line's received + rejected must make its release quantity, and
 * a rejected quantity needs its reason (SPEC.md §9), before it is sent; the server checks the same.
 */
export function useReceiveDialog(): [(transfer: StockTransferView) => Promise<ReceiptLines | null>, ReactNode] {
  const { t } = useTranslation();
  const [transfer, setTransfer] = useState<StockTransferView | null>(null);
  const [rows, setRows] = useState<Record<number, Row>>({});
  const [tried, setTried] = useState(false);
  const resolver = useRef<((answer: ReceiptLines | null) => void) | undefined>(undefined);

  const settle = useCallback((answer: ReceiptLines | null) => {
    resolver.current?.(answer);
    resolver.current = undefined;
    setTransfer(null);
  }, []);
  const ask = useCallback((next: StockTransferView) => {
    resolver.current?.(null);
    setRows(
      Object.fromEntries(
        next.lines.map((line) => [
          line.line_no,
          { received: trimZeros(line.release_quantity), rejected: '0', reason: '' as const },
        ]),
      ),
    );
    setTried(false);
    setTransfer(next);
    return new Promise<ReceiptLines | null>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const problemOf = (lineNo: number, release: string): string | null => {
    const row = rows[lineNo];
    if (!row) return null;
    const received = milli(row.received);
    const rejected = milli(row.rejected || '0');
    if (received === null || rejected === null) return t('validation:number');
    if (received + rejected !== milli(release)) return t('stock-transfer:messages.mismatch');
    if (rejected > 0 && row.reason === '') return t('stock-transfer:messages.reasonRequired');
    return null;
  };
  const set = (lineNo: number, patch: Partial<Row>) =>
    setRows((current) => ({ ...current, [lineNo]: { ...current[lineNo], ...patch } }));

  const input = (lineNo: number, field: 'received' | 'rejected', label: string) => (
    <input
      aria-label={label}
      inputMode="decimal"
      autoComplete="off"
      value={rows[lineNo]?.[field] ?? ''}
      onChange={(event) => set(lineNo, { [field]: event.target.value })}
      className="ml-auto block h-9 w-24 rounded-md border border-slate-300 px-3 text-right text-sm tabular-nums focus:ring-2 focus:ring-blue-500 focus:outline-none"
      data-testid={`sr-${field}-${lineNo}`}
    />
  );

  const dialog = transfer ? (
    <Dialog open onClose={() => settle(null)} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-3xl rounded-lg bg-white p-6 shadow-xl" data-testid="receive-dialog">
          <DialogTitle className="text-base font-semibold text-slate-900">
            {t('stock-transfer:receive.title', { no: transfer.doc_no })}
          </DialogTitle>
          <p className="mt-2 text-sm text-slate-600">
            {transfer.transfer_type === 'INTERNAL'
              ? t('stock-transfer:hints.receive')
              : t('stock-transfer:hints.receiveRelease')}
          </p>
          <div className="mt-4 max-h-[60vh] overflow-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-xs text-slate-500">
                  <th className="py-2 pr-3">{t('documents:lines.item')}</th>
                  <th className="py-2 pr-3 text-right">{t('stock-transfer:fields.release_quantity')}</th>
                  <th className="py-2 pr-3 text-right">{t('stock-transfer:fields.received_quantity')}</th>
                  <th className="py-2 pr-3 text-right">{t('stock-transfer:fields.rejected_quantity')}</th>
                  <th className="py-2 pr-3">{t('stock-transfer:fields.reject_reason')}</th>
                </tr>
              </thead>
              <tbody>
                {transfer.lines.map((line) => {
                  const problem = tried ? problemOf(line.line_no, line.release_quantity) : null;
                  const row = rows[line.line_no];
                  return (
                    <tr key={line.line_no} className="border-t border-slate-100 align-top" data-testid="receive-row">
                      <td className="py-2 pr-3">
                        <p className="pt-2">
                          {line.item_name} <span className="text-slate-400">({line.item_id})</span>
                        </p>
                        {problem && (
                          <p className="mt-1 text-xs text-red-600" role="alert" data-testid="receive-error">
                            {problem}
                          </p>
                        )}
                      </td>
                      <td className="py-2 pr-3 text-right">
                        <p className="pt-2 tabular-nums">
                          {formatQuantity(line.release_quantity)} {line.uom_name}
                        </p>
                      </td>
                      <td className="py-2 pr-3">
                        {input(line.line_no, 'received', t('stock-transfer:fields.received_quantity'))}
                      </td>
                      <td className="py-2 pr-3">
                        {input(line.line_no, 'rejected', t('stock-transfer:fields.rejected_quantity'))}
                      </td>
                      <td className="py-2 pr-3">
                        {(milli(row?.rejected || '0') ?? 0) > 0 ? (
                          <Select
                            ariaLabel={t('stock-transfer:fields.reject_reason')}
                            value={row?.reason ?? ''}
                            onChange={(reason) => set(line.line_no, { reason })}
                            options={[
                              { value: '' as const, label: t('stock-transfer:placeholders.reason') },
                              ...TRANSFER_REJECT_REASONS.map((reason) => ({
                                value: reason,
                                label: t(`stock-transfer:reasons.${reason}`),
                              })),
                            ]}
                            buttonClassName="min-w-36"
                            data-testid={`sr-reason-${line.line_no}`}
                          />
                        ) : (
                          <p className="pt-2 text-slate-400">—</p>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => settle(null)}>
              {t('kit:confirm.cancel')}
            </Button>
            <Button
              onClick={() => {
                setTried(true);
                if (transfer.lines.some((line) => problemOf(line.line_no, line.release_quantity) !== null)) return;
                settle(
                  transfer.lines.map((line) => {
                    const row = rows[line.line_no];
                    return {
                      line_no: line.line_no,
                      received_quantity: row.received.trim(),
                      rejected_quantity: row.rejected.trim() || '0',
                      reject_reason: row.reason === '' ? null : row.reason,
                    };
                  }),
                );
              }}
              data-testid="receive-confirm"
            >
              {t('documents:actions.receive')}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  ) : null;
  return [ask, dialog];
}
