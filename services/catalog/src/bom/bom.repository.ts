import { Inject, Injectable } from '@nestjs/common';
import { unitKey, unitsOf } from '@scm/contracts';
import type {
  BomFormOptions,
  BomKind,
  BomListRow,
  BomSkuOption,
  ListQuery,
  MasterStatus,
  ValidBomSkuOptionsQuery,
} from '@scm/contracts';
import { DATA_SOURCE, runListQuery, scopeIds } from '@scm/platform';
import type { ListResult, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { BomEntity } from './bom.entity.js';
import type { BomLine } from './bom.entity.js';
import { BOM_LISTS } from './bom.list.js';

/** A SKU a BOM row or output refers to, as found (and share-locked) while the BOM changes. */
export interface SkuReference {
  sku_id: string;
  name: string;
  status: MasterStatus;
  default_wastage_percentage: string;
  /** unitKey(unit name) → the unit as the SKU spells it and its factor to the SKU's primary unit. */
  uoms: Map<string, { uom_name: string; factor: string }>;
}

/** A SKU BOM edge of the production graph: `bom_id` makes `output_sku_id` and consumes `sku_id`. */
export interface ProductionEdge {
  bom_id: string;
  output_sku_id: string;
  sku_id: string;
}

/** The SKU BOM that prices a SKU without supplier prices. */
export interface ProducingBom {
  bom_key: string;
  output_quantity: string;
  output_uom_name: string;
}

/** A row of a BOM list page as the list query answers it (bom_key is dropped before answering). */
export type BomListQueryRow = Omit<BomListRow, 'cost' | 'cost_per_output_unit'> & { bom_key: string };

@Injectable()
export class BomRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  list(kind: BomKind, query: ListQuery, scope: LocationScope): Promise<ListResult<BomListQueryRow>> {
    return runListQuery<BomListQueryRow>(this.dataSource.manager, BOM_LISTS[kind], query, scope);
  }

  /** A BOM of the lists (not a PLU's custom one) by its code, whatever the case. */
  findById(kind: BomKind, bomId: string, manager: EntityManager = this.dataSource.manager): Promise<BomEntity | null> {
    return manager
      .getRepository(BomEntity)
      .createQueryBuilder('b')
      .where('b.bom_kind = :kind AND lower(b.bom_id) = lower(:bomId) AND b.custom_plu_id IS NULL', { kind, bomId })
      .getOne();
  }

  /** Locks the row for the rest of the transaction, so concurrent changes apply one after the other. */
  findByIdForUpdate(manager: EntityManager, kind: BomKind, bomId: string): Promise<BomEntity | null> {
    return manager
      .getRepository(BomEntity)
      .createQueryBuilder('b')
      .setLock('pessimistic_write')
      .where('b.bom_kind = :kind AND b.bom_id = :bomId AND b.custom_plu_id IS NULL', { kind, bomId })
      .getOne();
  }

  findByKey(manager: EntityManager, bomKey: string): Promise<BomEntity | null> {
    return manager.getRepository(BomEntity).findOneBy({ bom_key: bomKey });
  }

  async insert(manager: EntityManager, bom: BomEntity): Promise<void> {
    await manager.getRepository(BomEntity).insert(bom);
  }

  async save(manager: EntityManager, bom: BomEntity): Promise<void> {
    await manager.getRepository(BomEntity).save(bom);
  }

  /** Deletes the BOM with its consume rows. */
  async delete(manager: EntityManager, bomKey: string): Promise<void> {
    await manager.getRepository(BomEntity).delete({ bom_key: bomKey });
  }

  async lines(manager: EntityManager, bomKey: string): Promise<BomLine[]> {
    return (await this.linesOf(manager, [bomKey])).get(bomKey) ?? [];
  }

  /** The consume rows of several BOMs, each list in its order. */
  async linesOf(manager: EntityManager, bomKeys: readonly string[]): Promise<Map<string, BomLine[]>> {
    const result = new Map<string, BomLine[]>(bomKeys.map((key) => [key, []]));
    if (bomKeys.length === 0) return result;
    const rows: (BomLine & { bom_key: string })[] = await manager.query(
      `SELECT bom_key, sku_id, quantity_per_uom::text AS quantity_per_uom, uom_name,
              wastage_percentage::text AS wastage_percentage
         FROM bom_consume WHERE bom_key = ANY($1) ORDER BY bom_key, line_no`,
      [bomKeys],
    );
    for (const { bom_key, ...line } of rows) result.get(bom_key)?.push(line);
    return result;
  }

  async replaceLines(manager: EntityManager, bomKey: string, lines: readonly BomLine[]): Promise<void> {
    await manager.query(`DELETE FROM bom_consume WHERE bom_key = $1`, [bomKey]);
    if (lines.length === 0) return;
    await manager.query(
      `INSERT INTO bom_consume (bom_key, line_no, sku_id, quantity_per_uom, uom_name, wastage_percentage)
       SELECT $1, line.no, line.sku_id, line.quantity, line.uom_name, line.wastage
         FROM unnest($2::text[], $3::numeric[], $4::text[], $5::numeric[]) WITH ORDINALITY
              AS line(sku_id, quantity, uom_name, wastage, no)`,
      [
        bomKey,
        lines.map((line) => line.sku_id),
        lines.map((line) => line.quantity_per_uom),
        lines.map((line) => line.uom_name),
        lines.map((line) => line.wastage_percentage),
      ],
    );
  }

  /**
   * The SKUs (matched whatever the case), share-locked until the transaction ends: a concurrent archive or delete
   * of one waits, then sees this BOM's usage. Keyed by the lower-cased id.
   */
  async lockSkus(manager: EntityManager, skuIds: readonly string[]): Promise<Map<string, SkuReference>> {
    const result = new Map<string, SkuReference>();
    if (skuIds.length === 0) return result;
    const skus: Omit<SkuReference, 'uoms'>[] = await manager.query(
      `SELECT sku_id, name, status, default_wastage_percentage::text AS default_wastage_percentage
         FROM sku WHERE lower(sku_id) = ANY($1) FOR SHARE`,
      [skuIds.map((id) => id.toLowerCase())],
    );
    const units = await this.units(
      manager,
      skus.map((sku) => sku.sku_id),
    );
    for (const sku of skus) {
      const uoms = new Map((units.get(sku.sku_id) ?? []).map((row) => [unitKey(row.uom_name), row]));
      result.set(sku.sku_id.toLowerCase(), { ...sku, uoms });
    }
    return result;
  }

  /** Each SKU's units (as it spells them) with their factor to its primary unit (text, as stored). */
  async units(
    manager: EntityManager,
    skuIds: readonly string[],
  ): Promise<Map<string, { uom_name: string; factor: string }[]>> {
    const result = new Map<string, { uom_name: string; factor: string }[]>();
    if (skuIds.length === 0) return result;
    const rows: { sku_id: string; uom_name: string; factor: string }[] = await manager.query(
      `SELECT sku_id, uom_name, factor::text AS factor FROM sku_uom WHERE sku_id = ANY($1) ORDER BY sku_id, position`,
      [skuIds],
    );
    for (const { sku_id, ...row } of rows) result.set(sku_id, [...(result.get(sku_id) ?? []), row]);
    return result;
  }

  /** Each SKU's factors by unitKey(unit name). */
  async factors(manager: EntityManager, skuIds: readonly string[]): Promise<Map<string, Map<string, string>>> {
    const units = await this.units(manager, skuIds);
    return new Map(
      [...units].map(([skuId, rows]) => [skuId, new Map(rows.map((row) => [unitKey(row.uom_name), row.factor]))]),
    );
  }

  /**
   * The unit as a new or active UOM record spells it (the records naming it share-locked, see `lockSkus`), or
   * null when no such record names it.
   */
  async lockUnit(manager: EntityManager, unit: string): Promise<string | null> {
    const rows: { uom_name: string; secondary_uom: string }[] = await manager.query(
      `SELECT uom_name, secondary_uom FROM uom
        WHERE status <> 'archived' AND (upper(btrim(uom_name)) = $1 OR upper(btrim(secondary_uom)) = $1)
        ORDER BY lower(uom_name), lower(secondary_uom), uom_id FOR SHARE`,
      [unitKey(unit)],
    );
    if (rows.length === 0) return null;
    return unitKey(rows[0].uom_name) === unitKey(unit) ? rows[0].uom_name.trim() : rows[0].secondary_uom.trim();
  }

  /** The location's status, share-locked (see `lockSkus`), or null when there is none. */
  async lockLocation(manager: EntityManager, locationId: string): Promise<MasterStatus | null> {
    const rows: { status: MasterStatus }[] = await manager.query(
      `SELECT status FROM location WHERE location_id = $1 FOR SHARE`,
      [locationId],
    );
    return rows[0]?.status ?? null;
  }

  async skuNames(manager: EntityManager, skuIds: readonly string[]): Promise<Map<string, string>> {
    if (skuIds.length === 0) return new Map();
    const rows: { sku_id: string; name: string }[] = await manager.query(
      `SELECT sku_id, name FROM sku WHERE sku_id = ANY($1)`,
      [skuIds],
    );
    return new Map(rows.map((row) => [row.sku_id, row.name]));
  }

  /** Each SKU's primary unit. */
  async primaryUnits(manager: EntityManager, skuIds: readonly string[]): Promise<Map<string, string>> {
    if (skuIds.length === 0) return new Map();
    const rows: { sku_id: string; primary_uom_name: string }[] = await manager.query(
      `SELECT sku_id, primary_uom_name FROM sku WHERE sku_id = ANY($1)`,
      [skuIds],
    );
    return new Map(rows.map((row) => [row.sku_id, row.primary_uom_name]));
  }

  async locationName(manager: EntityManager, locationId: string): Promise<string | null> {
    const rows: { location_name: string }[] = await manager.query(
      `SELECT location_name FROM location WHERE location_id = $1`,
      [locationId],
    );
    return rows[0]?.location_name ?? null;
  }

  /**
   * Serialises changes of the SKU BOM production graph for the rest of the transaction, so two BOMs saved at once
   * cannot close a cycle that neither sees alone.
   */
  async lockProductionGraph(manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('catalog.sku_bom.production_graph'))`);
  }

  /** What the live (not archived) SKU BOMs producing `skuIds` consume, leaving out the BOM `exceptKey`. */
  async productionEdges(
    manager: EntityManager,
    skuIds: readonly string[],
    exceptKey: string,
  ): Promise<ProductionEdge[]> {
    if (skuIds.length === 0) return [];
    return manager.query(
      `SELECT b.bom_id, b.output_sku_id, c.sku_id
         FROM bom b JOIN bom_consume c ON c.bom_key = b.bom_key
        WHERE b.bom_kind = 'sku_bom' AND b.custom_plu_id IS NULL AND b.status <> 'archived'
          AND b.bom_key <> $2 AND b.output_sku_id = ANY($1)
        ORDER BY b.bom_id, c.line_no`,
      [skuIds, exceptKey],
    );
  }

  /**
   * The current cost of one primary unit of each SKU: its default supplier's lowest current price per primary
   * unit (price / factor of the price's UOM), else the lowest over all its suppliers; null without any price.
   */
  async directUnitCosts(manager: EntityManager, skuIds: readonly string[]): Promise<Map<string, string | null>> {
    if (skuIds.length === 0) return new Map();
    const rows: { sku_id: string; unit_cost: string | null }[] = await manager.query(
      `SELECT s.sku_id,
              COALESCE(
                (SELECT min(p.current_price / u.factor) FROM supplier_price p
                   JOIN sku_uom u ON u.sku_id = p.sku_id AND u.uom_name = p.uom_name
                  WHERE p.sku_id = s.sku_id AND p.supplier_id = s.default_supplier_id),
                (SELECT min(p.current_price / u.factor) FROM supplier_price p
                   JOIN sku_uom u ON u.sku_id = p.sku_id AND u.uom_name = p.uom_name
                  WHERE p.sku_id = s.sku_id)
              )::text AS unit_cost
         FROM sku s WHERE s.sku_id = ANY($1)`,
      [skuIds],
    );
    return new Map(rows.map((row) => [row.sku_id, row.unit_cost]));
  }

  /**
   * The live SKU BOM producing each SKU (the first created when several do), whose cost prices a SKU without
   * supplier prices.
   */
  async producingBoms(manager: EntityManager, skuIds: readonly string[]): Promise<Map<string, ProducingBom>> {
    if (skuIds.length === 0) return new Map();
    const rows: (ProducingBom & { output_sku_id: string })[] = await manager.query(
      `SELECT DISTINCT ON (output_sku_id) output_sku_id, bom_key, output_quantity::text AS output_quantity,
              output_uom_name
         FROM bom
        WHERE bom_kind = 'sku_bom' AND custom_plu_id IS NULL AND status <> 'archived' AND output_sku_id = ANY($1)
        ORDER BY output_sku_id, created_time, bom_id`,
      [skuIds],
    );
    return new Map(rows.map(({ output_sku_id, ...bom }) => [output_sku_id, bom]));
  }

  /**
   * SKUs a BOM can consume, for the form's picker: new or active ones matching the search (code, names, barcode),
   * plus the `sku_ids` asked for (an existing BOM's rows) whatever their status, each with its UOMs. With
   * `sku_ids` and a blank search, only those.
   */
  async skuOptions(manager: EntityManager, query: ValidBomSkuOptionsQuery): Promise<BomSkuOption[]> {
    const pattern = `%${query.search_str.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const skus: Omit<BomSkuOption, 'uom_list'>[] = await manager.query(
      `(SELECT sku_id, name, display_name, ch_display_name, status, primary_uom_name,
               default_wastage_percentage::text AS default_wastage_percentage
          FROM sku
         WHERE status <> 'archived' AND ($4 OR cardinality($3::text[]) = 0)
           AND (sku_id ILIKE $1 OR name ILIKE $1 OR display_name ILIKE $1 OR ch_display_name ILIKE $1 OR barcode ILIKE $1)
         ORDER BY sku_id LIMIT $2)
       UNION
       (SELECT sku_id, name, display_name, ch_display_name, status, primary_uom_name,
               default_wastage_percentage::text AS default_wastage_percentage
          FROM sku WHERE sku_id = ANY($3))
       ORDER BY sku_id`,
      [pattern, query.limit, query.sku_ids, query.search_str.trim() !== ''],
    );
    if (skus.length === 0) return [];
    const units = await this.units(
      manager,
      skus.map((sku) => sku.sku_id),
    );
    return skus.map((sku) => ({ ...sku, uom_list: units.get(sku.sku_id) ?? [] }));
  }

  /** The units of new or active UOM records, and the caller's new or active locations (the owners), by name. */
  async formOptions(manager: EntityManager, scope: LocationScope): Promise<BomFormOptions> {
    const records: { uom_name: string; secondary_uom: string }[] = await manager.query(
      `SELECT uom_name, secondary_uom FROM uom WHERE status <> 'archived' ORDER BY lower(uom_name), lower(secondary_uom)`,
    );
    const ids = scopeIds(scope);
    const locations: BomFormOptions['locations'] = await manager.query(
      `SELECT location_id, location_name FROM location
        WHERE status <> 'archived' AND ($1::text[] IS NULL OR location_id = ANY($1)) ORDER BY location_name`,
      [ids ?? null],
    );
    return { units: unitsOf(records), locations };
  }
}
