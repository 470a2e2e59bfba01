import type { BomConsumeRowInput, BomConsumeRowView, BomSkuOption } from '@scm/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBomCostPreview, useBomSkuOptions } from '../../../api/boms';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/icons';
import { Select } from '../../../components/ui/Select';
import { formatNumber, formatQuantity, formatUnitCost, toNumber } from '../../../lib/format';
import { BomSkuPicker } from './BomSkuPicker';
import { uomLabel } from './bom-kinds';

/** The messages of one row's fields (react-hook-form's errors of `consume_sku_list.<i>`). */
export type ConsumeRowErrors = Partial<Record<keyof BomConsumeRowInput, { message?: string } | undefined>>;

interface ConsumeListEditorProps {
  value: BomConsumeRowInput[];
  onChange: (rows: BomConsumeRowInput[]) => void;
  /** Per-row field errors, and the list's own (e.g. "This field is required" for an empty list). */
  rowErrors?: (ConsumeRowErrors | undefined)[];
  listError?: string;
  readOnly: boolean;
  /** The user's role may see costs (the server sends none otherwise). */
  showCost: boolean;
  /** The rows as saved (names, and the server's costs shown in view mode). */
  savedRows?: BomConsumeRowView[];
  /** The total and cost per output unit follow from this output quantity. */
  outputQuantity?: string | number;
  /** The live total (null when unknown), for a PLU's margin. */
  onTotal?: (total: number | null) => void;
  /**
   * The server's roll-up of exactly these rows (a saved record's, or a PLU's cost preview): when given, every cost
   * shown — rows, total, cost per output unit — is the server's, rounded once there (docs/architecture.md, "Numbers
   * and rounding"); without it, while editing, the editor asks the server's cost preview for the rows once they are
   * whole, and shows a live estimate made here only until the answer arrives.
   */
  rolledUp?: { consume_sku_list: BomConsumeRowView[]; cost?: string | null; cost_per_output_unit?: string | null };
  testId: string;
}

/** What an input shows of a row value (a number or text; nothing else). */
const textOf = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** A row's cost: quantity × factor × unit cost × (1 + wastage / 100), for display only (the server's is authoritative). */
function rowCost(row: BomConsumeRowInput, sku: BomSkuOption | undefined): number | null {
  const quantity = toNumber(row.quantity_per_uom);
  const factor = toNumber(sku?.uom_list.find((uom) => uom.uom_name === row.uom_name)?.factor);
  const unit = toNumber(sku?.unit_cost ?? undefined);
  const blank =
    row.wastage_percentage === undefined || row.wastage_percentage === null || row.wastage_percentage === '';
  const wastage = toNumber((blank ? sku?.default_wastage_percentage : row.wastage_percentage) as string);
  if (quantity === undefined || factor === undefined || unit === undefined || wastage === undefined) return null;
  return quantity * factor * unit * (1 + wastage / 100);
}

/**
 * The consume list of a BOM (or a PLU's custom BOM): per row a SKU picked by search, the quantity per UOM, a UOM
 * among that SKU's UOMs, and the wastage (blank takes the SKU's default); with the cost of each row and the total
 * for roles that see costs. A refused row (e.g. a cycle) shows its message under the field.
 */
