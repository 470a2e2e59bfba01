import { Injectable } from '@nestjs/common';
import type { SkuDeleted, SkuSnapshot } from '@scm/contracts';
import { tombstoneReplicaRow, upsertReplicaRow } from '@scm/platform';
import type { EntityManager } from 'typeorm';

/** A unit of a SKU: its name and how many primary units one of it holds. */
export interface SkuUnit {
  uom_name: string;
  factor: string;
}

/** A SKU as procurement knows it: its units (ordering, receiving) and its default supplier. */
export interface SkuReplicaRow {
  sku_id: string;
  name: string;
  ch_display_name: string;
  category_id: string | null;
  sub_category_id: string | null;
  primary_uom_name: string;
  purchasing_uom_name: string;
  receiving_uom_name: string;
  uom_list: SkuUnit[];
  default_supplier_id: string | null;
  max_order_qty: string | null;
  is_inventorise: boolean;
  status: string;
  deleted: boolean;
  revision: number;
}

const COLUMNS = `sku_id, name, ch_display_name, category_id, sub_category_id, primary_uom_name, purchasing_uom_name,
  receiving_uom_name, uom_list, default_supplier_id, max_order_qty::text AS max_order_qty, is_inventorise, status,
  deleted, revision`;

/**
 * Procurement's copy of catalog's SKUs. Catalog sends a SKU's units, supplier prices and per-location default
 * suppliers inside the SKU's one snapshot (its revision grows with any of them), so when a snapshot applies its
 * price and location-supplier rows are replaced whole, and a deletion drops them with the tombstone.
 */
@Injectable()
export class SkuReplicaRepository {
  async upsert(manager: EntityManager, sku: SkuSnapshot): Promise<void> {
    const applied = await upsertReplicaRow(manager, 'sku_replica', ['sku_id'], {
      sku_id: sku.sku_id,
      name: sku.name,
      ch_display_name: sku.ch_display_name,
      category_id: sku.category_id,
      sub_category_id: sku.sub_category_id,
      primary_uom_name: sku.primary_uom_name,
      purchasing_uom_name: sku.purchasing_uom_name || sku.primary_uom_name,
      receiving_uom_name: sku.receiving_uom_name || sku.primary_uom_name,
      uom_list: sku.uom_list.map((unit) => ({ uom_name: unit.uom_name, factor: unit.factor })),
      default_supplier_id: sku.default_supplier_id,
      max_order_qty: sku.max_order_qty,
      is_inventorise: sku.is_inventorise,
      status: sku.status,
      revision: sku.revision,
      last_updated_time: sku.last_updated_time,
    });
    if (!applied) return;
    await this.dropChildren(manager, sku.sku_id);
    const prices = sku.supplier_list.flatMap((supplier) =>
      supplier.prices.map((price) => ({ supplier_id: supplier.supplier_id, ...price })),
    );
    if (prices.length > 0) {
      await manager.query(
        `INSERT INTO sku_supplier_price_replica (sku_id, supplier_id, uom_name, current_price, future_price_1,
           future_price_1_date, future_price_2, future_price_2_date)
         SELECT $1, * FROM unnest($2::text[], $3::text[], $4::numeric[], $5::numeric[], $6::date[], $7::numeric[],
           $8::date[])`,
        [
          sku.sku_id,
          prices.map((p) => p.supplier_id),
          prices.map((p) => p.uom_name),
          prices.map((p) => p.current_price),
          prices.map((p) => p.future_price_1),
          prices.map((p) => p.future_price_1_date),
          prices.map((p) => p.future_price_2),
          prices.map((p) => p.future_price_2_date),
        ],
      );
    }
    if (sku.location_supplier_list.length > 0) {
      await manager.query(
        `INSERT INTO sku_location_supplier_replica (sku_id, location_id, supplier_id)
         SELECT $1, * FROM unnest($2::text[], $3::text[])`,
        [
          sku.sku_id,
          sku.location_supplier_list.map((row) => row.location_id),
          sku.location_supplier_list.map((row) => row.supplier_id),
        ],
      );
    }
  }

  async markDeleted(manager: EntityManager, deleted: SkuDeleted): Promise<void> {
    if (await tombstoneReplicaRow(manager, 'sku_replica', { sku_id: deleted.sku_id }, deleted.revision)) {
      await this.dropChildren(manager, deleted.sku_id);
    }
  }

  /** The SKU as kept, tombstones included. */
  async find(manager: EntityManager, skuId: string): Promise<SkuReplicaRow | null> {
    const [row] = await manager.query<SkuReplicaRow[]>(`SELECT ${COLUMNS} FROM sku_replica WHERE sku_id = $1`, [skuId]);
    return row ?? null;
  }

  /** The SKUs of `ids` in one query, by id; an unknown id maps to null. */
  async findMany(manager: EntityManager, ids: readonly string[]): Promise<Map<string, SkuReplicaRow | null>> {
    const unique = [...new Set(ids)];
    const rows = await manager.query<SkuReplicaRow[]>(`SELECT ${COLUMNS} FROM sku_replica WHERE sku_id = ANY($1)`, [
      unique,
    ]);
    const found = new Map(rows.map((row) => [row.sku_id, row]));
    return new Map(unique.map((id) => [id, found.get(id) ?? null]));
  }

  async clear(manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM sku_location_supplier_replica');
    await manager.query('DELETE FROM sku_supplier_price_replica');
    await manager.query('DELETE FROM sku_replica');
  }

  private async dropChildren(manager: EntityManager, skuId: string): Promise<void> {
    await manager.query('DELETE FROM sku_supplier_price_replica WHERE sku_id = $1', [skuId]);
    await manager.query('DELETE FROM sku_location_supplier_replica WHERE sku_id = $1', [skuId]);
  }
}

/** How many primary units one `uomName` of the SKU holds, or null when the SKU has no such unit. */
export function unitFactor(sku: Pick<SkuReplicaRow, 'uom_list'>, uomName: string): string | null {
  return sku.uom_list.find((unit) => unit.uom_name === uomName)?.factor ?? null;
}
