import type { StockItemOption, StockItemType } from '@scm/contracts';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { Icon } from '../ui/icons';
import { Select } from '../ui/Select';
import { ItemPicker, itemKey, itemLabel } from './ItemPicker';
import type { ItemSearchHook } from './ItemPicker';

/** What every document line has: the item, its name as the server or the search gave it, and the unit it is in. */
export interface GridLine {
  item_type: StockItemType;
  item_id: string;
  item_name?: string;
  uom_name: string;
}

export interface Unit {
  uom_name: string;
  factor: string;
}

/** A cell of a line after the item, unit and quantity (the document type's own: reason, price, on hand...). */
export interface LineColumn<L> {
  id: string;
  header: string;
  /** Shown before the quantity (e.g. a category, the system quantity) rather than after it. */
  beforeQuantity?: boolean;
  align?: 'left' | 'right';
  className?: string;
  cell: (line: L, index: number) => ReactNode;
}

export interface LineGridProps<L extends GridLine> {
  lines: L[];
  readOnly: boolean;
  onChange?: (lines: L[]) => void;
  /** The line a chosen item starts (its unit, blank quantity); without it there is no "add". */
  newLine?: (item: StockItemOption) => L;
  /** The units a saved line may be in (the search gives the picked items' own). */
  unitsOf?: (line: L) => readonly Unit[] | undefined;
  /** The unit cannot change (e.g. a counting sheet is in the counting unit). */
  fixedUnit?: boolean;
  /** Lines may be removed (default true; a counting sheet's lines are the stock take's). */
  removable?: boolean;
  /** The quantity column: its header, value and how typing changes the line; a placeholder for blanks. */
  quantity?: { header: string; value: (line: L) => string; set: (line: L, value: string) => L; placeholder?: string };
  columns?: LineColumn<L>[];
  /** Messages under a line's cells, by field (`item_id`, `uom_name`, `quantity`, or a column id). */
  errors?: (Record<string, string | undefined> | undefined)[];
  /** The list's own message (e.g. "This field is required" with no line). */
  listError?: string;
  itemType?: StockItemType;
  /** The item search (default: the ledger's SKUs and products) and its placeholder. */
  itemSearch?: { useSearch: ItemSearchHook; placeholder?: string };
  footer?: ReactNode;
  testId: string;
}

/**
 * THE LINE GRID of every document (docs/stock-ledger.md, "kit (web)"): item found by search (SKUs and RJ products),
 * the unit among the item's units, a quantity cell, the document's own cells, remove; adding an item already in
 * the list is refused (SPEC.md §5 "a SKU already in a list cannot be added again").
 */
