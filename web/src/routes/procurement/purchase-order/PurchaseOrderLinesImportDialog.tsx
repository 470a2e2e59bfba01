import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { IMPORT_MAX_BYTES } from '@scm/contracts';
import type { FieldError, PurchaseOrderCheckedLine } from '@scm/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, download } from '../../../api/client';
import { checkPurchaseOrderLines, purchaseOrderLinesTemplatePath } from '../../../api/purchase-orders';
import { saveBlob } from '../../../components/import';
import { Button } from '../../../components/ui/Button';
import { Icon, Spinner } from '../../../components/ui/icons';
import { currentLanguage } from '../../../i18n';
import { formatQuantity } from '../../../lib/format';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The header of each column the server names in `rows.<row>.<column>` (the template's own labels). */
const COLUMN_LABELS: Record<string, string> = {
  sku_id: 'purchase-order:import.columns.sku_id',
  uom_name: 'purchase-order:import.columns.uom_name',
  quantity: 'purchase-order:fields.quantity',
  unit_price: 'purchase-order:fields.unit_price',
  remark: 'purchase-order:fields.remark',
};

interface RowProblem {
  row: string;
  column: string | null;
  message: string;
}

/** `rows.4.quantity` → row 4, column quantity; `rows.1.row` is the row (or the file) as a whole. */
function rowProblem(error: FieldError): RowProblem {
  const [, row, column] = /^rows\.(\d+)\.(.+)$/.exec(error.field) ?? [];
  return { row: row ?? '', column: column && column !== 'row' ? column : null, message: error.message };
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'checked'; lines: PurchaseOrderCheckedLine[] }
  | { kind: 'refused'; message: string; problems: RowProblem[] };

export interface PurchaseOrderLinesImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The PO's location: the check refuses a location the user may not order for. */
  locationId: string;
  /** Adds the checked lines to the form (merged by SKU and unit, as the dialog says). */
  onAdd: (lines: PurchaseOrderCheckedLine[]) => void;
}

/**
 * "Import lines" of the PO form: the template in the user's language, then a filled file checked by the server
 * row by row. Every problem is shown by row and column before the form changes; a clean file's lines are shown
 * and added only on "Add N lines".
 */
