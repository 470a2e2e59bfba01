/**
 * COST FIELDS ARE DECLARED ONCE (docs/architecture.md, "Access rules": cost fields are removed from answers for
 * roles without can_see_cost). Each context marks its answers' cost fields next to its DTOs:
 *
 *   export const SKU_COST_FIELDS = costFields('sku', ['price_per_uom']);
 *
 * and the platform's one serializer (CostFieldsInterceptor, registered by createHttpApp) removes every marked
 * field, at any depth, from every answer — lists, records, nested rows, the rows client-side exports are made
 * of — for callers without can_see_cost. No endpoint strips anything by hand.
 *
 * The mark is by field name, product-wide: a name marked here is a cost wherever it appears, so a non-cost field
 * must never take one of these names (`cost`, `unit_cost`, `current_price`, ...), and a new cost field gets a
 * name of its own (e.g. the ledger's `unit_cost` and `cost_value`, never a bare `value`).
 */
const marked = new Map<string, readonly string[]>();

/** Marks `names` as the cost fields of `resource`; answers them (for input rules and types). */
export function costFields<const T extends readonly string[]>(resource: string, names: T): T {
  if (marked.has(resource)) throw new Error(`Cost fields of ${resource} are declared twice`);
  marked.set(resource, Object.freeze([...names]));
  return names;
}

/** Every marked field name, of every resource. */
export function costFieldNames(): ReadonlySet<string> {
  return new Set([...marked.values()].flat());
}

/** The marked fields by resource (for documentation and tests). */
export function costFieldsByResource(): ReadonlyMap<string, readonly string[]> {
  return new Map(marked);
}
