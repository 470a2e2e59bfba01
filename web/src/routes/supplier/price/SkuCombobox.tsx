import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { api } from '../../../api/client';

/** A SKU as the picker lists it. */
export interface SkuChoice {
  sku_id: string;
  name: string;
}

interface SkuComboboxProps {
  label: string;
  value: string;
  onChange: (skuId: string) => void;
  error?: string;
  disabled?: boolean;
}

/** Picks a new or active SKU by typing part of its ID or name (searches the SKU list on the server). */
export function SkuCombobox({ label, value, onChange, error, disabled }: SkuComboboxProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { data } = useSWR(['skus', 'picker', search], async () => {
    const page = await api.post<SkuChoice[]>('/api/catalog/skus/list', {
      search_str: search,
      limit: 20,
      start: 0,
      columns: ['sku_id', 'name'],
      other_params: { status: 'new_or_active' },
      order_by: [{ column: 'sku_id', sort_type: 'ASC' }],
    });
    return page.data ?? [];
  });
  return (
    <Field disabled={disabled}>
      <Label className="mb-1 block text-sm font-medium text-slate-700">
        <span className="mr-0.5 text-red-600">*</span>
        {label}
      </Label>
      <Combobox value={value} onChange={(skuId: string | null) => onChange(skuId ?? '')} onClose={() => setSearch('')}>
        <ComboboxInput
          data-testid="price-sku"
          aria-invalid={error ? true : undefined}
          className={`block h-9 w-full rounded-md border px-3 text-sm shadow-xs focus:ring-2 focus:ring-blue-500 focus:outline-none data-disabled:bg-slate-50 ${error ? 'border-red-500' : 'border-slate-300'}`}
          displayValue={(skuId: string) => skuId}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('pricing:dialog.chooseSku')}
        />
        <ComboboxOptions
          anchor={{ to: 'bottom start', gap: 4 }}
          className="z-50 max-h-64 w-(--input-width) overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-900/10 empty:invisible"
        >
          {(data ?? []).map((sku) => (
            <ComboboxOption
              key={sku.sku_id}
              value={sku.sku_id}
              className="cursor-pointer px-3 py-1.5 data-focus:bg-blue-50 data-focus:text-blue-800"
            >
              <span className="font-medium">{sku.sku_id}</span> <span className="text-slate-500">{sku.name}</span>
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      {error && (
        <p className="mt-1 text-xs text-red-600" data-testid="field-error">
          {error}
        </p>
      )}
    </Field>
  );
}