export function LineGrid<L extends GridLine>({
  lines,
  readOnly,
  onChange,
  newLine,
  unitsOf,
  fixedUnit,
  removable = true,
  quantity,
  columns = [],
  errors,
  listError,
  itemType,
  itemSearch,
  footer,
  testId,
}: LineGridProps<L>) {
  const { t, i18n } = useTranslation();
  const chinese = i18n.language === 'zh-CN';
  const [picked, setPicked] = useState<Map<string, StockItemOption>>(new Map());
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const editable = !readOnly && onChange !== undefined;
  const before = columns.filter((column) => column.beforeQuantity);
  const after = columns.filter((column) => !column.beforeQuantity);

  const update = (index: number, next: L) => onChange?.(lines.map((line, i) => (i === index ? next : line)));
  const add = (item: StockItemOption) => {
    const chosen = picked.get(itemKey(item)) ?? item;
    if (lines.some((line) => itemKey(line) === itemKey(item))) {
      setDuplicate(t('documents:lines.duplicate', { item: itemLabel(chosen, chinese) }));
      return;
    }
    setDuplicate(null);
    setPicked((all) => new Map(all).set(itemKey(item), item));
    if (newLine) onChange?.([...lines, newLine(item)]);
  };
  const unitOptions = (line: L) => {
    const units = picked.get(itemKey(line))?.uom_list ?? unitsOf?.(line) ?? [];
    const options = units.map((unit) => ({ value: unit.uom_name, label: unit.uom_name }));
    if (line.uom_name && !options.some((option) => option.value === line.uom_name)) {
      options.unshift({ value: line.uom_name, label: line.uom_name });
    }
    return options;
  };
  const nameOf = (line: L) => {
    const item = picked.get(itemKey(line));
    return itemLabel(item ?? { item_id: line.item_id, item_name: line.item_name }, chinese);
  };
  const align = (column: { align?: 'left' | 'right' }) => (column.align === 'right' ? 'text-right' : 'text-left');
  const message = (index: number, field: string) => {
    const text = errors?.[index]?.[field];
    return text ? (
      <p className="mt-1 text-xs whitespace-normal text-red-600" data-testid="field-error">
        {text}
      </p>
    ) : null;
  };

  return (
    <div className="space-y-3" data-testid={testId}>
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs font-medium text-slate-500">
              <th className="w-8 py-2 pr-2">#</th>
              <th className="min-w-48 py-2 pr-3">{t('documents:lines.item')}</th>
              <th className="py-2 pr-3">{t('documents:lines.unit')}</th>
              {before.map((column) => (
                <th
                  key={column.id}
                  className={`py-2 pr-3 whitespace-nowrap ${align(column)} ${column.className ?? ''}`}
                >
                  {column.header}
                </th>
              ))}
              {quantity && <th className="py-2 pr-3 text-right">{quantity.header}</th>}
              {after.map((column) => (
                <th
                  key={column.id}
                  className={`py-2 pr-3 whitespace-nowrap ${align(column)} ${column.className ?? ''}`}
                >
                  {column.header}
                </th>
              ))}
              {editable && removable && <th className="w-10 py-2" />}
            </tr>
          </thead>
          <tbody>
            {lines.length === 0 && (
              <tr>
                <td colSpan={columns.length + 5} className="py-4 text-slate-500" data-testid={`${testId}-empty`}>
                  {t('documents:lines.empty')}
                </td>
              </tr>
            )}
            {lines.map((line, index) => (
              <tr
                key={itemKey(line)}
                className="border-b border-slate-100 align-top"
                data-testid={`${testId}-row`}
                data-item={line.item_id}
              >
                <td className="py-2 pr-2 pt-4 text-slate-500">{index + 1}</td>
                <td className="py-2 pr-3 pt-4">
                  <span className="font-medium text-slate-800">{nameOf(line)}</span>
                  <span className="ml-2 text-xs text-slate-500">{t(`documents:itemTypes.${line.item_type}`)}</span>
                  {message(index, 'item_id')}
                </td>
                <td className="py-2 pr-3">
                  {editable && !fixedUnit ? (
                    <Select
                      ariaLabel={t('documents:lines.unit')}
                      value={line.uom_name}
                      onChange={(uom) => update(index, { ...line, uom_name: uom })}
                      options={unitOptions(line)}
                      buttonClassName="min-w-24"
                      error={errors?.[index]?.uom_name}
                      data-testid={`${testId}-unit-${index}`}
                    />
                  ) : (
                    <p className="pt-2 text-slate-800">{line.uom_name}</p>
                  )}
                </td>
                {before.map((column) => (
                  <td key={column.id} className={`py-2 pr-3 ${align(column)} ${column.className ?? ''}`}>
                    {column.cell(line, index)}
                    {message(index, column.id)}
                  </td>
                ))}
                {quantity && (
                  <td className="py-2 pr-3 text-right">
                    {editable ? (
                      <input
                        aria-label={quantity.header}
                        inputMode="decimal"
                        autoComplete="off"
                        value={quantity.value(line)}
                        placeholder={quantity.placeholder}
                        onChange={(event) => update(index, quantity.set(line, event.target.value))}
                        aria-invalid={errors?.[index]?.quantity ? true : undefined}
                        className={`ml-auto block h-9 w-28 rounded-md border px-3 text-right text-sm tabular-nums placeholder:text-slate-400 focus:ring-2 focus:ring-blue-500 focus:outline-none ${errors?.[index]?.quantity ? 'border-red-500' : 'border-slate-300'}`}
                        data-testid={`${testId}-quantity-${index}`}
                      />
                    ) : (
                      <p className="pt-2 tabular-nums text-slate-800" data-testid={`${testId}-quantity-${index}`}>
                        {quantity.value(line)}
                      </p>
                    )}
                    {message(index, 'quantity')}
                  </td>
                )}
                {after.map((column) => (
                  <td key={column.id} className={`py-2 pr-3 ${align(column)} ${column.className ?? ''}`}>
                    {column.cell(line, index)}
                    {message(index, column.id)}
                  </td>
                ))}
                {editable && removable && (
                  <td className="py-2">
                    <Button
                      type="button"
                      variant="ghost"
                      aria-label={t('documents:lines.remove')}
                      title={t('documents:lines.remove')}
                      onClick={() => onChange?.(lines.filter((_, i) => i !== index))}
                      data-testid={`${testId}-remove-${index}`}
                    >
                      <Icon name="trash" />
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
          {footer && <tfoot>{footer}</tfoot>}
        </table>
      </div>
      {listError && (
        <p className="text-xs text-red-600" data-testid="field-error">
          {listError}
        </p>
      )}
      {editable && newLine && (
        <ItemPicker
          onPick={add}
          onSearch={() => setDuplicate(null)}
          itemType={itemType}
          error={duplicate ?? undefined}
          useSearch={itemSearch?.useSearch}
          placeholder={itemSearch?.placeholder}
        />
      )}
    </div>
  );
}
