import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import type { BomSkuOption } from '@scm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBomSkuOptions } from '../../../api/boms';

interface BomSkuPickerProps {
  value: string;
  /** The chosen SKU with its UOMs (the row's UOM select is limited to them). */
  onChange: (sku: BomSkuOption | null) => void;
  /** What the input shows for the chosen SKU (its id and name). */
  label: string;
  ariaLabel: string;
  error?: string;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * Picks a SKU for a BOM row (or a SKU BOM's output) by typing part of its ID, names or barcode; searches the
 * BOM form's own SKU options, so a BOM editor needs no SKU key.
 */
export function BomSkuPicker({ value, onChange, label, ariaLabel, error, disabled, ...props }: BomSkuPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { data } = useBomSkuOptions({ search_str: search, limit: 20 });
  return (
    <Combobox
      value={value}
      onChange={(skuId: string | null) => onChange(data?.find((sku) => sku.sku_id === skuId) ?? null)}
      onClose={() => setSearch('')}
      disabled={disabled}
    >
      <ComboboxInput
        data-testid={props['data-testid']}
        aria-label={ariaLabel}
        aria-invalid={error ? true : undefined}
        className={`block h-9 w-full min-w-32 rounded-md border px-3 text-sm text-slate-800 shadow-xs placeholder:text-slate-400 focus:ring-2 focus:ring-blue-500 focus:outline-none data-disabled:border-slate-200 data-disabled:bg-slate-50 data-disabled:shadow-none ${error ? 'border-red-500' : 'border-slate-300'}`}
        displayValue={() => label}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('bom:picker.placeholder')}
      />
      <ComboboxOptions
        anchor={{ to: 'bottom start', gap: 4 }}
        className="z-50 max-h-64 w-(--input-width) min-w-72 overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-900/10 empty:invisible"
      >
        {(data ?? []).map((sku) => (
          <ComboboxOption
            key={sku.sku_id}
            value={sku.sku_id}
            className="cursor-pointer px-3 py-1.5 data-focus:bg-blue-50 data-focus:text-blue-800"
            data-testid={`bom-sku-option-${sku.sku_id}`}
          >
            <span className="font-medium">{sku.sku_id}</span> <span className="text-slate-500">{sku.name}</span>
          </ComboboxOption>
        ))}
      </ComboboxOptions>
    </Combobox>
  );
}
