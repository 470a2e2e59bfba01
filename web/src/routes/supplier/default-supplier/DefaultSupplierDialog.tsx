import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { DefaultSupplierView } from '@scm/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { defaultSuppliersApi } from '../../../api/default-suppliers';
import { locationsApi } from '../../../api/locations';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/icons';
import { Select } from '../../../components/ui/Select';
import { useIdempotencyKeys } from '../../../lib/idempotency';

interface LocationRow {
  location_id: string;
  supplier_id: string;
}

/** Edits one SKU's default supplier and the locations buying it from another of its suppliers. */
export function DefaultSupplierDialog({ skuId, onClose }: { skuId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const idempotency = useIdempotencyKeys();
  const { data: record } = defaultSuppliersApi.useRecord(skuId ?? undefined);
  const { data: locations } = locationsApi.useOptions('location_name');
  const [defaultSupplier, setDefaultSupplier] = useState('');
  const [rows, setRows] = useState<LocationRow[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!record) return;
    setDefaultSupplier(record.default_supplier_id ?? '');
    setRows(record.location_suppliers.map(({ location_id, supplier_id }) => ({ location_id, supplier_id })));
    setErrors({});
  }, [record]);

  const suppliers = (record?: DefaultSupplierView) =>
    (record?.supplier_list ?? []).map((supplier) => ({
      value: supplier.supplier_id,
      label: `${supplier.supplier_id} · ${supplier.company_name}`,
    }));
  const locationOptions = (locations ?? []).map((location) => ({
    value: location.location_id,
    label: `${location.location_id} · ${location.location_name}`,
  }));

  const setRow = (index: number, field: keyof LocationRow, value: string) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, [field]: value } : row)));

  const save = async () => {
    if (!skuId) return;
    const input = { default_supplier_id: defaultSupplier || null, location_suppliers: rows };
    try {
      await defaultSuppliersApi.save(skuId, input, idempotency.keyFor('save', input));
      idempotency.done('save');
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const found: Record<string, string> = {};
      for (const fieldError of error.fieldErrors) found[fieldError.field] = fieldError.message;
      if (Object.keys(found).length === 0) found.default_supplier_id = error.message;
      setErrors(found);
    }
  };

  return (
    <Dialog open={skuId !== null} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className="flex max-h-[90vh] w-full max-w-2xl flex-col rounded-lg bg-white p-6 shadow-xl"
          data-testid="default-supplier-dialog"
        >
          <DialogTitle className="text-base font-semibold text-slate-900">
            {t('default-suppliers:edit')}
            {record && <span className="ml-2 font-normal text-slate-500">{`${record.sku_id} · ${record.name}`}</span>}
          </DialogTitle>
          <p className="mt-1 text-sm text-slate-500">{t('default-suppliers:dialog.help')}</p>
          <div className="-m-1 mt-3 min-h-0 flex-1 space-y-4 overflow-auto p-1">
            <Select
              label={t('default-suppliers:fields.default_supplier_id')}
              value={defaultSupplier}
              onChange={setDefaultSupplier}
              options={[{ value: '', label: t('default-suppliers:none') }, ...suppliers(record)]}
              error={errors.default_supplier_id}
              data-testid="default-supplier-select"
            />
            <div>
              <p className="mb-2 text-sm font-medium text-slate-700">{t('default-suppliers:dialog.locations')}</p>
              {rows.length === 0 && (
                <p className="text-sm text-slate-500">{t('default-suppliers:dialog.noLocations')}</p>
              )}
              <div className="space-y-2">
                {rows.map((row, index) => (
                  <div
                    key={index}
                    className="grid grid-cols-[1fr_1fr_auto] items-start gap-2"
                    data-testid="location-row"
                  >
                    <Select
                      ariaLabel={t('default-suppliers:fields.location_id')}
                      value={row.location_id}
                      onChange={(value) => setRow(index, 'location_id', value)}
                      options={locationOptions}
                      error={errors[`location_suppliers.${index}.location_id`]}
                      data-testid={`location-row-${index}-location`}
                    />
                    <Select
                      ariaLabel={t('default-suppliers:fields.supplier_id')}
                      value={row.supplier_id}
                      onChange={(value) => setRow(index, 'supplier_id', value)}
                      options={suppliers(record)}
                      error={errors[`location_suppliers.${index}.supplier_id`]}
                      data-testid={`location-row-${index}-supplier`}
                    />
                    <Button
                      variant="ghost"
                      aria-label={t('default-suppliers:dialog.removeLocation')}
                      onClick={() => setRows((current) => current.filter((_, at) => at !== index))}
                    >
                      <Icon name="trash" />
                    </Button>
                  </div>
                ))}
              </div>
              <Button
                variant="secondary"
                className="mt-2"
                onClick={() => setRows((current) => [...current, { location_id: '', supplier_id: '' }])}
                data-testid="add-location-row"
              >
                <Icon name="plus" />
                {t('default-suppliers:dialog.addLocation')}
              </Button>
            </div>
          </div>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('default-suppliers:dialog.cancel')}
            </Button>
            <Button onClick={() => void save()} disabled={!record} data-testid="default-supplier-save">
              {t('default-suppliers:dialog.save')}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
