import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import type { StockItemOption, StockItemType } from '@scm/contracts';
import { useState } from 'react';
import type { SWRResponse } from 'swr';
import { useTranslation } from 'react-i18next';
import { useStockItemSearch } from '../../api/stock-items';
import { Icon } from '../ui/icons';

/** An item search: the ledger's (default) or a document type's own (e.g. a PO's SKUs in their purchasing unit). */
export type ItemSearchHook = (
  search: string,
  itemType: StockItemType | undefined,
  enabled: boolean,
) => Pick<SWRResponse<StockItemOption[], Error>, 'data' | 'isLoading'>;

export const itemKey = (item: { item_type: string; item_id: string }) => `${item.item_type}:${item.item_id}`;

/** "Jasmine rice (SKU001)": the item's name in the user's language where it has one, and its code. */
export function itemLabel(item: { item_id: string; item_name?: string; ch_display_name?: string }, chinese: boolean) {
  const name = (chinese && item.ch_display_name) || item.item_name;
  return name ? `${name} (${item.item_id})` : item.item_id;
}

/**
 * Searches the SKUs and RJ products the ledger knows (`POST /api/inventory/items/list`) by code or name and hands
 * the chosen one (with its units) to `onPick`; the input empties after each pick, ready for the next.
 */
export function ItemPicker({
  onPick,
  onSearch,
  itemType,
  disabled,
  error,
  useSearch = useStockItemSearch,
  placeholder,
  'data-testid': testId = 'item-picker',
}: {
  onPick: (item: StockItemOption) => void;
  /** The user types a new search (e.g. to clear an earlier refusal). */
  onSearch?: () => void;
  itemType?: StockItemType;
  disabled?: boolean;
  error?: string;
  /** Where items are searched; the ledger's SKUs and products by default. */
  useSearch?: ItemSearchHook;
  placeholder?: string;
  'data-testid'?: string;
}) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const { data, isLoading } = useSearch(search, itemType, open);
  const chinese = i18n.language === 'zh-CN';
  return (
    <div className="w-full max-w-md">
      <Combobox
        value={null}
        onChange={(item: StockItemOption | null) => {
          if (item) onPick(item);
          setSearch('');
        }}
        onClose={() => setSearch('')}
        disabled={disabled}
      >
        <div className="relative">
          <Icon
            name="search"
            className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 text-slate-400"
          />
          <ComboboxInput
            aria-label={t('documents:lines.addItem')}
            placeholder={placeholder ?? t('documents:lines.searchItem')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              onSearch?.();
            }}
            onFocus={() => setOpen(true)}
            aria-invalid={error ? true : undefined}
            className={`block h-9 w-full rounded-md border bg-white pr-3 pl-8 text-sm text-slate-800 shadow-xs placeholder:text-slate-400 focus:ring-2 focus:ring-blue-500 focus:outline-none ${error ? 'border-red-500' : 'border-slate-300'}`}
            data-testid={testId}
          />
        </div>
        <ComboboxOptions
          anchor={{ to: 'bottom start', gap: 4 }}
          className="z-50 max-h-72 w-(--input-width) min-w-80 overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-900/10 empty:invisible"
        >
          {(data ?? []).map((item) => (
            <ComboboxOption
              key={itemKey(item)}
              value={item}
              className="flex cursor-pointer items-baseline justify-between gap-3 px-3 py-1.5 data-focus:bg-blue-50 data-focus:text-blue-800"
              data-testid={`item-option-${item.item_type}-${item.item_id}`}
            >
              <span className="min-w-0 truncate">
                <span className="font-medium">{itemLabel(item, chinese)}</span>
                {item.category_name && <span className="ml-2 text-xs text-slate-500">{item.category_name}</span>}
              </span>
              <span className="shrink-0 text-xs text-slate-500">{t(`documents:itemTypes.${item.item_type}`)}</span>
            </ComboboxOption>
          ))}
          {!isLoading && open && data?.length === 0 && search.trim() !== '' && (
            <div className="px-3 py-1.5 text-slate-500">{t('documents:lines.noItem')}</div>
          )}
        </ComboboxOptions>
      </Combobox>
      {error && (
        <p className="mt-1 text-xs text-red-600" role="alert" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
