import type { BackOrderRow } from '@scm/contracts';

/** What the back-order list hands the new purchase order (router state): its location and the SKUs still short. */
export interface PurchaseOrderSeed {
  location_id: string;
  /** The back orders it comes from, named in the PO's internal remark. */
  bo_numbers: string[];
  lines: { sku_id: string; sku_name: string; uom_name: string; quantity: string }[];
}

/** Rounds away binary noise of a sum of 3-decimal quantities and drops trailing zeros. */
const quantityText = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * Open back orders of one location (SKUs only: products are not bought by PO) as a PO seed: one line per SKU and
 * unit with the total still short (back-order quantities are negative), in the back orders' order.
 */
export function seedFromBackOrders(rows: readonly BackOrderRow[]): PurchaseOrderSeed | null {
  const open = rows.filter((row) => row.status === 'OPEN' && row.item_type === 'sku');
  if (open.length === 0) return null;
  const lines = new Map<string, PurchaseOrderSeed['lines'][number] & { total: number }>();
  for (const row of open) {
    const key = `${row.item_id}\u0000${row.uom_name}`;
    const line = lines.get(key) ?? {
      sku_id: row.item_id,
      sku_name: row.item_name,
      uom_name: row.uom_name,
      quantity: '0',
      total: 0,
    };
    line.total += Math.abs(Number(row.current_quantity));
    line.quantity = quantityText(line.total);
    lines.set(key, line);
  }
  return {
    location_id: open[0].location_id,
    bo_numbers: open.map((row) => row.bo_no),
    lines: [...lines.values()].map(({ total: _total, ...line }) => line),
  };
}

/** The seed from router state, if the page was opened from the back-order list. */
export function seedOf(state: unknown): PurchaseOrderSeed | null {
  const seed = (state as { purchaseOrderSeed?: PurchaseOrderSeed } | null)?.purchaseOrderSeed;
  return seed && typeof seed.location_id === 'string' && Array.isArray(seed.lines) ? seed : null;
}
