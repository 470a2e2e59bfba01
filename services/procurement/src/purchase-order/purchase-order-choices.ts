import { Inject, Injectable } from '@nestjs/common';
import { REFERENCE_CURRENCY } from '@scm/contracts';
import type { PurchaseOrderChoices, StockItemOption } from '@scm/contracts';
import { DATA_SOURCE } from '@scm/platform';
import type { DataSource } from 'typeorm';

/**
 * What the PO page offers from procurement's own replicas, so a buyer needs no catalog permission: the live
 * suppliers, the currencies with an exchange rate, and the SKU search of the line grid (in the grid's item shape,
 * starting in the SKU's purchasing unit).
 */
@Injectable()
export class PurchaseOrderChoicesReader {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async choices(): Promise<PurchaseOrderChoices> {
    const suppliers = await this.dataSource.query<PurchaseOrderChoices['suppliers']>(
      `SELECT supplier_id, company_name, gst_price_type, gst_rate::text AS gst_rate,
              minimum_order_value::text AS minimum_order_value
         FROM supplier_replica WHERE NOT deleted AND status <> 'archived' ORDER BY company_name, supplier_id`,
    );
    const rates = await this.dataSource.query<{ currency: string }[]>(
      `SELECT DISTINCT currency FROM exchange_rate_replica WHERE NOT deleted ORDER BY currency`,
    );
    return {
      suppliers,
      currencies: [...new Set([REFERENCE_CURRENCY, ...rates.map((rate) => rate.currency)])],
    };
  }

  skus(search: string, limit: number): Promise<StockItemOption[]> {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.dataSource.query<StockItemOption[]>(
      `SELECT 'sku' AS item_type, sku_id AS item_id, name AS item_name, ch_display_name, category_id,
              '' AS category_name, purchasing_uom_name AS uom_name, purchasing_uom_name AS counting_uom_name,
              uom_list, status
         FROM sku_replica
        WHERE NOT deleted AND status <> 'archived'
          AND (sku_id ILIKE $1 OR name ILIKE $1 OR ch_display_name ILIKE $1)
        ORDER BY name, sku_id LIMIT $2`,
      [pattern, limit],
    );
  }
}
