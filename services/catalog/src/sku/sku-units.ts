import { conversionFactor, factorText, sameFactor, unitKey } from '@scm/contracts';
import type { UomConversionOption } from '@scm/contracts';
import { SkuException } from './sku.exception.js';
import type { SkuUomRow } from './sku.repository.js';

/** A SKU's units as given: names, each with a factor or none (take it from the UOM record). */
export interface GivenUnits {
  primary_uom_name: string;
  purchasing_uom_name: string;
  receiving_uom_name: string;
  counting_uom_name: string;
  uom_list: readonly { uom_name: string; factor: string | null }[];
}

/** The same units resolved: canonical names, every factor known, each row with the record it came from. */
export interface ResolvedUnits {
  primary_uom_name: string;
  purchasing_uom_name: string;
  receiving_uom_name: string;
  counting_uom_name: string;
  uom_list: SkuUomRow[];
}

const ONE = factorText(1);

/**
 * Resolves a SKU's units (docs/units-of-measure.md, "Where a factor comes from"):
 * - every unit is a name a new or active UOM record names (`records`), or one the SKU already had (`kept`, e.g. a
 *   name migrated from older data), spelled as the record spells it;
 * - the primary unit's factor is 1;
 * - a row without a factor takes it from the record linking it and the primary unit (forwards, else backwards
 *   when exact at 6 decimals); none → refused, naming the row: chains are never followed;
 * - a row with a factor keeps it, linked to the record when the record says the same, else as the SKU's own.
 */
export function resolveUnits(
  given: GivenUnits,
  records: readonly UomConversionOption[],
  kept: readonly SkuUomRow[] = [],
): ResolvedUnits {
  const spelling = new Map<string, string>();
  for (const row of kept) spelling.set(unitKey(row.uom_name), row.uom_name);
  for (const record of records) {
    for (const name of [record.uom_name.trim(), record.secondary_uom.trim()]) {
      if (!spelling.has(unitKey(name))) spelling.set(unitKey(name), name);
    }
  }
  const primary = unitKey(given.primary_uom_name);
  const rows = given.uom_list.map((row, index): SkuUomRow => {
    const unit = unitKey(row.uom_name);
    const name = spelling.get(unit);
    if (name === undefined) throw SkuException.unitUnknown(`uom_list.${index}.uom_name`, row.uom_name.trim());
    if (unit === primary) return { uom_name: name, factor: ONE, uom_id: null };
    const fromRecord = conversionFactor(records, name, spelling.get(primary) ?? primary);
    if (row.factor === null) {
      if (fromRecord === null) {
        throw SkuException.unitNoConversion(`uom_list.${index}.factor`, name, spelling.get(primary) ?? primary);
      }
      return { uom_name: name, factor: fromRecord.factor, uom_id: fromRecord.uom_id };
    }
    const same = fromRecord !== null && sameFactor(fromRecord.factor, row.factor);
    return { uom_name: name, factor: factorText(row.factor), uom_id: same ? fromRecord.uom_id : null };
  });
  const named = (value: string) => spelling.get(unitKey(value)) ?? value.trim();
  return {
    primary_uom_name: named(given.primary_uom_name),
    purchasing_uom_name: named(given.purchasing_uom_name),
    receiving_uom_name: named(given.receiving_uom_name),
    counting_uom_name: named(given.counting_uom_name),
    uom_list: rows,
  };
}
