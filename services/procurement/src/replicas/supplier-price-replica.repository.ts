import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A supplier's price of a SKU per one of its units, on a date. */
export interface SupplierPriceOnDate {
  sku_id: string;
  supplier_id: string;
  uom_name: string;
  unit_price: string;
}

/**
 * Reads of the supplier prices and default suppliers kept with the SKU replica (SkuReplicaRepository writes
 * them from the SKU's snapshot).
 */
@Injectable()
export class SupplierPriceReplicaRepository {
  /**
   * The price valid on `date` (YYYY-MM-DD), SPEC.md §5: a future price applies from its date on, the later one
   * winning; before either date the current price. Null when the supplier has no price for that unit.
   */
  async priceOn(
    manager: EntityManager,
    key: { sku_id: string; supplier_id: string; uom_name: string },
    date: string,
  ): Promise<SupplierPriceOnDate | null> {
    const [row] = await manager.query<SupplierPriceOnDate[]>(
      `SELECT sku_id, supplier_id, uom_name,
              (CASE WHEN future_price_2_date <= $4::date THEN future_price_2
                    WHEN future_price_1_date <= $4::date THEN future_price_1
                    ELSE current_price END)::text AS unit_price
         FROM sku_supplier_price_replica WHERE sku_id = $1 AND supplier_id = $2 AND uom_name = $3`,
      [key.sku_id, key.supplier_id, key.uom_name, date],
    );
    return row ?? null;
  }

  /**
   * The supplier a location orders a SKU from: the location's own when the SKU names one, else the SKU's
   * default; null when neither is set (or the SKU is not live).
   */
  async defaultSupplier(manager: EntityManager, skuId: string, locationId: string): Promise<string | null> {
    const [row] = await manager.query<{ supplier_id: string | null }[]>(
      `SELECT COALESCE(ls.supplier_id, s.default_supplier_id) AS supplier_id
         FROM sku_replica s
         LEFT JOIN sku_location_supplier_replica ls ON ls.sku_id = s.sku_id AND ls.location_id = $2
        WHERE s.sku_id = $1 AND NOT s.deleted`,
      [skuId, locationId],
    );
    return row?.supplier_id ?? null;
  }
}
