import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import { DataSource } from 'typeorm';
import type { MigrationInterface } from 'typeorm';
import { NameSkuUnits1795637601991 } from '../../src/migrations/1795637601991-NameSkuUnits.js';

type MigrationClass = new () => MigrationInterface;

const MIGRATIONS_DIR = join(import.meta.dirname, '../../src/migrations');

/** Every catalog migration, in file order (the name starts with its epoch-ms). */
async function catalogMigrations(): Promise<MigrationClass[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d+-\w+\.ts$/.test(file))
    .sort();
  const modules = await Promise.all(
    files.map((file) => import(join(MIGRATIONS_DIR, file)) as Promise<Record<string, MigrationClass>>),
  );
  return modules.map((module) => Object.values(module)[0]);
}

async function open(url: string, migrations: MigrationClass[]): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    url,
    schema: 'catalog',
    migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    extra: { options: '-c search_path=catalog' },
  });
  await dataSource.initialize();
  await dataSource.query(`CREATE SCHEMA IF NOT EXISTS catalog`);
  await dataSource.runMigrations();
  return dataSource;
}

const KG_BAG = '00000000-0000-4000-8000-00000000000a';
const PCS_CARTON = '00000000-0000-4000-8000-00000000000b';
const G_KG = '00000000-0000-4000-8000-00000000000c';
const PCS_BOX = '00000000-0000-4000-8000-00000000000d';
const CATEGORY = '00000000-0000-4000-8000-0000000000c1';
const SUPPLIER_CATEGORY = '00000000-0000-4000-8000-0000000000c2';
const BOM_CATEGORY = '00000000-0000-4000-8000-0000000000c3';
const BOM_KEY = '00000000-0000-4000-8000-0000000000b1';
const PLU_BOM_KEY = '00000000-0000-4000-8000-0000000000b2';

/**
 * Data made the old way (a SKU row pointing at a whole UOM record, with its own factor), then the migration that
 * names every unit (docs/units-of-measure.md, "Data made before this model"): every SKU keeps its units, factors,
 * prices and BOM lines, now by their real names.
 */
