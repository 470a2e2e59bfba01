import { Inject, Injectable } from '@nestjs/common';
import type { DefaultSupplierListRow, DefaultSupplierView, ListQuery } from '@scm/contracts';
import { DATA_SOURCE, runListQuery, scopeIds } from '@scm/platform';
import type { ListResult, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { DEFAULT_SUPPLIER_LIST } from './default-supplier.list.js';

@Injectable()
export class DefaultSupplierRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  /**
   * One row per SKU (SKUs are everyone's); `location_supplier_count` counts only the rows of the caller's
   * locations, recounted per page for a caller without every location.
   */
  async list(query: ListQuery, scope: LocationScope): Promise<ListResult<DefaultSupplierListRow>> {
    const page = await runListQuery<DefaultSupplierListRow>(this.dataSource.manager, DEFAULT_SUPPLIER_LIST, query);
    const own = scopeIds(scope);
    if (own === undefined || page.data.length === 0 || !page.data.some((row) => 'location_supplier_count' in row)) {
      return page;
    }
    const counts: { sku_id: string; count: number }[] = await this.dataSource.query(
      `SELECT sku_id, count(*)::int AS count FROM sku_location_supplier
        WHERE sku_id = ANY($1) AND location_id = ANY($2) GROUP BY sku_id`,
      [page.data.map((row) => row.sku_id), own],
    );
    const bySku = new Map(counts.map((row) => [row.sku_id, row.count]));
    return {
      ...page,
      data: page.data.map((row) =>
        'location_supplier_count' in row ? { ...row, location_supplier_count: bySku.get(row.sku_id) ?? 0 } : row,
      ),
    };
  }

  /**
   * One SKU's default suppliers with its supplier choices and the per-location rows of the caller's locations,
   * or null when there is no such SKU.
   */
  async view(
    skuId: string,
    scope: LocationScope,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<DefaultSupplierView | null> {
    const skus: { sku_id: string; name: string; status: string; default_supplier_id: string | null }[] =
      await manager.query(`SELECT sku_id, name, status, default_supplier_id FROM sku WHERE sku_id = $1`, [skuId]);
    const sku = skus[0];
    if (!sku) return null;
    const suppliers: DefaultSupplierView['supplier_list'] = await manager.query(
      `SELECT x.supplier_id, p.company_name
         FROM sku_supplier x JOIN supplier p ON p.supplier_id = x.supplier_id
        WHERE x.sku_id = $1 ORDER BY x.position, x.supplier_id`,
      [skuId],
    );
    const locations: DefaultSupplierView['location_suppliers'] = await manager.query(
      `SELECT x.location_id, l.location_name, x.supplier_id, p.company_name
         FROM sku_location_supplier x
         JOIN location l ON l.location_id = x.location_id
         JOIN supplier p ON p.supplier_id = x.supplier_id
        WHERE x.sku_id = $1 AND ($2::text[] IS NULL OR x.location_id = ANY($2)) ORDER BY x.location_id`,
      [skuId, scopeIds(scope) ?? null],
    );
    return {
      sku_id: sku.sku_id,
      name: sku.name,
      sku_status: sku.status,
      supplier_list: suppliers,
      default_supplier_id: sku.default_supplier_id,
      location_suppliers: locations,
    };
  }

  /** The stored ids of the locations that may be chosen (not archived), by lower-cased id. */
  async usableLocations(manager: EntityManager, locationIds: string[]): Promise<Map<string, string>> {
    const rows: { location_id: string }[] = await manager.query(
      `SELECT location_id FROM location WHERE lower(location_id) = ANY($1) AND status <> 'archived'`,
      [locationIds.map((id) => id.toLowerCase())],
    );
    return new Map(rows.map((row) => [row.location_id.toLowerCase(), row.location_id]));
  }

  /** Replaces the SKU's rows of the caller's locations; the rows of other locations stay. */
  async replaceLocationSuppliers(
    manager: EntityManager,
    skuId: string,
    rows: { location_id: string; supplier_id: string }[],
    scope: LocationScope,
  ): Promise<void> {
    await manager.query(
      `DELETE FROM sku_location_supplier WHERE sku_id = $1 AND ($2::text[] IS NULL OR location_id = ANY($2))`,
      [skuId, scopeIds(scope) ?? null],
    );
    for (const row of rows) {
      await manager.query(`INSERT INTO sku_location_supplier (sku_id, location_id, supplier_id) VALUES ($1, $2, $3)`, [
        skuId,
        row.location_id,
        row.supplier_id,
      ]);
    }
  }
}
