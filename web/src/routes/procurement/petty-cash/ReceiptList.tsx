import { PETTY_CASH_CATEGORIES, PETTY_CASH_GST_TYPES, pettyCashLineAmounts } from '@scm/contracts';
import type { PettyCashGstType, PettyCashLineView } from '@scm/contracts';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { DateInput } from '../../../components/ui/DateField';
import { Icon } from '../../../components/ui/icons';
import { formatDate, formatMoney, isoDate, toNumber } from '../../../lib/format';
import type { PettyCashFormOutput, PettyCashFormValues } from './petty-cash-form';

type ListName = 'business_list' | 'non_business_list';

const cellInput =
  'block h-9 w-full min-w-0 rounded-md border border-slate-300 px-2 text-sm focus:ring-2 focus:ring-blue-500 focus:outline-none aria-invalid:border-red-500';

/** A receipt's GST and total as typed (the contract's rule, so the page and the server agree to the cent). */
function amountsOf(amount: string, gstType: string, gstRate: string) {
  if (toNumber(amount) === undefined || !(PETTY_CASH_GST_TYPES as readonly string[]).includes(gstType)) return null;
  try {
    return pettyCashLineAmounts(amount.trim(), gstType as PettyCashGstType, gstRate);
  } catch {
    return null;
  }
}

/** A cell's message under its input (the row has no room for a label of its own). */
function CellError({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="mt-0.5 text-xs text-red-600">
      {message}
    </p>
  ) : null;
}

export interface ReceiptListProps {
  form: UseFormReturn<PettyCashFormValues, unknown, PettyCashFormOutput>;
  name: ListName;
  title: string;
  hint: string;
  editing: boolean;
  /** The saved lines (view mode). */
  saved: readonly PettyCashLineView[];
  currency: string;
  gstRate: string;
  seesCost: boolean;
  claimDate: string;
}

/**
 * One list of a claim's receipts (business or non-business): while editing, a row of inputs per receipt with its GST
 * and total worked out as typed; otherwise the saved receipts (amounts only for roles with can_see_cost).
 */
