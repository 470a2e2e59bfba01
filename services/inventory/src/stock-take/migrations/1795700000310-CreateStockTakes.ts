import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stock takes (docs/stock-ledger.md): the count sheet of one location as of `effective_time`. Quantities are in
 * the line's counting unit; the system quantity is kept in the primary unit too, the one the discrepancy's
 * adjustment is made in.
 */
export class CreateStockTakes1795700000310 implements MigrationInterface {
  name = 'CreateStockTakes1795700000310';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE stock_take (
        id uuid PRIMARY KEY,
        doc_no text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('DRAFT', 'PENDING SA', 'COMPLETED', 'RECOUNT')),
        revision integer NOT NULL CHECK (revision > 0),
        location_id text NOT NULL,
        effective_time timestamptz NOT NULL,
        blind_count boolean NOT NULL DEFAULT false,
        remark text NOT NULL DEFAULT '',
        adjustment_id uuid,
        adjustment_no text,
        created_by text,
        created_by_name text NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        submitted_by text,
        submitted_by_name text,
        submitted_time timestamptz,
        last_updated_by text,
        last_updated_time timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX stock_take_list ON stock_take (last_updated_time DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX stock_take_location_status ON stock_take (location_id, status)`);
    await queryRunner.query(
      `CREATE INDEX stock_take_adjustment ON stock_take (adjustment_id) WHERE adjustment_id IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE stock_take_line (
        stock_take_id uuid NOT NULL REFERENCES stock_take (id) ON DELETE CASCADE,
        line_no integer NOT NULL CHECK (line_no > 0),
        item_type text NOT NULL CHECK (item_type IN ('sku', 'product')),
        item_id text NOT NULL,
        uom_name text NOT NULL,
        factor numeric(18,6) NOT NULL CHECK (factor > 0),
        primary_uom_name text NOT NULL,
        system_quantity_primary numeric(18,3) NOT NULL,
        system_quantity numeric(18,3) NOT NULL,
        counted_quantity numeric(18,3) CHECK (counted_quantity >= 0),
        remark text NOT NULL DEFAULT '',
        PRIMARY KEY (stock_take_id, line_no),
        UNIQUE (stock_take_id, item_type, item_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE stock_take_line`);
    await queryRunner.query(`DROP TABLE stock_take`);
  }
}
