import type { LocationSnapshot, SkuSnapshot, StockPostingRequest } from '@scm/contracts';
import { CreatePlatformTables1763800000000, EventPublisher, inTransaction, openServiceDataSource } from '@scm/platform';
import { createTestDatabase } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import type { DataSource, EntityManager, MigrationInterface } from 'typeorm';
// Not exported by @scm/platform (ServicePlatformModule runs it last for every service): the outbox's sequences.
import { EventGuarantees1795640000000 } from '../../../../libs/platform/src/database/event-guarantees.migration.js';
// The document kit's tables (number series: back orders are numbered SO-<location>-000001).
import { CreateDocumentKitTables1795650000000 } from '../../../../libs/platform/src/database/document-kit-tables.migration.js';
import { InventorySettingsService } from '../../src/ledger/inventory-settings.service.js';
import { ledgerArea } from '../../src/ledger/ledger.area.js';
import type { PostingActor } from '../../src/ledger/stock-ledger.js';
import { StockLedger } from '../../src/ledger/stock-ledger.js';
import { ItemReplicaRepository } from '../../src/replicas/item-replica.repository.js';
import { LocationReplicaRepository } from '../../src/replicas/location-replica.repository.js';
import { replicasArea } from '../../src/replicas/replicas.area.js';

/** The ledger on a database of its own: the inventory schema with the platform, replica and ledger tables. */
export interface LedgerFixture {
  database: TestDatabase;
  dataSource: DataSource;
  sut: StockLedger;
  items: ItemReplicaRepository;
  locations: LocationReplicaRepository;
  settings: InventorySettingsService;
  close(): Promise<void>;
}

export const ACTOR: PostingActor = { id: 'u-1', name: 'Tester' };

/** The ledger's tables on a fresh database; `extraMigrations` adds an area's tables a test also needs. */
export async function openLedger(
  prefix = 'scm_ledger',
  poolSize = 10,
  extraMigrations: (new () => MigrationInterface)[] = [],
): Promise<LedgerFixture> {
  const database = await createTestDatabase(prefix);
  const dataSource = await openServiceDataSource({
    url: database.url,
    schema: 'inventory',
    entities: [],
    poolSize,
    migrations: [
      CreatePlatformTables1763800000000,
      CreateDocumentKitTables1795650000000,
      ...replicasArea.migrations,
      ...ledgerArea.migrations,
      ...extraMigrations,
      EventGuarantees1795640000000,
    ],
  });
  const items = new ItemReplicaRepository();
  const locations = new LocationReplicaRepository();
  const settings = new InventorySettingsService(dataSource);
  const sut = new StockLedger(items, locations, settings, new EventPublisher('inventory'));
  return {
    database,
    dataSource,
    sut,
    items,
    locations,
    settings,
    close: async () => {
      await dataSource.destroy();
      await database.drop();
    },
  };
}

export { locationSnapshot, productSnapshot, skuSnapshot } from '@scm/testing';

/** Puts SKUs and locations into the replicas, as catalog's events would. */
export async function seedReplicas(
  fixture: LedgerFixture,
  skus: SkuSnapshot[],
  locations: LocationSnapshot[],
): Promise<void> {
  await inTransaction(fixture.dataSource, async (manager) => {
    for (const sku of skus) await fixture.items.upsertSku(manager, sku);
    for (const location of locations) await fixture.locations.upsert(manager, location);
  });
}

/** One posting in a transaction of its own, as a document action would. */
export function post(fixture: LedgerFixture, request: StockPostingRequest, actor: PostingActor = ACTOR) {
  return inTransaction(fixture.dataSource, (manager: EntityManager) => fixture.sut.post(manager, request, actor));
}

export interface InvariantRow {
  item_type: string;
  item_id: string;
  location_id: string;
  on_hand: string;
  movement_quantity: string;
  batch_remaining: string;
  stock_value: string;
  movement_value: string;
  batch_value: string;
}

/**
 * For every (item, location): the balance, Σ movements and Σ remaining batches (quantity and value), computed
 * by PostgreSQL from the stored rows. The invariant holds when each triple is equal.
 */
export async function ledgerTotals(dataSource: DataSource): Promise<InvariantRow[]> {
  return dataSource.query<InvariantRow[]>(`
    SELECT b.item_type, b.item_id, b.location_id,
           b.on_hand::text AS on_hand,
           COALESCE((SELECT sum(m.quantity) FROM stock_movement m WHERE (m.item_type, m.item_id, m.location_id) =
             (b.item_type, b.item_id, b.location_id)), 0)::numeric(18,3)::text AS movement_quantity,
           COALESCE((SELECT sum(s.remaining_quantity) FROM stock_batch s WHERE (s.item_type, s.item_id, s.location_id) =
             (b.item_type, b.item_id, b.location_id)), 0)::numeric(18,3)::text AS batch_remaining,
           b.stock_value::text AS stock_value,
           COALESCE((SELECT sum(m.cost_value) FROM stock_movement m WHERE (m.item_type, m.item_id, m.location_id) =
             (b.item_type, b.item_id, b.location_id)), 0)::numeric(24,7)::text AS movement_value,
           COALESCE((SELECT sum(s.remaining_quantity * s.unit_cost) FROM stock_batch s
             WHERE (s.item_type, s.item_id, s.location_id) = (b.item_type, b.item_id, b.location_id)), 0)::numeric(24,7)::text
             AS batch_value
      FROM stock_balance b ORDER BY b.item_type, b.item_id, b.location_id`);
}

export interface TransitInvariantRow {
  item_type: string;
  item_id: string;
  location_id: string;
  in_transit: string;
  transit_remaining: string;
  in_transit_value: string;
  transit_value: string;
}

/**
 * For every (item, location): what the balance says left it on transfers and has not arrived, and Σ of its
 * in-transit layers (quantity and value). The invariant holds when each pair is equal.
 */
export async function transitTotals(dataSource: DataSource): Promise<TransitInvariantRow[]> {
  return dataSource.query<TransitInvariantRow[]>(`
    SELECT b.item_type, b.item_id, b.location_id,
           b.in_transit::text AS in_transit,
           COALESCE((SELECT sum(t.remaining_quantity) FROM stock_transit t WHERE (t.item_type, t.item_id,
             t.from_location_id) = (b.item_type, b.item_id, b.location_id)), 0)::numeric(18,3)::text AS transit_remaining,
           b.in_transit_value::text AS in_transit_value,
           COALESCE((SELECT sum(t.remaining_quantity * t.unit_cost) FROM stock_transit t WHERE (t.item_type, t.item_id,
             t.from_location_id) = (b.item_type, b.item_id, b.location_id)), 0)::numeric(24,7)::text AS transit_value
      FROM stock_balance b ORDER BY b.item_type, b.item_id, b.location_id`);
}

/** An item's whole stock, wherever it is: Σ on hand + in transit (quantity) and Σ stock value + in-transit value. */
export async function itemTotal(dataSource: DataSource, itemId: string): Promise<{ quantity: string; value: string }> {
  const [row] = await dataSource.query<{ quantity: string; value: string }[]>(
    `SELECT COALESCE(sum(on_hand + in_transit), 0)::numeric(18,3)::text AS quantity,
            COALESCE(sum(stock_value + in_transit_value), 0)::numeric(24,7)::text AS value
       FROM stock_balance WHERE item_id = $1`,
    [itemId],
  );
  return row;
}