export function ReceiptList({
  form,
  name,
  title,
  hint,
  editing,
  saved,
  currency,
  gstRate,
  seesCost,
  claimDate,
}: ReceiptListProps) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const rows = useWatch({ control: form.control, name }) ?? [];
  const errors = form.formState.errors[name];
  const errorOf = (index: number, field: string): string | undefined => {
    const row = Array.isArray(errors) ? (errors[index] as Record<string, { message?: string }> | undefined) : undefined;
    const message = row?.[field]?.message;
    return message ? t(message, { defaultValue: message }) : undefined;
  };
  const testId = name === 'business_list' ? 'pc-business' : 'pc-non-business';
  const money = (value: string | undefined) => (seesCost && value !== undefined ? formatMoney(value, currency) : '—');

  return (
    <section className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" data-testid={testId}>
      <h2 className="text-sm font-semibold text-slate-800">{title}</h2>
      <p className="mb-3 text-xs text-slate-500">{hint}</p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[860px] text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th className="w-8 py-1">#</th>
              <th className="w-36">{t('petty-cash:fields.receipt_date')}</th>
              <th className="w-28">{t('petty-cash:fields.receipt_no')}</th>
              <th>{t('petty-cash:fields.description')}</th>
              <th className="w-40">{t('petty-cash:fields.category')}</th>
              <th className="w-28 pr-3 text-right">{t('petty-cash:fields.claim_amount')}</th>
              <th className="w-32 pl-3">{t('petty-cash:fields.gst_type')}</th>
              <th className="w-24 text-right">{t('petty-cash:fields.gst_amount')}</th>
              <th className="w-28 text-right">{t('petty-cash:fields.line_total')}</th>
              {editing && <th className="w-10" />}
            </tr>
          </thead>
          <tbody>
            {editing
              ? fields.map((field, index) => {
                  const row = rows[index];
                  const amounts = row ? amountsOf(row.claim_amount, row.gst_type, gstRate) : null;
                  const invalid = (key: string) => (errorOf(index, key) ? true : undefined);
                  return (
                    <tr
                      key={field.id}
                      className="border-t border-slate-100 align-top"
                      data-testid={`${testId}-row-${index}`}
                    >
                      <td className="py-2">{index + 1}</td>
                      <td className="py-1 pr-2">
                        <DateInput
                          {...form.register(`${name}.${index}.receipt_date`)}
                          aria-label={t('petty-cash:fields.receipt_date')}
                          invalid={invalid('receipt_date')}
                          max={claimDate || undefined}
                        />
                        <CellError message={errorOf(index, 'receipt_date')} />
                      </td>
                      <td className="py-1 pr-2">
                        <input
                          {...form.register(`${name}.${index}.receipt_no`)}
                          aria-label={t('petty-cash:fields.receipt_no')}
                          aria-invalid={invalid('receipt_no')}
                          autoComplete="off"
                          className={cellInput}
                          data-testid={`${testId}-receipt-no-${index}`}
                        />
                        <CellError message={errorOf(index, 'receipt_no')} />
                      </td>
                      <td className="py-1 pr-2">
                        <input
                          {...form.register(`${name}.${index}.description`)}
                          aria-label={t('petty-cash:fields.description')}
                          aria-invalid={invalid('description')}
                          autoComplete="off"
                          className={cellInput}
                          data-testid={`${testId}-description-${index}`}
                        />
                        <CellError message={errorOf(index, 'description')} />
                      </td>
                      <td className="py-1 pr-2">
                        <select
                          {...form.register(`${name}.${index}.category`)}
                          aria-label={t('petty-cash:fields.category')}
                          className={cellInput}
                        >
                          {PETTY_CASH_CATEGORIES.map((category) => (
                            <option key={category} value={category}>
                              {t(`petty-cash:categories.${category}`)}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td className="py-1 pr-2">
                        <input
                          {...form.register(`${name}.${index}.claim_amount`)}
                          aria-label={t('petty-cash:fields.claim_amount')}
                          aria-invalid={invalid('claim_amount')}
                          inputMode="decimal"
                          autoComplete="off"
                          className={`${cellInput} text-right tabular-nums`}
                          data-testid={`${testId}-amount-${index}`}
                        />
                        <CellError message={errorOf(index, 'claim_amount')} />
                      </td>
                      <td className="py-1 pr-2">
                        <select
                          {...form.register(`${name}.${index}.gst_type`)}
                          aria-label={t('petty-cash:fields.gst_type')}
                          className={cellInput}
                          data-testid={`${testId}-gst-type-${index}`}
                        >
                          {PETTY_CASH_GST_TYPES.map((type) => (
                            <option key={type} value={type}>
                              {t(`petty-cash:gstTypes.${type}`)}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td className="py-2 text-right tabular-nums" data-testid={`${testId}-gst-${index}`}>
                        {amounts ? formatMoney(amounts.gst_amount, currency) : '—'}
                      </td>
                      <td className="py-2 text-right tabular-nums" data-testid={`${testId}-total-${index}`}>
                        {amounts ? formatMoney(amounts.line_total, currency) : '—'}
                      </td>
                      <td className="py-1 text-right">
                        <button
                          type="button"
                          className="rounded p-2 text-slate-500 hover:bg-slate-100 hover:text-red-600 focus-visible:ring-2 focus-visible:ring-blue-500 focus:outline-none"
                          aria-label={t('petty-cash:removeReceipt', { index: index + 1 })}
                          onClick={() => remove(index)}
                        >
                          <Icon name="trash" />
                        </button>
                      </td>
                    </tr>
                  );
                })
              : saved.map((line, index) => (
                  <tr key={line.line_no} className="border-t border-slate-100">
                    <td className="py-1">{index + 1}</td>
                    <td>{formatDate(line.receipt_date)}</td>
                    <td>{line.receipt_no}</td>
                    <td>{line.description}</td>
                    <td>{t(`petty-cash:categories.${line.category}`)}</td>
                    <td className="text-right tabular-nums">{money(line.claim_amount)}</td>
                    <td>{t(`petty-cash:gstTypes.${line.gst_type}`)}</td>
                    <td className="text-right tabular-nums">{money(line.gst_amount)}</td>
                    <td className="text-right tabular-nums">{money(line.line_total)}</td>
                  </tr>
                ))}
            {(editing ? fields.length : saved.length) === 0 && (
              <tr>
                <td colSpan={editing ? 10 : 9} className="py-3 text-center text-slate-500">
                  {t('petty-cash:noReceipts')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {editing && (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() =>
            append({
              receipt_date: claimDate || isoDate(new Date()),
              receipt_no: '',
              description: '',
              category: name === 'business_list' ? 'OTHERS' : 'STAFF_WELFARE',
              claim_amount: '',
              gst_type: 'inclusive',
            })
          }
          data-testid={`${testId}-add`}
        >
          <Icon name="plus" />
          {t('petty-cash:addReceipt')}
        </Button>
      )}
    </section>
  );
}