export function PurchaseOrderLinesImportDialog({
  open,
  onClose,
  locationId,
  onAdd,
}: PurchaseOrderLinesImportDialogProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  useEffect(() => {
    if (open) {
      setPhase({ kind: 'idle' });
      setFile(null);
    }
  }, [open]);

  const check = async (chosen: File) => {
    setPhase({ kind: 'checking' });
    try {
      const result = await checkPurchaseOrderLines(chosen, locationId);
      setPhase({ kind: 'checked', lines: result.lines });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setPhase({ kind: 'refused', message: error.message, problems: error.fieldErrors.map(rowProblem) });
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    if (!chosen.name.toLowerCase().endsWith('.xlsx')) {
      setPhase({ kind: 'refused', message: t('import:dialog.wrongType'), problems: [] });
    } else if (chosen.size > IMPORT_MAX_BYTES) {
      setPhase({ kind: 'refused', message: t('import:dialog.tooLarge'), problems: [] });
    } else {
      void check(chosen);
    }
  };

  const template = async () => {
    const blob = await download('GET', purchaseOrderLinesTemplatePath(currentLanguage()), { loading: true });
    saveBlob(blob, `${t('purchase-order:import.fileName')}.xlsx`);
  };

  const add = () => {
    if (phase.kind !== 'checked') return;
    onAdd(phase.lines);
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          data-testid="po-lines-import-dialog"
          className="flex max-h-[90vh] w-full max-w-3xl flex-col rounded-lg bg-white shadow-xl"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <DialogTitle className="text-base font-semibold text-slate-900">
              {t('purchase-order:import.title')}
            </DialogTitle>
            <button
              type="button"
              onClick={onClose}
              aria-label={t('import:dialog.close')}
              className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
            >
              <Icon name="close" />
            </button>
          </div>
          <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-6 py-4 text-sm text-slate-700">
            <p>{t('purchase-order:import.intro')}</p>
            <p
              className="rounded-md bg-blue-50 px-3 py-2 text-blue-900 ring-1 ring-blue-200"
              data-testid="po-lines-import-merge"
            >
              {t('purchase-order:import.merge')}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="secondary" onClick={() => void template()} data-testid="po-lines-import-template">
                <Icon name="download" />
                {t('purchase-order:import.downloadTemplate')}
              </Button>
              <input
                ref={input}
                id={inputId}
                type="file"
                accept={XLSX_ACCEPT}
                onChange={choose}
                className="sr-only"
                data-testid="po-lines-import-file"
              />
              <label
                htmlFor={inputId}
                className="inline-flex cursor-pointer items-center gap-1.5 rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
              >
                <Icon name="upload" />
                {file ? t('import:dialog.changeFile') : t('purchase-order:import.chooseFile')}
              </label>
              {file && <span className="min-w-0 truncate text-slate-600">{file.name}</span>}
            </div>

            {phase.kind === 'checking' && (
              <p className="flex items-center gap-2" aria-live="polite">
                <Spinner className="h-4 w-4 text-blue-700" />
                {t('purchase-order:import.checking')}
              </p>
            )}

            {phase.kind === 'refused' && (
              <div className="space-y-3">
                <div
                  role="alert"
                  data-testid="po-lines-import-refused"
                  className="rounded-md bg-red-50 p-3 text-red-800 ring-1 ring-red-200"
                >
                  <p className="font-medium">
                    {phase.problems.length > 0 ? t('purchase-order:import.failed') : phase.message}
                  </p>
                </div>
                {phase.problems.length > 0 && (
                  <div className="max-h-72 overflow-auto rounded-md ring-1 ring-slate-200">
                    <table className="min-w-full text-sm" data-testid="po-lines-import-errors">
                      <thead className="sticky top-0 bg-slate-50 text-left text-xs font-semibold text-slate-500 uppercase">
                        <tr>
                          <th className="px-3 py-2">{t('purchase-order:import.row')}</th>
                          <th className="px-3 py-2">{t('purchase-order:import.column')}</th>
                          <th className="px-3 py-2">{t('purchase-order:import.problem')}</th>
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-slate-100">
                        {phase.problems.map((problem, index) => (
                          <tr
                            key={`${problem.row}-${problem.column ?? ''}-${index}`}
                            data-testid="po-lines-import-error"
                          >
                            <td className="px-3 py-2 align-top tabular-nums">{problem.row}</td>
                            <td className="px-3 py-2 align-top whitespace-nowrap">
                              {problem.column
                                ? t(COLUMN_LABELS[problem.column] ?? problem.column)
                                : t('purchase-order:import.wholeRow')}
                            </td>
                            <td className="px-3 py-2 align-top text-red-700">{problem.message}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </div>
            )}

            {phase.kind === 'checked' && (
              <div className="space-y-3">
                <p role="status" className="rounded-md bg-green-50 p-3 text-green-800 ring-1 ring-green-200">
                  {t('purchase-order:import.ready', { count: phase.lines.length })}
                </p>
                <div className="max-h-72 overflow-auto rounded-md ring-1 ring-slate-200">
                  <table className="min-w-full text-sm" data-testid="po-lines-import-preview">
                    <thead className="sticky top-0 bg-slate-50 text-left text-xs font-semibold text-slate-500 uppercase">
                      <tr>
                        <th className="px-3 py-2">{t('purchase-order:import.row')}</th>
                        <th className="px-3 py-2">{t('purchase-order:import.columns.sku_id')}</th>
                        <th className="px-3 py-2">{t('purchase-order:import.columns.uom_name')}</th>
                        <th className="px-3 py-2 text-right">{t('purchase-order:fields.quantity')}</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {phase.lines.map((line) => (
                        <tr key={line.row}>
                          <td className="px-3 py-2 tabular-nums">{line.row}</td>
                          <td className="px-3 py-2">
                            {line.sku_name} <span className="font-mono text-slate-500">({line.sku_id})</span>
                          </td>
                          <td className="px-3 py-2">{line.uom_name}</td>
                          <td className="px-3 py-2 text-right tabular-nums">{formatQuantity(line.quantity)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            )}
          </div>
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-6 py-3">
            <Button variant="secondary" onClick={onClose}>
              {t('import:dialog.cancel')}
            </Button>
            <Button disabled={phase.kind !== 'checked'} onClick={add} data-testid="po-lines-import-add">
              {t('purchase-order:import.add', { count: phase.kind === 'checked' ? phase.lines.length : 0 })}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