describe(NameSkuUnits1795637601991.name, () => {
  let database: TestDatabase;
  let sut: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase('scm_units_migration');
    const all = await catalogMigrations();
    const before = all.filter((migration) => migration !== NameSkuUnits1795637601991);
    expect(before).toHaveLength(all.length - 1);
    const old = await open(database.url, before);
    await old.query(`
      INSERT INTO uom (uom_id, uom_name, secondary_uom, uom_per_primary, status, revision) VALUES
        ('${KG_BAG}', 'KG', 'BAG', 25, 'active', 1),
        ('${PCS_CARTON}', 'PCS', 'CARTON', 24, 'active', 1),
        ('${G_KG}', 'G', 'KG', 1000, 'active', 1),
        ('${PCS_BOX}', 'PCS', 'BOX', 6, 'active', 1)`);
    await old.query(`INSERT INTO sku_category (category_id, category_name, status, revision)
      VALUES ('${CATEGORY}', 'Dry', 'active', 1)`);
    await old.query(`INSERT INTO supplier_category (category_id, category_name, status, revision)
      VALUES ('${SUPPLIER_CATEGORY}', 'Mills', 'active', 1)`);
    await old.query(`INSERT INTO supplier (supplier_id, company_name, credit_term_in_days, contact_name, contact_no,
        address, postal_code, country, minimum_order_value, category_id, gst_price_type, gst_rate, tax_rate, tax_type,
        status, revision)
      VALUES ('SUP-1', 'Mill Co', 30, 'Ann', '91234567', '1 Road', '123456', 'Singapore', 0, '${SUPPLIER_CATEGORY}',
        'exclusive', 9, 9, 'GST', 'active', 1)`);
    // FLOUR: primary KG (record KG / BAG, shown as KG) and G / KG at 0.001 (the record read backwards).
    // CUPS: primary PCS (record PCS / CARTON) and KG / BAG at 24 (no record links KG and PCS).
    // SUGAR: primary KG and PCS / CARTON at 25: the "1 PCS = 25 KG".
    // LIDS: primary PCS (record PCS / BOX) and PCS / CARTON at 24: the record's own factor, so it meant CARTON.
    for (const [sku, primary, purchasing] of [
      ['FLOUR', KG_BAG, G_KG],
      ['CUPS', PCS_CARTON, PCS_CARTON],
      ['SUGAR', KG_BAG, PCS_CARTON],
      ['LIDS', PCS_BOX, PCS_CARTON],
    ]) {
      await old.query(
        `INSERT INTO sku (sku_id, name, display_name, category_id, primary_uom_id, purchasing_uom_id, receiving_uom_id,
           counting_uom_id, status, revision)
         VALUES ($1, $1, $1, '${CATEGORY}', $2, $3, $3, $2, 'active', 1)`,
        [sku, primary, purchasing],
      );
      await old.query(`INSERT INTO sku_supplier (sku_id, supplier_id, position) VALUES ($1, 'SUP-1', 0)`, [sku]);
    }
    await old.query(`
      INSERT INTO sku_uom (sku_id, uom_id, factor, position) VALUES
        ('FLOUR', '${KG_BAG}', 1, 0), ('FLOUR', '${G_KG}', 0.001, 1),
        ('CUPS', '${PCS_CARTON}', 1, 0), ('CUPS', '${KG_BAG}', 24, 1),
        ('SUGAR', '${KG_BAG}', 1, 0), ('SUGAR', '${PCS_CARTON}', 25, 1),
        ('LIDS', '${PCS_BOX}', 1, 0), ('LIDS', '${PCS_CARTON}', 24, 1)`);
    await old.query(`
      INSERT INTO supplier_price (sku_id, supplier_id, uom_id, current_price, revision) VALUES
        ('FLOUR', 'SUP-1', '${KG_BAG}', 2.5, 1), ('FLOUR', 'SUP-1', '${G_KG}', 0.003, 1),
        ('CUPS', 'SUP-1', '${KG_BAG}', 12, 1), ('SUGAR', 'SUP-1', '${PCS_CARTON}', 40, 1),
        ('LIDS', 'SUP-1', '${PCS_CARTON}', 9.6, 1)`);
    await old.query(`INSERT INTO item_category (category_id, kind, category_name, status, revision)
      VALUES ('${BOM_CATEGORY}', 'sku_bom', 'Mixes', 'active', 1)`);
    await old.query(`
      INSERT INTO bom (bom_key, bom_kind, bom_id, bom_name, output_sku_id, output_quantity, output_uom_id, category_id,
                       status, revision)
      VALUES ('${BOM_KEY}', 'sku_bom', 'MIX', 'Mix', 'SUGAR', 2, '${PCS_CARTON}', '${BOM_CATEGORY}', 'active', 1)`);
    await old.query(`
      INSERT INTO bom (bom_key, bom_kind, bom_id, bom_name, output_quantity, output_uom_id, category_id, status, revision)
      VALUES ('${PLU_BOM_KEY}', 'plu_bom', 'CAKE', 'Cake', 1, '${PCS_CARTON}', '${BOM_CATEGORY}', 'active', 1)`);
    await old.query(`
      INSERT INTO bom_consume (bom_key, line_no, sku_id, quantity_per_uom, uom_id, wastage_percentage) VALUES
        ('${BOM_KEY}', 1, 'FLOUR', 1.5, '${G_KG}', 2), ('${BOM_KEY}', 2, 'CUPS', 3, '${KG_BAG}', 0),
        ('${PLU_BOM_KEY}', 1, 'FLOUR', 0.25, '${KG_BAG}', 0)`);
    await old.query(`
      INSERT INTO record_usage (target_type, target_id, used_by_type, used_by_id) VALUES
        ('uom', '${KG_BAG}', 'sku', 'FLOUR'), ('uom', '${G_KG}', 'sku', 'FLOUR'),
        ('uom', '${PCS_CARTON}', 'sku', 'CUPS'), ('uom', '${KG_BAG}', 'sku', 'CUPS'),
        ('uom', '${G_KG}', 'sku_bom', 'MIX'),
        ('sku_uom', 'FLOUR/${G_KG}', 'sku_bom', 'MIX'), ('sku_uom', 'CUPS/${KG_BAG}', 'sku_bom', 'MIX'),
        ('sku_uom', 'SUGAR/${PCS_CARTON}', 'sku_bom', 'MIX')`);
    await old.destroy();
    sut = await open(database.url, all);
  });

  afterAll(async () => {
    await sut?.destroy();
    await database?.drop();
  });

  it('names every SKU unit by its real name and keeps every factor', async () => {
    const rows = await sut.query(
      `SELECT sku_id, uom_name, factor::text AS factor, uom_id::text AS uom_id FROM sku_uom ORDER BY sku_id, position`,
    );
    expect(rows).toEqual([
      { sku_id: 'CUPS', uom_name: 'PCS', factor: '1.000000', uom_id: null },
      // The record KG / BAG does not link KG to PCS: the old screen's name and the SKU's own factor are kept.
      { sku_id: 'CUPS', uom_name: 'KG', factor: '24.000000', uom_id: null },
      { sku_id: 'FLOUR', uom_name: 'KG', factor: '1.000000', uom_id: null },
      // G / KG read backwards (1 KG = 1000 G) with 0.001: the unit G, from that record.
      { sku_id: 'FLOUR', uom_name: 'G', factor: '0.001000', uom_id: G_KG },
      { sku_id: 'LIDS', uom_name: 'PCS', factor: '1.000000', uom_id: null },
      { sku_id: 'LIDS', uom_name: 'CARTON', factor: '24.000000', uom_id: PCS_CARTON },
      { sku_id: 'SUGAR', uom_name: 'KG', factor: '1.000000', uom_id: null },
      // The "1 PCS = 25 KG": kept as the data says it, for the user to correct.
      { sku_id: 'SUGAR', uom_name: 'PCS', factor: '25.000000', uom_id: null },
    ]);
  });

  it("names the SKU's primary, purchasing, receiving and counting units", async () => {
    const skus = await sut.query(
      `SELECT sku_id, primary_uom_name, purchasing_uom_name, receiving_uom_name, counting_uom_name FROM sku
        ORDER BY sku_id`,
    );
    expect(skus).toEqual([
      {
        sku_id: 'CUPS',
        primary_uom_name: 'PCS',
        purchasing_uom_name: 'PCS',
        receiving_uom_name: 'PCS',
        counting_uom_name: 'PCS',
      },
      {
        sku_id: 'FLOUR',
        primary_uom_name: 'KG',
        purchasing_uom_name: 'G',
        receiving_uom_name: 'G',
        counting_uom_name: 'KG',
      },
      {
        sku_id: 'LIDS',
        primary_uom_name: 'PCS',
        purchasing_uom_name: 'CARTON',
        receiving_uom_name: 'CARTON',
        counting_uom_name: 'PCS',
      },
      {
        sku_id: 'SUGAR',
        primary_uom_name: 'KG',
        purchasing_uom_name: 'PCS',
        receiving_uom_name: 'PCS',
        counting_uom_name: 'KG',
      },
    ]);
  });

  it('keeps every supplier price on its unit, by name', async () => {
    const prices = await sut.query(
      `SELECT sku_id, supplier_id, uom_name, current_price::text AS current_price FROM supplier_price
        ORDER BY sku_id, uom_name`,
    );
    expect(prices).toEqual([
      { sku_id: 'CUPS', supplier_id: 'SUP-1', uom_name: 'KG', current_price: '12.0000' },
      { sku_id: 'FLOUR', supplier_id: 'SUP-1', uom_name: 'G', current_price: '0.0030' },
      { sku_id: 'FLOUR', supplier_id: 'SUP-1', uom_name: 'KG', current_price: '2.5000' },
      { sku_id: 'LIDS', supplier_id: 'SUP-1', uom_name: 'CARTON', current_price: '9.6000' },
      { sku_id: 'SUGAR', supplier_id: 'SUP-1', uom_name: 'PCS', current_price: '40.0000' },
    ]);
  });

  it('keeps every BOM line and output in its unit, by name', async () => {
    const lines = await sut.query(
      `SELECT b.bom_id, c.sku_id, c.quantity_per_uom::text AS quantity, c.uom_name, c.wastage_percentage::text AS wastage
         FROM bom_consume c JOIN bom b ON b.bom_key = c.bom_key ORDER BY b.bom_id, c.line_no`,
    );
    expect(lines).toEqual([
      { bom_id: 'CAKE', sku_id: 'FLOUR', quantity: '0.250', uom_name: 'KG', wastage: '0.00' },
      { bom_id: 'MIX', sku_id: 'FLOUR', quantity: '1.500', uom_name: 'G', wastage: '2.00' },
      { bom_id: 'MIX', sku_id: 'CUPS', quantity: '3.000', uom_name: 'KG', wastage: '0.00' },
    ]);
    const outputs = await sut.query(`SELECT bom_id, output_uom_name FROM bom ORDER BY bom_id`);
    expect(outputs).toEqual([
      // A PLU BOM's output is the record's uom_name, as the old screens showed it.
      { bom_id: 'CAKE', output_uom_name: 'PCS' },
      { bom_id: 'MIX', output_uom_name: 'PCS' },
    ]);
  });

  it('moves the usage: a SKU uses the records its factors come from, a BOM uses the SKU in a unit by name', async () => {
    const usage = await sut.query(
      `SELECT target_type, target_id, used_by_type, used_by_id FROM record_usage
        WHERE target_type IN ('uom', 'sku_uom') ORDER BY target_type, target_id, used_by_id`,
    );
    expect(usage).toEqual([
      { target_type: 'sku_uom', target_id: 'CUPS/KG', used_by_type: 'sku_bom', used_by_id: 'MIX' },
      { target_type: 'sku_uom', target_id: 'FLOUR/G', used_by_type: 'sku_bom', used_by_id: 'MIX' },
      { target_type: 'sku_uom', target_id: 'SUGAR/PCS', used_by_type: 'sku_bom', used_by_id: 'MIX' },
      { target_type: 'uom', target_id: PCS_CARTON, used_by_type: 'sku', used_by_id: 'LIDS' },
      { target_type: 'uom', target_id: G_KG, used_by_type: 'sku', used_by_id: 'FLOUR' },
    ]);
  });

  it('still refuses a price in a unit the SKU does not list', async () => {
    await expect(
      sut.query(`INSERT INTO supplier_price (sku_id, supplier_id, uom_name, current_price, revision)
        VALUES ('FLOUR', 'SUP-1', 'BAG', 50, 1)`),
    ).rejects.toThrow(/supplier_price_sku_unit/);
  });
});
