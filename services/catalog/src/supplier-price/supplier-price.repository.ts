import { Inject, Injectable } from '@nestjs/common';
import { listQuerySchema } from '@scm/contracts';
import type { ListQuery, SupplierPriceView } from '@scm/contracts';
import { DATA_SOURCE, runListQuery } from '@scm/platform';
import type { ListResult } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { SupplierPriceEntity } from './supplier-price.entity.js';
import { SUPPLIER_PRICE_LIST } from './supplier-price.list.js';

/** The key of one price row. */
export interface PriceKey {
  sku_id: string;
  supplier_id: string;
  /** One of the SKU's units by name. */
  uom_name: string;
}

/** What a price row may refer to, as found while it changes. */
export interface PriceReferences {
  supplierListed: boolean;
  /** The unit as the SKU spells it, or null when it is not one of the SKU's units. */
  unit: string | null;
}

@Injectable()
export class SupplierPriceRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  list(query: ListQuery): Promise<ListResult<SupplierPriceView>> {
    return runListQuery<SupplierPriceView>(this.dataSource.manager, SUPPLIER_PRICE_LIST, query);
  }

  /** One row of the list (names included), or null. */
  async view(key: PriceKey, manager: EntityManager = this.dataSource.manager): Promise<SupplierPriceView | null> {
    const page = await runListQuery<SupplierPriceView>(
      manager,
      SUPPLIER_PRICE_LIST,
      listQuerySchema.parse({
        other_params: { sku_id: key.sku_id, supplier_id: key.supplier_id, uom_name: key.uom_name },
      }),
    );
    return page.data[0] ?? null;
  }

  find(manager: EntityManager, key: PriceKey): Promise<SupplierPriceEntity | null> {
    return manager.getRepository(SupplierPriceEntity).findOneBy({ ...key });
  }

  /** Whether the supplier is on the SKU's supplier list, and the unit as the SKU spells it (any case matches). */
  async references(manager: EntityManager, key: PriceKey): Promise<PriceReferences> {
    const rows: { supplier_listed: boolean; unit: string | null }[] = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM sku_supplier WHERE sku_id = $1 AND supplier_id = $2) AS supplier_listed,
              (SELECT uom_name FROM sku_uom WHERE sku_id = $1 AND upper(uom_name) = upper(btrim($3))) AS unit`,
      [key.sku_id, key.supplier_id, key.uom_name],
    );
    return { supplierListed: rows[0]?.supplier_listed ?? false, unit: rows[0]?.unit ?? null };
  }

  async save(manager: EntityManager, price: SupplierPriceEntity): Promise<void> {
    await manager.getRepository(SupplierPriceEntity).save(price);
  }

  async delete(manager: EntityManager, key: PriceKey): Promise<void> {
    await manager.getRepository(SupplierPriceEntity).delete({ ...key });
  }

  /** Rows of one SKU whose future price 1 applies on or before `date`. */
  dueOf(manager: EntityManager, skuId: string, date: string): Promise<SupplierPriceEntity[]> {
    return manager
      .getRepository(SupplierPriceEntity)
      .createQueryBuilder('p')
      .where('p.sku_id = :skuId AND p.future_price_1_date <= :date', { skuId, date })
      .getMany();
  }

  /** SKUs having a future price due on or before `date`. */
  async skusWithDuePrices(date: string): Promise<string[]> {
    const rows: { sku_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT sku_id FROM supplier_price WHERE future_price_1_date <= $1 ORDER BY sku_id`,
      [date],
    );
    return rows.map((row) => row.sku_id);
  }

  /** Every price row, keyed `sku/supplier/uom name` (lower case), for comparing an uploaded file. */
  async byUploadKey(manager: EntityManager): Promise<Map<string, SupplierPriceEntity & { uom_name: string }>> {
    const rows: (SupplierPriceEntity & { uom_name: string })[] = await manager.query(
      `SELECT p.sku_id, p.supplier_id, p.uom_name, p.current_price::text,
              p.future_price_1::text, to_char(p.future_price_1_date, 'YYYY-MM-DD') AS future_price_1_date,
              p.future_price_2::text, to_char(p.future_price_2_date, 'YYYY-MM-DD') AS future_price_2_date
         FROM supplier_price p`,
    );
    return new Map(rows.map((row) => [uploadKey(row.sku_id, row.supplier_id, row.uom_name), row]));
  }

  /** The suppliers of these SKUs, as `sku_id/supplier_id` (stored spellings). */
  async skuSuppliers(manager: EntityManager, skuIds: string[]): Promise<Set<string>> {
    const rows: { sku_id: string; supplier_id: string }[] = await manager.query(
      `SELECT sku_id, supplier_id FROM sku_supplier WHERE sku_id = ANY($1)`,
      [skuIds],
    );
    return new Set(rows.map((row) => `${row.sku_id}/${row.supplier_id}`));
  }

  /** The units of the SKUs named in an upload: `sku/unit name` (lower case) → the unit as the SKU spells it. */
  async skuUomsByName(manager: EntityManager, skuIds: string[]): Promise<Map<string, string>> {
    const rows: { sku_id: string; uom_name: string }[] = await manager.query(
      `SELECT su.sku_id, su.uom_name FROM sku_uom su WHERE lower(su.sku_id) = ANY($1)`,
      [skuIds.map((id) => id.toLowerCase())],
    );
    return new Map(rows.map((row) => [`${row.sku_id}/${row.uom_name.trim()}`.toLowerCase(), row.uom_name]));
  }
}

export function uploadKey(skuId: string, supplierId: string, uomName: string): string {
  return `${skuId}/${supplierId}/${uomName}`.toLowerCase();
}
