import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stock adjustments (docs/stock-ledger.md): the document, its lines (quantities in the line's unit, signed) and
 * the batches a negative line takes from. Values are numeric(24,7) like the ledger's, rounded only when answered.
 */
export class CreateStockAdjustments1795700000300 implements MigrationInterface {
  name = 'CreateStockAdjustments1795700000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE stock_adjustment (
        id uuid PRIMARY KEY,
        doc_no text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('DRAFT', 'PENDING APPROVAL', 'APPROVED', 'REJECTED', 'DISCARDED')),
        revision integer NOT NULL CHECK (revision > 0),
        location_id text NOT NULL,
        value_date date NOT NULL,
        remark text NOT NULL DEFAULT '',
        source text NOT NULL CHECK (source IN ('manual', 'stock_take', 'transfer', 'wip')),
        source_id text,
        source_no text,
        positive_value numeric(24,7) NOT NULL DEFAULT 0,
        negative_value numeric(24,7) NOT NULL DEFAULT 0,
        posting_id uuid,
        created_by text,
        created_by_name text NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        submitted_by text,
        submitted_by_name text,
        submitted_time timestamptz,
        last_updated_by text,
        last_updated_time timestamptz NOT NULL DEFAULT now()
      )`);
    // One automatic adjustment per transfer or WIP, whatever redelivers or re-publishes its event.
    await queryRunner.query(`
      CREATE UNIQUE INDEX stock_adjustment_automatic_source ON stock_adjustment (source, source_id)
        WHERE source IN ('transfer', 'wip')`);
    // A stock take has at most one adjustment still open or approved; a discarded or rejected one makes room.
    await queryRunner.query(`
      CREATE UNIQUE INDEX stock_adjustment_stock_take_live ON stock_adjustment (source_id)
        WHERE source = 'stock_take' AND status NOT IN ('DISCARDED', 'REJECTED')`);
    await queryRunner.query(`CREATE INDEX stock_adjustment_list ON stock_adjustment (last_updated_time DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX stock_adjustment_location_status ON stock_adjustment (location_id, status)`);
    await queryRunner.query(`
      CREATE TABLE stock_adjustment_line (
        adjustment_id uuid NOT NULL REFERENCES stock_adjustment (id) ON DELETE CASCADE,
        line_no integer NOT NULL CHECK (line_no > 0),
        item_type text NOT NULL CHECK (item_type IN ('sku', 'product')),
        item_id text NOT NULL,
        uom_name text NOT NULL,
        adjustment_quantity numeric(18,3) NOT NULL CHECK (adjustment_quantity <> 0),
        reason text NOT NULL,
        unit_cost numeric(18,4),
        adjustment_value numeric(24,7),
        remark text NOT NULL DEFAULT '',
        PRIMARY KEY (adjustment_id, line_no)
      )`);
    await queryRunner.query(`
      CREATE TABLE stock_adjustment_line_batch (
        adjustment_id uuid NOT NULL,
        line_no integer NOT NULL,
        position integer NOT NULL,
        batch_id uuid NOT NULL,
        quantity numeric(18,3) NOT NULL CHECK (quantity > 0),
        PRIMARY KEY (adjustment_id, line_no, position),
        FOREIGN KEY (adjustment_id, line_no) REFERENCES stock_adjustment_line (adjustment_id, line_no) ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE stock_adjustment_line_batch`);
    await queryRunner.query(`DROP TABLE stock_adjustment_line`);
    await queryRunner.query(`DROP TABLE stock_adjustment`);
  }
}