export function ConsumeListEditor({
  value,
  onChange,
  rowErrors,
  listError,
  readOnly,
  showCost,
  savedRows,
  outputQuantity,
  onTotal,
  rolledUp,
  testId,
}: ConsumeListEditorProps) {
  const { t } = useTranslation();
  const rows = useMemo(() => value ?? [], [value]);
  /** SKUs chosen in this session, by id; the saved rows' SKUs come from the server below. */
  const [picked, setPicked] = useState<Map<string, BomSkuOption>>(new Map());
  const ids = useMemo(() => [...new Set(rows.map((row) => row.sku_id).filter(Boolean))].sort(), [rows]);
  const { data: listed } = useBomSkuOptions({ search_str: '', sku_ids: ids, limit: 1 });
  const known = useMemo(() => {
    const all = new Map(picked);
    for (const sku of listed ?? []) all.set(sku.sku_id, sku);
    return all;
  }, [picked, listed]);

  const output = toNumber(outputQuantity);
  const whole =
    output !== undefined &&
    output > 0 &&
    rows.length > 0 &&
    rows.every((row) => Boolean(row.sku_id) && Boolean(row.uom_name) && toNumber(row.quantity_per_uom) !== undefined);
  const asksPreview = showCost && !readOnly && rolledUp === undefined && whole;
  const { data: preview } = useBomCostPreview(
    // Copies of the rows: SWR keys an object by its identity, and a form may change a row in place.
    asksPreview ? { consume_sku_list: rows.map((row) => ({ ...row })), output_quantity: outputQuantity ?? '' } : null,
  );
  const figures = rolledUp ?? (asksPreview ? preview : undefined);
  const server = figures?.consume_sku_list.length === rows.length ? figures : undefined;
  const serverRows = server?.consume_sku_list ?? (readOnly ? savedRows : undefined);
  const costs: (number | string | null)[] = rows.map((row, index) =>
    serverRows ? (serverRows[index]?.cost ?? null) : rowCost(row, known.get(row.sku_id)),
  );
  const estimate =
    rows.length > 0 && costs.every((cost) => cost !== null)
      ? costs.reduce<number>((a, b) => a + (toNumber(b) ?? 0), 0)
      : null;
  const total: number | string | null = server ? (server.cost ?? null) : estimate;
  const perUnit: number | string | null = server
    ? (server.cost_per_output_unit ?? null)
    : estimate !== null && output !== undefined && output > 0
      ? estimate / output
      : null;
  useEffect(() => onTotal?.(toNumber(total) ?? null), [onTotal, total]);

  const update = (index: number, patch: Partial<BomConsumeRowInput>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const labelOf = (skuId: string, index: number) => {
    const name = known.get(skuId)?.name ?? savedRows?.[index]?.sku_name;
    return skuId ? `${skuId}${name ? ` · ${name}` : ''}` : '';
  };

  return (
    <div className="space-y-3" data-testid={testId}>
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm" data-testid={`${testId}-table`}>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs font-medium text-slate-500">
              <th className="w-8 py-2 pr-2">#</th>
              <th className="py-2 pr-2">{t('bom:consume.sku')}</th>
              <th className="w-24 py-2 pr-2">{t('bom:consume.quantity_per_uom')}</th>
              <th className="w-32 py-2 pr-2">{t('bom:consume.uom')}</th>
              <th className="w-20 py-2 pr-2">{t('bom:consume.wastage_percentage')}</th>
              {showCost && (
                <th className="w-28 py-2 pr-2 text-right whitespace-nowrap">{t('bom:consume.unit_cost')}</th>
              )}
              {showCost && <th className="w-28 py-2 pr-2 text-right whitespace-nowrap">{t('bom:consume.cost')}</th>}
              {!readOnly && <th className="w-10 py-2" />}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={8} className="py-3 text-slate-500">
                  {t('bom:consume.empty')}
                </td>
              </tr>
            )}
            {rows.map((row, index) => {
              const sku = known.get(row.sku_id);
              const errors = rowErrors?.[index];
              const uomOptions = [
                { value: '', label: t('bom:consume.chooseUom') },
                ...(sku?.uom_list ?? []).map((uom) => ({ value: uom.uom_name, label: uomLabel(uom) })),
              ];
              if (row.uom_name && !uomOptions.some((option) => option.value === row.uom_name)) {
                uomOptions.push({ value: row.uom_name, label: savedRows?.[index]?.uom_name ?? row.uom_name });
              }
              const unitCost = serverRows ? serverRows[index]?.unit_cost : sku?.unit_cost;
              const wastageDefault = sku?.default_wastage_percentage;
              return (
                <tr key={index} className="border-b border-slate-100 align-top" data-testid={`${testId}-row-${index}`}>
                  <td className="py-2 pr-2 pt-4 text-slate-500">{index + 1}</td>
                  <td className="py-2 pr-2">
                    {readOnly ? (
                      <p className="pt-2 text-slate-800" data-testid={`${testId}-sku-${index}`}>
                        {labelOf(row.sku_id, index)}
                      </p>
                    ) : (
                      <BomSkuPicker
                        value={row.sku_id}
                        label={labelOf(row.sku_id, index)}
                        ariaLabel={t('bom:consume.sku')}
                        error={errors?.sku_id?.message}
                        onChange={(chosen) => {
                          if (!chosen) return;
                          setPicked((all) => new Map(all).set(chosen.sku_id, chosen));
                          update(index, { sku_id: chosen.sku_id, uom_name: chosen.primary_uom_name });
                        }}
                        data-testid={`${testId}-sku-${index}`}
                      />
                    )}
                    {errors?.sku_id?.message && (
                      <p className="mt-1 text-xs whitespace-pre-line text-red-600" data-testid="field-error">
                        {errors.sku_id.message}
                      </p>
                    )}
                  </td>
                  <td className="py-2 pr-2">
                    {readOnly ? (
                      <p
                        className="pt-2 text-right tabular-nums text-slate-800"
                        data-testid={`${testId}-quantity-${index}`}
                      >
                        {formatQuantity(textOf(row.quantity_per_uom))}
                      </p>
                    ) : (
                      <input
                        aria-label={t('bom:consume.quantity_per_uom')}
                        inputMode="decimal"
                        autoComplete="off"
                        value={textOf(row.quantity_per_uom)}
                        onChange={(event) => update(index, { quantity_per_uom: event.target.value })}
                        aria-invalid={errors?.quantity_per_uom ? true : undefined}
                        className={`block h-9 w-full min-w-20 rounded-md border px-3 text-right text-sm ${errors?.quantity_per_uom ? 'border-red-500' : 'border-slate-300'}`}
                        data-testid={`${testId}-quantity-${index}`}
                      />
                    )}
                    {errors?.quantity_per_uom?.message && (
                      <p className="mt-1 text-xs text-red-600" data-testid="field-error">
                        {errors.quantity_per_uom.message}
                      </p>
                    )}
                  </td>
                  <td className="py-2 pr-2">
                    {readOnly ? (
                      <p className="pt-2 text-slate-800" data-testid={`${testId}-uom-${index}`}>
                        {uomOptions.find((option) => option.value === row.uom_name)?.label ?? ''}
                      </p>
                    ) : (
                      <Select
                        ariaLabel={t('bom:consume.uom')}
                        value={row.uom_name ?? ''}
                        onChange={(uom) => update(index, { uom_name: uom })}
                        options={uomOptions}
                        disabled={!row.sku_id}
                        buttonClassName="min-w-32"
                        error={errors?.uom_name?.message}
                        data-testid={`${testId}-uom-${index}`}
                      />
                    )}
                  </td>
                  <td className="py-2 pr-2">
                    {readOnly ? (
                      <p
                        className="pt-2 text-right tabular-nums text-slate-800"
                        data-testid={`${testId}-wastage-${index}`}
                      >
                        {formatNumber(textOf(row.wastage_percentage), 2)}
                      </p>
                    ) : (
                      <input
                        aria-label={t('bom:consume.wastage_percentage')}
                        title={
                          wastageDefault !== undefined
                            ? t('bom:consume.wastageDefault', { value: formatQuantity(wastageDefault, 2) })
                            : undefined
                        }
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder={wastageDefault !== undefined ? formatQuantity(wastageDefault, 2) : ''}
                        value={textOf(row.wastage_percentage)}
                        onChange={(event) => update(index, { wastage_percentage: event.target.value })}
                        aria-invalid={errors?.wastage_percentage ? true : undefined}
                        className={`block h-9 w-full min-w-16 rounded-md border px-3 text-right text-sm placeholder:text-slate-400 ${errors?.wastage_percentage ? 'border-red-500' : 'border-slate-300'}`}
                        data-testid={`${testId}-wastage-${index}`}
                      />
                    )}
                    {errors?.wastage_percentage?.message && (
                      <p className="mt-1 text-xs text-red-600" data-testid="field-error">
                        {errors.wastage_percentage.message}
                      </p>
                    )}
                  </td>
                  {showCost && (
                    <td className="py-2 pr-2 pt-4 text-right whitespace-nowrap tabular-nums text-slate-700">
                      {formatUnitCost(unitCost)}
                    </td>
                  )}
                  {showCost && (
                    <td
                      className="py-2 pr-2 pt-4 text-right whitespace-nowrap tabular-nums text-slate-800"
                      data-testid={`${testId}-cost-${index}`}
                    >
                      {formatUnitCost(costs[index])}
                    </td>
                  )}
                  {!readOnly && (
                    <td className="py-2">
                      <Button
                        type="button"
                        variant="secondary"
                        aria-label={t('bom:consume.remove')}
                        title={t('bom:consume.remove')}
                        onClick={() => onChange(rows.filter((_, i) => i !== index))}
                        data-testid={`${testId}-remove-${index}`}
                      >
                        <Icon name="trash" />
                      </Button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
          {showCost && rows.length > 0 && (
            <tfoot>
              <tr className="text-sm font-medium text-slate-800">
                <td colSpan={6} className="py-2 pr-2 text-right">
                  {t('bom:consume.total')}
                </td>
                <td className="py-2 pr-2 text-right whitespace-nowrap tabular-nums" data-testid={`${testId}-total`}>
                  {formatUnitCost(total)}
                </td>
                {!readOnly && <td />}
              </tr>
              <tr className="text-xs text-slate-600">
                <td colSpan={6} className="py-1 pr-2 text-right">
                  {t('bom:consume.perOutputUnit')}
                </td>
                <td className="py-1 pr-2 text-right whitespace-nowrap tabular-nums" data-testid={`${testId}-per-unit`}>
                  {formatUnitCost(perUnit)}
                </td>
                {!readOnly && <td />}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      {listError && (
        <p className="text-xs text-red-600" data-testid="field-error">
          {listError}
        </p>
      )}
      {!readOnly && (
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            onChange([...rows, { sku_id: '', quantity_per_uom: '', uom_name: '', wastage_percentage: '' }])
          }
          data-testid={`${testId}-add`}
        >
          <Icon name="plus" />
          {t('bom:consume.add')}
        </Button>
      )}
    </div>
  );
}
