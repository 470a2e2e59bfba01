import { Injectable } from '@nestjs/common';
import { CommonErrorCode } from '@scm/contracts';
import type { StockAtLocation, StockBatchView, StockItemType } from '@scm/contracts';
import { AppException } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { BATCH_FIELDS, averageCost, selectList } from './stock-sql.js';

/** An item a stock read asks about. */
export interface StockItemKey {
  item_type: StockItemType;
  item_id: string;
}

/** The key of `onHandAsOf`'s answer. */
export const stockItemKey = (item: StockItemKey): string => `${item.item_type}:${item.item_id}`;

/** Open FIFO layers (remaining > 0) in consumption order: the ledger takes the oldest posted first. */
const OPEN_BATCHES = `SELECT ${selectList(BATCH_FIELDS)}
  FROM stock_batch sb JOIN location_replica l ON l.location_id = sb.location_id
  WHERE sb.item_type = $1 AND sb.item_id = $2 AND sb.remaining_quantity > 0
    AND ($3::text[] IS NULL OR sb.location_id = ANY($3::text[]))
  ORDER BY sb.location_id, sb.seq`;

/**
 * Stock reads the documents need while they are typed and counted (docs/stock-ledger.md, "Server APIs between the
 * areas"). Each takes the caller's `manager`, so a document reads inside its own transaction what it then posts
 * against. Location scope is the caller's business: these answer for the location asked.
 */
@Injectable()
export class StockReader {
  /**
   * One item at one location: its units, its balance (zeros when nothing was ever posted there) and its open
   * batches, oldest first. NOT_FOUND when the ledger does not know the item or the location.
   */
  async atLocation(
    manager: EntityManager,
    locationId: string,
    itemType: StockItemType,
    itemId: string,
  ): Promise<StockAtLocation> {
    const rows: Omit<StockAtLocation, 'batches'>[] = await manager.query(
      `SELECT i.item_type, i.item_id, i.item_name, l.location_id, i.primary_uom_name AS uom_name, i.uom_list,
              COALESCE(b.on_hand, 0)::numeric(18,3) AS on_hand,
              COALESCE(b.reserved, 0)::numeric(18,3) AS reserved,
              COALESCE(b.on_hand - b.reserved, 0)::numeric(18,3) AS available,
              ${averageCost('COALESCE(b.stock_value, 0)', 'COALESCE(b.on_hand, 0)')} AS average_cost
         FROM item_replica i
         JOIN location_replica l ON l.location_id = $3
         LEFT JOIN stock_balance b ON b.item_type = i.item_type AND b.item_id = i.item_id AND b.location_id = l.location_id
        WHERE i.item_type = $1 AND i.item_id = $2`,
      [itemType, itemId, locationId],
    );
    if (rows.length === 0) throw new AppException(CommonErrorCode.NOT_FOUND);
    return { ...rows[0], batches: await this.openBatches(manager, itemType, itemId, [locationId]) };
  }

  /** The open batches of an item at the given locations (undefined: every location), oldest first per location. */
  openBatches(
    manager: EntityManager,
    itemType: StockItemType,
    itemId: string,
    locationIds: readonly string[] | undefined,
  ): Promise<StockBatchView[]> {
    if (locationIds?.length === 0) return Promise.resolve([]);
    return manager.query(OPEN_BATCHES, [itemType, itemId, locationIds ?? null]);
  }

  /**
   * The quantity on hand (primary unit) of each item at `locationId` from the movements posted up to `instant`
   * (inclusive), keyed `${item_type}:${item_id}`; an item with none answers '0.000'. A stock take compares its
   * counts with this, so a movement posted while the sheet was being counted is not counted twice.
   */
  async onHandAsOf(
    manager: EntityManager,
    locationId: string,
    items: readonly StockItemKey[],
    instant: Date | string,
  ): Promise<Map<string, string>> {
    const answer = new Map<string, string>(items.map((item) => [stockItemKey(item), '0.000']));
    if (items.length === 0) return answer;
    const rows: { item_type: string; item_id: string; on_hand: string }[] = await manager.query(
      `SELECT m.item_type, m.item_id, sum(m.quantity)::numeric(18,3) AS on_hand
         FROM stock_movement m
         JOIN unnest($2::text[], $3::text[]) AS asked(item_type, item_id)
           ON m.item_type = asked.item_type AND m.item_id = asked.item_id
        WHERE m.location_id = $1 AND m.posted_at <= $4::timestamptz
        GROUP BY m.item_type, m.item_id`,
      [
        locationId,
        items.map((item) => item.item_type),
        items.map((item) => item.item_id),
        instant instanceof Date ? instant.toISOString() : instant,
      ],
    );
    for (const row of rows) answer.set(`${row.item_type}:${row.item_id}`, row.on_hand);
    return answer;
  }
}
