import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { StockReleaseSplitInput, StockTransferView } from '@scm/contracts';
import { useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { formatQuantity } from '../../../lib/format';

type SplitParts = StockReleaseSplitInput['parts'];

/** Thousandths of a typed quantity (exact for the 3 decimals a quantity has), or null when it is not one. */
const milli = (value: string): number | null =>
  /^\d+(\.\d{1,3})?$/.test(value.trim()) ? Math.round(Number(value.trim()) * 1000) : null;
const trimZeros = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);
const MAX_PARTS = 20;

/**
 * `const [askSplit, dialog] = useSplitDialog()`: an approved release split into deliveries (SPEC.md §4 SPLIT): a
 * quantity per line and delivery, each line's deliveries adding up to its release quantity, every delivery with
 * something, an optional release date per delivery; null when cancelled. The server checks the same.
 */
export function useSplitDialog(): [(release: StockTransferView) => Promise<SplitParts | null>, ReactNode] {
  const { t } = useTranslation();
  const [release, setRelease] = useState<StockTransferView | null>(null);
  /** quantities[part][line_no] */
  const [quantities, setQuantities] = useState<Record<number, string>[]>([]);
  const [dates, setDates] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const resolver = useRef<((answer: SplitParts | null) => void) | undefined>(undefined);

  const settle = useCallback((answer: SplitParts | null) => {
    resolver.current?.(answer);
    resolver.current = undefined;
    setRelease(null);
  }, []);
  const ask = useCallback((next: StockTransferView) => {
    resolver.current?.(null);
    setQuantities([
      Object.fromEntries(next.lines.map((line) => [line.line_no, trimZeros(line.release_quantity)])),
      Object.fromEntries(next.lines.map((line) => [line.line_no, '0'])),
    ]);
    setDates(['', '']);
    setTried(false);
    setRelease(next);
    return new Promise<SplitParts | null>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const lineProblem = (lineNo: number, release: string): string | null => {
    const values = quantities.map((part) => milli(part[lineNo] || '0'));
    if (values.some((value) => value === null)) return t('validation:number');
    const sum = values.reduce<number>((a, b) => a + (b ?? 0), 0);
    return sum === milli(release) ? null : t('stock-transfer:messages.splitMismatch');
  };
  const emptyPart = quantities.findIndex((part) =>
    Object.values(part).every((value) => (milli(value || '0') ?? 0) === 0),
  );

  const dialog = release ? (
    <Dialog open onClose={() => settle(null)} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-4xl rounded-lg bg-white p-6 shadow-xl" data-testid="split-dialog">
          <DialogTitle className="text-base font-semibold text-slate-900">
            {t('stock-transfer:split.title', { no: release.doc_no })}
          </DialogTitle>
          <p className="mt-2 text-sm text-slate-600">{t('stock-transfer:hints.split')}</p>
          <div className="mt-4 max-h-[60vh] overflow-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-xs text-slate-500">
                  <th className="py-2 pr-3">{t('documents:lines.item')}</th>
                  <th className="py-2 pr-3 text-right">{t('stock-transfer:fields.release_quantity')}</th>
                  {quantities.map((_, part) => (
                    <th key={part} className="py-2 pr-3 text-right">
                      {t('stock-transfer:split.part', { n: part + 1 })}
                    </th>
                  ))}
                </tr>
                <tr className="text-xs text-slate-500">
                  <th />
                  <th className="pr-3 text-right font-normal">{t('stock-transfer:fields.release_date')}</th>
                  {dates.map((date, part) => (
                    <th key={part} className="py-1 pr-3">
                      <input
                        type="date"
                        aria-label={`${t('stock-transfer:fields.release_date')} ${part + 1}`}
                        value={date}
                        onChange={(event) =>
                          setDates((current) => current.map((value, i) => (i === part ? event.target.value : value)))
                        }
                        className="ml-auto block h-8 w-36 rounded-md border border-slate-300 px-2 text-sm"
                      />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {release.lines.map((line) => {
                  const problem = tried ? lineProblem(line.line_no, line.release_quantity) : null;
                  return (
                    <tr key={line.line_no} className="border-t border-slate-100 align-top" data-testid="split-row">
                      <td className="py-2 pr-3">
                        <p className="pt-2">
                          {line.item_name} <span className="text-slate-400">({line.item_id})</span>
                        </p>
                        {problem && (
                          <p className="mt-1 text-xs text-red-600" role="alert" data-testid="split-error">
                            {problem}
                          </p>
                        )}
                      </td>
                      <td className="py-2 pr-3 text-right">
                        <p className="pt-2 tabular-nums">
                          {formatQuantity(line.release_quantity)} {line.uom_name}
                        </p>
                      </td>
                      {quantities.map((part, index) => (
                        <td key={index} className="py-2 pr-3">
                          <input
                            aria-label={`${t('stock-transfer:split.part', { n: index + 1 })} ${line.item_id}`}
                            inputMode="decimal"
                            autoComplete="off"
                            value={part[line.line_no] ?? ''}
                            onChange={(event) =>
                              setQuantities((current) =>
                                current.map((values, i) =>
                                  i === index ? { ...values, [line.line_no]: event.target.value } : values,
                                ),
                              )
                            }
                            className="ml-auto block h-9 w-24 rounded-md border border-slate-300 px-3 text-right text-sm tabular-nums focus:ring-2 focus:ring-blue-500 focus:outline-none"
                            data-testid={`split-qty-${index}-${line.line_no}`}
                          />
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {tried && emptyPart >= 0 && (
              <p className="mt-2 text-xs text-red-600" role="alert" data-testid="split-error">
                {t('stock-transfer:messages.splitEmptyPart', { n: emptyPart + 1 })}
              </p>
            )}
          </div>
          <div className="mt-6 flex justify-between gap-2">
            <Button
              variant="secondary"
              disabled={quantities.length >= MAX_PARTS}
              onClick={() => {
                setQuantities((current) => [
                  ...current,
                  Object.fromEntries(release.lines.map((line) => [line.line_no, '0'])),
                ]);
                setDates((current) => [...current, '']);
              }}
              data-testid="split-add-part"
            >
              {t('stock-transfer:split.addPart')}
            </Button>
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => settle(null)}>
                {t('kit:confirm.cancel')}
              </Button>
              <Button
                onClick={() => {
                  setTried(true);
                  if (emptyPart >= 0) return;
                  if (release.lines.some((line) => lineProblem(line.line_no, line.release_quantity) !== null)) return;
                  settle(
                    quantities.map((part, index) => ({
                      ...(dates[index] ? { release_date: dates[index] } : {}),
                      lines: release.lines.map((line) => ({
                        line_no: line.line_no,
                        quantity: (part[line.line_no] ?? '0').trim() || '0',
                      })),
                    })),
                  );
                }}
                data-testid="split-confirm"
              >
                {t('documents:actions.split')}
              </Button>
            </div>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  ) : null;
  return [ask, dialog];
}
