import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { businessDate, plainFactor, supplierPriceInputSchema } from '@scm/contracts';
import type { SkuView, SupplierPriceInput, SupplierPriceView } from '@scm/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { ApiError, api } from '../../../api/client';
import { supplierPricesApi } from '../../../api/supplier-prices';
import { issueMessage } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { DateField } from '../../../components/ui/DateField';
import { Select } from '../../../components/ui/Select';
import { TextField } from '../../../components/ui/TextField';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { SkuCombobox } from './SkuCombobox';

type Draft = Record<keyof SupplierPriceInput, string>;

/** Future prices apply after today (business date): the calendar starts tomorrow. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
type Errors = Partial<Record<keyof SupplierPriceInput, string>>;

const EMPTY: Draft = {
  sku_id: '',
  supplier_id: '',
  uom_name: '',
  current_price: '',
  future_price_1: '',
  future_price_1_date: '',
  future_price_2: '',
  future_price_2_date: '',
};

function draftOf(row: SupplierPriceView): Draft {
  return {
    sku_id: row.sku_id,
    supplier_id: row.supplier_id,
    uom_name: row.uom_name,
    current_price: row.current_price ?? '',
    future_price_1: row.future_price_1 ?? '',
    future_price_1_date: row.future_price_1_date ?? '',
    future_price_2: row.future_price_2 ?? '',
    future_price_2_date: row.future_price_2_date ?? '',
  };
}

interface PriceDialogProps {
  /** The row being edited; null to add a price. */
  row: SupplierPriceView | null;
  open: boolean;
  onClose: () => void;
}

/**
 * Adds or edits the prices of one SKU × supplier × UOM: the SKU's own suppliers and UOMs are the choices;
 * SPEC.md §5's pricing rules show on their fields before anything is sent, the server's on return.
 */
export function PriceDialog({ row, open, onClose }: PriceDialogProps) {
  const { t } = useTranslation();
  const idempotency = useIdempotencyKeys();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const editing = row !== null;
  const tomorrow = dayAfter(businessDate());

  useEffect(() => {
    if (open) {
      setDraft(row ? draftOf(row) : EMPTY);
      setErrors({});
    }
  }, [open, row]);

  const { data: sku } = useSWR(draft.sku_id ? ['skus', 'detail', draft.sku_id] : null, async () => {
    return (await api.get<SkuView>(`/api/catalog/skus/${encodeURIComponent(draft.sku_id)}`, { silent: true })).data;
  });

  const set = (field: keyof Draft) => (value: string) => {
    setDraft((current) => ({
      ...current,
      [field]: value,
      // Another SKU has other suppliers and UOMs.
      ...(field === 'sku_id' && { supplier_id: '', uom_name: '' }),
    }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const save = async () => {
    const parsed = supplierPriceInputSchema.safeParse(draft);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Draft;
        found[field] ??= issueMessage(issue);
      }
      setErrors(found);
      return;
    }
    try {
      await supplierPricesApi.save(draft, idempotency.keyFor('save', draft), !editing);
      idempotency.done('save');
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const found: Errors = {};
      for (const fieldError of error.fieldErrors) found[fieldError.field as keyof Draft] = fieldError.message;
      if (Object.keys(found).length === 0) found.sku_id = error.message;
      setErrors(found);
    }
  };

  const supplierOptions = (sku?.supplier_list ?? []).map((supplier) => ({
    value: supplier.supplier_id,
    label: `${supplier.supplier_id} · ${supplier.company_name}`,
  }));
  // The SKU's units by their real names (KG, BAG), each with its conversion to the primary unit.
  const uomOptions = [
    { value: '', label: t('sku:sku.selectUom') },
    ...(sku?.uom_list ?? []).map((uom) => ({ value: uom.uom_name, label: uom.uom_name })),
  ];
  const chosenUnit = sku?.uom_list.find((uom) => uom.uom_name === draft.uom_name);
  const conversion =
    sku && chosenUnit && chosenUnit.uom_name !== sku.primary_uom_name
      ? t('sku:sku.conversion', {
          uom: chosenUnit.uom_name,
          factor: plainFactor(chosenUnit.factor),
          primary: sku.primary_uom_name,
        })
      : undefined;

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-2xl rounded-lg bg-white p-6 shadow-xl" data-testid="price-dialog">
          <DialogTitle className="text-base font-semibold text-slate-900">
            {editing ? t('pricing:edit') : t('pricing:add')}
          </DialogTitle>
          <p className="mt-1 text-sm text-slate-500">{t('pricing:dialog.help')}</p>
          <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <SkuCombobox
                label={t('pricing:fields.sku_id')}
                value={draft.sku_id}
                onChange={set('sku_id')}
                error={errors.sku_id}
                disabled={editing}
              />
            </div>
            <Select
              label={t('pricing:fields.supplier_name')}
              required
              value={draft.supplier_id}
              onChange={set('supplier_id')}
              options={supplierOptions}
              disabled={editing || !sku}
              error={errors.supplier_id}
              hint={sku && supplierOptions.length === 0 ? t('pricing:dialog.noSuppliers') : undefined}
              data-testid="price-supplier"
            />
            <Select
              label={t('pricing:fields.uom_name')}
              required
              value={draft.uom_name}
              onChange={set('uom_name')}
              options={uomOptions}
              disabled={editing || !sku}
              error={errors.uom_name}
              hint={conversion}
              data-testid="price-uom"
            />
            <TextField
              label={t('pricing:fields.current_price')}
              required
              inputMode="decimal"
              value={draft.current_price}
              onChange={(event) => set('current_price')(event.target.value)}
              error={errors.current_price}
              data-testid="price-current"
            />
            <div className="hidden sm:block" />
            <TextField
              label={t('pricing:fields.future_price_1')}
              inputMode="decimal"
              value={draft.future_price_1}
              onChange={(event) => set('future_price_1')(event.target.value)}
              error={errors.future_price_1}
              data-testid="price-future-1"
            />
            <DateField
              label={t('pricing:fields.future_price_1_date')}
              min={tomorrow}
              value={draft.future_price_1_date}
              onChange={(event) => set('future_price_1_date')(event.target.value)}
              error={errors.future_price_1_date}
              data-testid="price-future-1-date"
            />
            <TextField
              label={t('pricing:fields.future_price_2')}
              inputMode="decimal"
              value={draft.future_price_2}
              onChange={(event) => set('future_price_2')(event.target.value)}
              error={errors.future_price_2}
              data-testid="price-future-2"
            />
            <DateField
              label={t('pricing:fields.future_price_2_date')}
              min={tomorrow}
              value={draft.future_price_2_date}
              onChange={(event) => set('future_price_2_date')(event.target.value)}
              error={errors.future_price_2_date}
              data-testid="price-future-2-date"
            />
          </div>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('pricing:dialog.cancel')}
            </Button>
            <Button onClick={() => void save()} data-testid="price-save">
              {t('pricing:dialog.save')}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
