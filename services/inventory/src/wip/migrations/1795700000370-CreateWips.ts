import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * WIP production (SPEC.md §3 WIP, key WIP): the document (numbered in its location's WIP series), its outputs (SKU
 * BOMs and quantities in each BOM's output unit), the ingredients computed from them (primary units) and its
 * by-products. Values numeric(24,7) like the ledger's, rounded only when answered.
 */
export class CreateWips1795700000370 implements MigrationInterface {
  name = 'CreateWips1795700000370';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE wip (
        id uuid PRIMARY KEY,
        doc_no text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('DRAFT', 'COMPLETED', 'DISCARDED')),
        revision integer NOT NULL CHECK (revision > 0),
        location_id text NOT NULL,
        wip_date date NOT NULL,
        remark text NOT NULL DEFAULT '',
        ingredient_value numeric(24,7),
        output_value numeric(24,7),
        by_product_value numeric(24,7),
        posting_id uuid,
        posted_by text,
        posted_by_name text,
        posted_time timestamptz,
        created_by text,
        created_by_name text NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        submitted_by text,
        submitted_by_name text,
        submitted_time timestamptz,
        last_updated_by text,
        last_updated_time timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX wip_list ON wip (last_updated_time DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX wip_location ON wip (location_id, status)`);
    await queryRunner.query(`
      CREATE TABLE wip_output (
        wip_id uuid NOT NULL REFERENCES wip (id) ON DELETE CASCADE,
        line_no integer NOT NULL CHECK (line_no > 0),
        bom_id text NOT NULL,
        bom_name text NOT NULL,
        sku_id text NOT NULL,
        uom_name text NOT NULL,
        planned_quantity numeric(18,3) NOT NULL CHECK (planned_quantity > 0),
        produce_quantity numeric(18,3) CHECK (produce_quantity > 0),
        output_value numeric(24,7),
        unit_cost numeric(18,4),
        PRIMARY KEY (wip_id, line_no)
      )`);
    await queryRunner.query(`
      CREATE TABLE wip_consumption (
        wip_id uuid NOT NULL REFERENCES wip (id) ON DELETE CASCADE,
        line_no integer NOT NULL CHECK (line_no > 0),
        sku_id text NOT NULL,
        uom_name text NOT NULL,
        planned_quantity numeric(18,3) NOT NULL,
        expected_quantity numeric(18,3),
        actual_quantity numeric(18,3) CHECK (actual_quantity >= 0),
        issued_value numeric(24,7),
        PRIMARY KEY (wip_id, line_no),
        UNIQUE (wip_id, sku_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE wip_by_product (
        wip_id uuid NOT NULL REFERENCES wip (id) ON DELETE CASCADE,
        line_no integer NOT NULL CHECK (line_no > 0),
        item_type text NOT NULL CHECK (item_type IN ('sku')),
        item_id text NOT NULL,
        uom_name text NOT NULL,
        quantity numeric(18,3) NOT NULL CHECK (quantity > 0),
        cost_share_percentage numeric(5,2) NOT NULL CHECK (cost_share_percentage >= 0 AND cost_share_percentage < 100),
        value numeric(24,7),
        unit_cost numeric(18,4),
        PRIMARY KEY (wip_id, line_no)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE wip_by_product`);
    await queryRunner.query(`DROP TABLE wip_consumption`);
    await queryRunner.query(`DROP TABLE wip_output`);
    await queryRunner.query(`DROP TABLE wip`);
  }
}
