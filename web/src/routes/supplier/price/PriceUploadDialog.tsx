import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { FieldError, SupplierPriceChange, SupplierPriceUploadResult } from '@scm/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, download } from '../../../api/client';
import { supplierPricesApi } from '../../../api/supplier-prices';
import { Button } from '../../../components/ui/Button';
import { EMPTY, formatUnitCost } from '../../../lib/format';
import { useIdempotencyKeys } from '../../../lib/idempotency';

/** `rows.7.current_price` → row 7, column current_price. */
function rowProblem(error: FieldError) {
  const [, row, column] = /^rows\.(\d+)\.(.+)$/.exec(error.field) ?? [];
  return { row: row ?? '', column: column ?? error.field, message: error.message };
}

const PRICE_COLUMNS = [
  'current_price',
  'future_price_1',
  'future_price_1_date',
  'future_price_2',
  'future_price_2_date',
] as const;

/**
 * Price upload (issue 5): download the template, choose a file, see every change it would make (or each row's
 * problems, or "No changes detected"), then apply all of it at once.
 */
export function PriceUploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const idempotency = useIdempotencyKeys();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<SupplierPriceUploadResult | null>(null);
  const [problems, setProblems] = useState<ReturnType<typeof rowProblem>[]>([]);
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (open) {
      setFile(null);
      setPreview(null);
      setProblems([]);
      setMessage('');
    }
  }, [open]);

  const fail = (error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    setPreview(null);
    setMessage(error.message);
    setProblems(error.fieldErrors.map(rowProblem));
  };

  const check = async (chosen: File) => {
    setFile(chosen);
    setProblems([]);
    setMessage('');
    try {
      setPreview(await supplierPricesApi.preview(chosen));
    } catch (error) {
      fail(error);
    }
  };

  const apply = async () => {
    if (!file) return;
    try {
      await supplierPricesApi.apply(
        file,
        idempotency.keyFor('apply', `${file.name}:${file.size}:${file.lastModified}`),
      );
      idempotency.done('apply');
      onClose();
    } catch (error) {
      fail(error);
    }
  };

  const template = async () => {
    const blob = await download('GET', supplierPricesApi.templatePath);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'supplier-prices-template.xlsx';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  /** A price as a unit cost with its currency; a date as it is. */
  const shown = (column: (typeof PRICE_COLUMNS)[number], value: string | null) =>
    value === null ? EMPTY : column.endsWith('_date') ? value : formatUnitCost(value);
  const priceCells = (change: SupplierPriceChange) =>
    PRICE_COLUMNS.map((column) => {
      const before = change.before?.[column] ?? null;
      const after = change.after[column];
      const changed = change.before !== null && before !== after;
      return (
        <td key={column} className="px-2 py-1 whitespace-nowrap">
          {changed && <span className="mr-1 text-slate-400 line-through">{shown(column, before)}</span>}
          <span className={changed ? 'font-medium text-blue-800' : ''}>{shown(column, after)}</span>
        </td>
      );
    });

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className="flex max-h-[90vh] w-full max-w-5xl flex-col rounded-lg bg-white p-6 shadow-xl"
          data-testid="price-upload-dialog"
        >
          <DialogTitle className="text-base font-semibold text-slate-900">
            {t('pricing:uploadDialog.title')}
          </DialogTitle>
          <p className="mt-1 text-sm text-slate-500">{t('pricing:uploadDialog.help')}</p>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={() => void template()} data-testid="price-template">
              {t('pricing:uploadDialog.template')}
            </Button>
            <label className="inline-flex cursor-pointer items-center rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
              {t('pricing:uploadDialog.choose')}
              <input
                type="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="sr-only"
                data-testid="price-file"
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  event.target.value = '';
                  if (chosen) void check(chosen);
                }}
              />
            </label>
            {file && <span className="text-sm text-slate-600">{file.name}</span>}
          </div>

          <div className="mt-4 min-h-0 flex-1 overflow-auto">
            {message && (
              <p
                className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800"
                data-testid="price-upload-message"
              >
                {message}
                {problems.length > 0 && <span className="block">{t('pricing:uploadDialog.errors')}</span>}
              </p>
            )}
            {problems.length > 0 && (
              <table className="w-full text-left text-sm" data-testid="price-upload-errors">
                <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
                  <tr>
                    <th className="px-2 py-1">{t('pricing:uploadDialog.row')}</th>
                    <th className="px-2 py-1">{t('pricing:uploadDialog.column')}</th>
                    <th className="px-2 py-1">{t('pricing:uploadDialog.problem')}</th>
                  </tr>
                </thead>
                <tbody>
                  {problems.map((problem, index) => (
                    <tr key={index} className="border-t border-slate-100">
                      <td className="px-2 py-1">{problem.row}</td>
                      <td className="px-2 py-1">{t(`pricing:fields.${problem.column}`, problem.column)}</td>
                      <td className="px-2 py-1 text-red-700">{problem.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {preview && (
              <>
                <p className="mb-2 text-sm text-slate-700" data-testid="price-upload-summary">
                  {t('pricing:uploadDialog.changes', { count: preview.changes.length, unchanged: preview.unchanged })}
                </p>
                <table className="w-full text-left text-sm" data-testid="price-upload-preview">
                  <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
                    <tr>
                      <th className="px-2 py-1">{t('pricing:uploadDialog.row')}</th>
                      <th className="px-2 py-1">{t('pricing:fields.sku_id')}</th>
                      <th className="px-2 py-1">{t('pricing:fields.supplier_id')}</th>
                      <th className="px-2 py-1">{t('pricing:fields.uom_name')}</th>
                      {PRICE_COLUMNS.map((column) => (
                        <th key={column} className="px-2 py-1">
                          {t(`pricing:fields.${column}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {preview.changes.map((change) => (
                      <tr key={change.row} className="border-t border-slate-100">
                        <td className="px-2 py-1">
                          {change.row}
                          {change.before === null && (
                            <span className="ml-1 rounded bg-green-50 px-1 text-xs text-green-700">
                              {t('pricing:uploadDialog.new')}
                            </span>
                          )}
                        </td>
                        <td className="px-2 py-1">{change.sku_id}</td>
                        <td className="px-2 py-1">{change.supplier_id}</td>
                        <td className="px-2 py-1">{change.uom_name}</td>
                        {priceCells(change)}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
          </div>

          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('pricing:uploadDialog.close')}
            </Button>
            {preview && preview.changes.length > 0 && (
              <Button onClick={() => void apply()} data-testid="price-upload-apply">
                {t('pricing:uploadDialog.apply', { count: preview.changes.length })}
              </Button>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
