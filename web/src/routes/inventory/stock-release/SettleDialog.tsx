import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { StockConsignmentSettlementInput, StockTransferView } from '@scm/contracts';
import { useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { formatQuantity } from '../../../lib/format';

type SettlementLines = StockConsignmentSettlementInput['lines'];

interface Row {
  sold: string;
  returned: string;
}

/** Thousandths of a typed quantity (exact for the 3 decimals a quantity has), or null when it is not one. */
const milli = (value: string): number | null =>
  /^\d+(\.\d{1,3})?$/.test(value.trim()) ? Math.round(Number(value.trim()) * 1000) : null;

/**
 * `const [askSettlement, dialog] = useSettleDialog()`: a consignment's settlement — per line still consigned out,
 * what the customer kept (sold: ITEM SOLD) and what came back by a return (RETURNED), at most what is out; null
 * when cancelled. Lines left at 0 stay consigned out. The server checks the same.
 */
export function useSettleDialog(): [(release: StockTransferView) => Promise<SettlementLines | null>, ReactNode] {
  const { t } = useTranslation();
  const [release, setRelease] = useState<StockTransferView | null>(null);
  const [rows, setRows] = useState<Record<number, Row>>({});
  const [tried, setTried] = useState(false);
  const resolver = useRef<((answer: SettlementLines | null) => void) | undefined>(undefined);

  const settle = useCallback((answer: SettlementLines | null) => {
    resolver.current?.(answer);
    resolver.current = undefined;
    setRelease(null);
  }, []);
  const ask = useCallback((next: StockTransferView) => {
    resolver.current?.(null);
    setRows(Object.fromEntries(next.lines.map((line) => [line.line_no, { sold: '0', returned: '0' }])));
    setTried(false);
    setRelease(next);
    return new Promise<SettlementLines | null>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const open = release?.lines.filter((line) => (milli(line.outstanding_quantity ?? '0') ?? 0) > 0) ?? [];
  const problemOf = (lineNo: number, outstanding: string): string | null => {
    const row = rows[lineNo];
    if (!row) return null;
    const sold = milli(row.sold || '0');
    const returned = milli(row.returned || '0');
    if (sold === null || returned === null) return t('validation:number');
    if (sold + returned > (milli(outstanding) ?? 0)) return t('stock-transfer:messages.settleTooMuch');
    return null;
  };
  const total = open.reduce(
    (sum, line) =>
      sum + (milli(rows[line.line_no]?.sold || '0') ?? 0) + (milli(rows[line.line_no]?.returned || '0') ?? 0),
    0,
  );
  const set = (lineNo: number, patch: Partial<Row>) =>
    setRows((current) => ({ ...current, [lineNo]: { ...current[lineNo], ...patch } }));

  const input = (lineNo: number, field: 'sold' | 'returned', label: string) => (
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

  const dialog = release ? (
    <Dialog open onClose={() => settle(null)} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-3xl rounded-lg bg-white p-6 shadow-xl" data-testid="settle-dialog">
          <DialogTitle className="text-base font-semibold text-slate-900">
            {t('stock-transfer:settle.title', { no: release.doc_no })}
          </DialogTitle>
          <p className="mt-2 text-sm text-slate-600">{t('stock-transfer:hints.settle')}</p>
          <div className="mt-4 max-h-[60vh] overflow-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-xs text-slate-500">
                  <th className="py-2 pr-3">{t('documents:lines.item')}</th>
                  <th className="py-2 pr-3 text-right">{t('stock-transfer:fields.outstanding_quantity')}</th>
                  <th className="py-2 pr-3 text-right">{t('stock-transfer:fields.sold_quantity')}</th>
                  <th className="py-2 pr-3 text-right">{t('stock-transfer:fields.returned_quantity')}</th>
                </tr>
              </thead>
              <tbody>
                {open.map((line) => {
                  const problem = tried ? problemOf(line.line_no, line.outstanding_quantity ?? '0') : null;
                  return (
                    <tr key={line.line_no} className="border-t border-slate-100 align-top" data-testid="settle-row">
                      <td className="py-2 pr-3">
                        <p className="pt-2">
                          {line.item_name} <span className="text-slate-400">({line.item_id})</span>
                        </p>
                        {problem && (
                          <p className="mt-1 text-xs text-red-600" role="alert" data-testid="settle-error">
                            {problem}
                          </p>
                        )}
                      </td>
                      <td className="py-2 pr-3 text-right">
                        <p className="pt-2 tabular-nums">
                          {formatQuantity(line.outstanding_quantity ?? undefined)} {line.uom_name}
                        </p>
                      </td>
                      <td className="py-2 pr-3">
                        {input(line.line_no, 'sold', t('stock-transfer:fields.sold_quantity'))}
                      </td>
                      <td className="py-2 pr-3">
                        {input(line.line_no, 'returned', t('stock-transfer:fields.returned_quantity'))}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {tried && total === 0 && (
              <p className="mt-2 text-xs text-red-600" role="alert" data-testid="settle-error">
                {t('stock-transfer:messages.settleNothing')}
              </p>
            )}
          </div>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => settle(null)}>
              {t('kit:confirm.cancel')}
            </Button>
            <Button
              onClick={() => {
                setTried(true);
                if (total === 0 || open.some((line) => problemOf(line.line_no, line.outstanding_quantity ?? '0'))) {
                  return;
                }
                settle(
                  open
                    .filter(
                      (line) =>
                        (milli(rows[line.line_no].sold || '0') ?? 0) +
                          (milli(rows[line.line_no].returned || '0') ?? 0) >
                        0,
                    )
                    .map((line) => ({
                      line_no: line.line_no,
                      sold_quantity: rows[line.line_no].sold.trim() || '0',
                      returned_quantity: rows[line.line_no].returned.trim() || '0',
                    })),
                );
              }}
              data-testid="settle-confirm"
            >
              {t('documents:actions.settle')}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  ) : null;
  return [ask, dialog];
}
