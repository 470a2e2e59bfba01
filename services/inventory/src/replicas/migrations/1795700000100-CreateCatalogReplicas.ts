import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger's copies of catalog's items (SKUs and products), their categories, locations and regions
 * (docs/stock-ledger.md, "Tables"). Each row keeps catalog's revision so an older snapshot never wins, and a
 * deletion stays as a tombstone (`deleted`) so a late upsert of the deleted record cannot bring it back.
 */
export class CreateCatalogReplicas1795700000100 implements MigrationInterface {
  name = 'CreateCatalogReplicas1795700000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE item_replica (
        item_type text NOT NULL CHECK (item_type IN ('sku', 'product')),
        item_id text NOT NULL,
        item_name text NOT NULL,
        ch_display_name text NOT NULL DEFAULT '',
        category_id uuid NULL,
        sub_category_id uuid NULL,
        primary_uom_name text NOT NULL,
        counting_uom_name text NOT NULL,
        uom_list jsonb NOT NULL DEFAULT '[]',
        threshold numeric(18,3) NOT NULL DEFAULT 0,
        is_inventorise boolean NOT NULL,
        status text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        revision integer NOT NULL,
        last_updated_time timestamptz NOT NULL,
        replicated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (item_type, item_id)
      )`);
    // Stock take by whole categories; the overview's category filter.
    await queryRunner.query(
      `CREATE INDEX item_replica_category ON item_replica (item_type, category_id) WHERE NOT deleted`,
    );
    await queryRunner.query(`
      CREATE TABLE item_category_replica (
        item_type text NOT NULL CHECK (item_type IN ('sku', 'product')),
        category_id uuid NOT NULL,
        category_name text NOT NULL,
        sub_categories jsonb NOT NULL DEFAULT '[]',
        status text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        revision integer NOT NULL,
        replicated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (item_type, category_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE location_replica (
        location_id text PRIMARY KEY,
        location_name text NOT NULL,
        region_id uuid NULL,
        is_operating boolean NOT NULL DEFAULT true,
        status text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        revision integer NOT NULL,
        replicated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The overview's region filter.
    await queryRunner.query(`CREATE INDEX location_replica_region ON location_replica (region_id) WHERE NOT deleted`);
    await queryRunner.query(`
      CREATE TABLE region_replica (
        region_id uuid PRIMARY KEY,
        region_name text NOT NULL,
        status text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        revision integer NOT NULL,
        replicated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE region_replica`);
    await queryRunner.query(`DROP TABLE location_replica`);
    await queryRunner.query(`DROP TABLE item_category_replica`);
    await queryRunner.query(`DROP TABLE item_replica`);
  }
}
