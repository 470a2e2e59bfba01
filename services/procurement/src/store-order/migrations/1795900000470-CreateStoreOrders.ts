import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Store orders (SPEC.md §3 "Store order"): the document and its lines, the per-location par levels its suggested
 * quantities start from, the central kitchen setting, and the SKU category names (catalog's events) its lines are grouped by. On hand
 * and usage come from procurement's one replica of the ledger's postings (stock_posting_replica).
 */
export class CreateStoreOrders1795900000470 implements MigrationInterface {
  name = 'CreateStoreOrders1795900000470';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE store_order (
        id uuid PRIMARY KEY,
        doc_no text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('DRAFT', 'SUBMITTED', 'CANCELLED')),
        revision integer NOT NULL CHECK (revision > 0),
        location_id text NOT NULL,
        delivery_time timestamptz NOT NULL,
        order_type text NOT NULL CHECK (order_type IN ('Staff Meal', 'Business Order', 'Internal', 'External')),
        internal_remark text NOT NULL DEFAULT '',
        supplier_remark text NOT NULL DEFAULT '',
        transfer_from_location_id text NULL,
        transfer_line_count integer NULL,
        transfer_requested_time timestamptz NULL,
        created_by text,
        created_by_name text NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        submitted_by text,
        submitted_by_name text,
        submitted_time timestamptz,
        last_updated_by text,
        last_updated_time timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX store_order_list ON store_order (last_updated_time DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX store_order_location_status ON store_order (location_id, status)`);
    await queryRunner.query(`
      CREATE TABLE store_order_line (
        store_order_id uuid NOT NULL REFERENCES store_order (id) ON DELETE CASCADE,
        line_no integer NOT NULL CHECK (line_no > 0),
        sku_id text NOT NULL,
        uom_name text NOT NULL,
        quantity numeric(18,3) NOT NULL CHECK (quantity > 0),
        source text NOT NULL CHECK (source IN ('supplier', 'central_kitchen')),
        supplier_id text NULL,
        remark text NOT NULL DEFAULT '',
        PRIMARY KEY (store_order_id, line_no),
        CHECK ((source = 'supplier') = (supplier_id IS NOT NULL))
      )`);
    await queryRunner.query(`
      CREATE TABLE store_order_par_level (
        location_id text NOT NULL,
        sku_id text NOT NULL,
        par_level numeric(18,3) NOT NULL CHECK (par_level > 0),
        last_updated_by text,
        last_updated_by_name text NOT NULL,
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (location_id, sku_id)
      )`);
    await queryRunner.query(`ALTER TABLE procurement_setting ADD COLUMN central_kitchen_location_id text NULL`);
    await queryRunner.query(`
      CREATE TABLE sku_category_replica (
        category_id uuid PRIMARY KEY,
        category_name text NULL,
        status text NULL,
        deleted boolean NOT NULL DEFAULT false,
        revision integer NOT NULL,
        last_updated_time timestamptz NULL,
        replicated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sku_category_replica`);
    await queryRunner.query(`ALTER TABLE procurement_setting DROP COLUMN central_kitchen_location_id`);
    await queryRunner.query(`DROP TABLE store_order_par_level`);
    await queryRunner.query(`DROP TABLE store_order_line`);
    await queryRunner.query(`DROP TABLE store_order`);
  }
}
