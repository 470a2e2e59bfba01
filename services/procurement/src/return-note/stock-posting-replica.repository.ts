import { Injectable } from '@nestjs/common';
import type { StockPosted } from '@scm/contracts';
import type { EntityManager } from 'typeorm';

/**
 * Procurement's replica of the ledger's postings (`inventory.stock.posted`): one row per posted line, keyed by the
 * posting and the line's position, so applying an event twice (a redelivery, a rebuild's replay) changes nothing
 * and the order events arrive in does not matter. On hand at a location is the sum of its rows (primary unit).
 */
@Injectable()
export class StockPostingReplicaRepository {
  async record(manager: EntityManager, posted: StockPosted): Promise<void> {
    if (posted.lines.length === 0) return;
    await manager.query(
      `INSERT INTO stock_posting_replica (posting_id, line_index, document_type, document_id, item_type, item_id,
         location_id, quantity, value_date)
       SELECT $1, l.position, $2, $3, l.item_type, l.item_id, l.location_id, l.quantity, $8::date
         FROM unnest($4::text[], $5::text[], $6::text[], $7::numeric[])
              WITH ORDINALITY AS l(item_type, item_id, location_id, quantity, position)
       ON CONFLICT (posting_id, line_index) DO NOTHING`,
      [
        posted.posting_id,
        posted.document_type,
        posted.document_id,
        posted.lines.map((line) => line.item_type),
        posted.lines.map((line) => line.item_id),
        posted.lines.map((line) => line.location_id),
        posted.lines.map((line) => line.quantity),
        // The store order's average usage is summed by day (the column: store-order's migration 1795900000510).
        posted.value_date,
      ],
    );
  }

  /** On hand of SKUs at a location as the replica knows it (primary unit; absent: nothing posted). */
  async onHand(manager: EntityManager, locationId: string, skuIds: readonly string[]): Promise<Map<string, string>> {
    if (skuIds.length === 0) return new Map();
    const rows = await manager.query<{ item_id: string; on_hand: string }[]>(
      `SELECT item_id, sum(quantity)::text AS on_hand FROM stock_posting_replica
        WHERE item_type = 'sku' AND location_id = $1 AND item_id = ANY($2::text[])
        GROUP BY item_id`,
      [locationId, [...new Set(skuIds)]],
    );
    return new Map(rows.map((row) => [row.item_id, row.on_hand]));
  }

  /** Whether the ledger has posted a document (its `inventory.stock.posted` has arrived). */
  async isPosted(manager: EntityManager, documentType: string, documentId: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM stock_posting_replica WHERE document_type = $1 AND document_id = $2 LIMIT 1`,
      [documentType, documentId],
    );
    return rows.length > 0;
  }
}
