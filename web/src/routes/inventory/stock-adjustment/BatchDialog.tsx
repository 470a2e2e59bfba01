import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { StockBatchView } from '@scm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { formatDate, formatQuantity, formatUnitCost, toNumber } from '../../../lib/format';
import { fromMilli, inUnit, toMilli } from './batch-math';

export interface ChosenBatch {
  batch_id: string;
  quantity: string;
}

/**
 * The batch choice of a negative adjustment line (SPEC.md §5): the open batches of the item at the location, oldest
 * first (received, remaining and unit cost, in the line's unit), the quantity to take from each; they must sum to the
 * target ("The sum of batch quantities must equal the target quantity"). "Oldest first" fills them FIFO.
 */
export function BatchDialog({
  open,
  itemName,
  unit,
  factor,
  target,
  batches,
  value,
  seesCost,
  onApply,
  onClose,
}: {
  open: boolean;
  itemName: string;
  unit: string;
  /** Primary units in one line unit. */
  factor: string | undefined;
  /** What the line removes, positive, in the line's unit. */
  target: string;
  batches: StockBatchView[];
  value: ChosenBatch[];
  seesCost: boolean;
  onApply: (batches: ChosenBatch[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(value.map((batch) => [batch.batch_id, batch.quantity])),
  );
  const [tried, setTried] = useState(false);
  const open_ = batches.filter((batch) => toNumber(batch.remaining_quantity)! > 0);
  const remainingOf = (batch: StockBatchView) => inUnit(batch.remaining_quantity, factor);
  const targetMilli = toMilli(target) ?? 0;
  const entries = Object.entries(typed).filter(([, quantity]) => quantity.trim() !== '');
  const invalid = entries.filter(([id, quantity]) => {
    const milli = toMilli(quantity);
    const batch = open_.find((candidate) => candidate.batch_id === id);
    return milli === null || milli <= 0 || !batch || milli > Math.round(remainingOf(batch) * 1000);
  });
  const sum = entries.reduce((total, [, quantity]) => total + Math.max(0, toMilli(quantity) ?? 0), 0);
  const matches = invalid.length === 0 && sum === targetMilli;

  const fillOldest = () => {
    let left = targetMilli;
    const next: Record<string, string> = {};
    for (const batch of open_) {
      if (left <= 0) break;
      const take = Math.min(left, Math.round(remainingOf(batch) * 1000));
      if (take > 0) next[batch.batch_id] = fromMilli(take);
      left -= take;
    }
    setTyped(next);
  };

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-3xl rounded-lg bg-white p-6 shadow-xl" data-testid="batch-dialog">
          <DialogTitle className="text-base font-semibold text-slate-900">
            {t('stock-adjustment:batches.title', { item: itemName })}
          </DialogTitle>
          <p className="mt-1 text-sm text-slate-600">
            {t('stock-adjustment:batches.help', { target: formatQuantity(target), unit })}
          </p>
          {open_.length === 0 ? (
            <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="batch-none">
              {t('stock-adjustment:batches.none')}
            </p>
          ) : (
            <div className="mt-4 max-h-96 overflow-auto">
              <table className="min-w-full text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-left text-xs font-medium text-slate-500">
                    <th className="py-2 pr-3">{t('stock-adjustment:batches.received')}</th>
                    <th className="py-2 pr-3">{t('stock-adjustment:batches.document')}</th>
                    <th className="py-2 pr-3 text-right">{t('stock-adjustment:batches.remaining', { unit })}</th>
                    {seesCost && (
                      <th className="py-2 pr-3 text-right">{t('stock-adjustment:batches.unitCost', { unit })}</th>
                    )}
                    <th className="py-2 text-right">{t('stock-adjustment:batches.quantity', { unit })}</th>
                  </tr>
                </thead>
                <tbody>
                  {open_.map((batch, index) => {
                    const bad = invalid.some(([id]) => id === batch.batch_id);
                    return (
                      <tr key={batch.batch_id} className="border-b border-slate-100" data-testid="batch-row">
                        <td className="py-2 pr-3 whitespace-nowrap">{formatDate(batch.received_at)}</td>
                        <td className="py-2 pr-3 whitespace-nowrap text-slate-600">{batch.document_no}</td>
                        <td className="py-2 pr-3 text-right tabular-nums">{formatQuantity(remainingOf(batch))}</td>
                        {seesCost && (
                          <td className="py-2 pr-3 text-right tabular-nums">
                            {formatUnitCost(Number(batch.unit_cost) * (Number(factor ?? 1) || 1))}
                          </td>
                        )}
                        <td className="py-2 text-right">
                          <input
                            aria-label={t('stock-adjustment:batches.quantityOf', { index: index + 1 })}
                            inputMode="decimal"
                            autoComplete="off"
                            value={typed[batch.batch_id] ?? ''}
                            onChange={(event) => setTyped((all) => ({ ...all, [batch.batch_id]: event.target.value }))}
                            aria-invalid={bad ? true : undefined}
                            className={`ml-auto block h-8 w-28 rounded-md border px-2 text-right text-sm tabular-nums focus:ring-2 focus:ring-blue-500 focus:outline-none ${bad ? 'border-red-500' : 'border-slate-300'}`}
                            data-testid={`batch-quantity-${index}`}
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className={matches ? 'text-emerald-700' : 'text-slate-700'} data-testid="batch-sum">
              {t('stock-adjustment:batches.sum', {
                sum: formatQuantity(sum / 1000),
                target: formatQuantity(target),
                unit,
              })}
            </span>
            {open_.length > 0 && (
              <Button variant="secondary" onClick={fillOldest} data-testid="batch-fill">
                {t('stock-adjustment:batches.fillOldest')}
              </Button>
            )}
          </div>
          {tried && !matches && (
            <p className="mt-2 text-sm text-red-600" role="alert" data-testid="batch-error">
              {invalid.length > 0 ? t('stock-adjustment:batches.invalid') : t('stock-adjustment:messages.batchSum')}
            </p>
          )}
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('kit:confirm.cancel')}
            </Button>
            <Button
              onClick={() => {
                setTried(true);
                if (matches) onApply(entries.map(([batch_id, quantity]) => ({ batch_id, quantity: quantity.trim() })));
              }}
              data-testid="batch-apply"
            >
              {t('stock-adjustment:batches.apply')}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
