import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stock transfers (SPEC.md §3, key SR): the document (numbered in its SOURCE location's SR series) and its lines,
 * quantities in the line's unit. Values are numeric(24,7) like the ledger's, rounded only when answered.
 */
export class CreateStockTransfers1795700000320 implements MigrationInterface {
  name = 'CreateStockTransfers1795700000320';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE stock_transfer (
        id uuid PRIMARY KEY,
        doc_no text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('DRAFT', 'PENDING APPROVAL', 'IN TRANSIT', 'REJECTED',
          'PARTIALLY RECEIVED', 'RECEIVED', 'DENIED', 'RETURN')),
        revision integer NOT NULL CHECK (revision > 0),
        from_location_id text NOT NULL,
        to_location_id text NOT NULL,
        urgency text NOT NULL CHECK (urgency IN ('LOW', 'MEDIUM', 'HIGH')),
        release_date date NOT NULL,
        contact text NOT NULL DEFAULT '',
        remark text NOT NULL DEFAULT '',
        source text NOT NULL CHECK (source IN ('manual', 'store_order')),
        source_id text,
        source_no text,
        transfer_value numeric(24,7) NOT NULL DEFAULT 0,
        dispatch_posting_id uuid,
        arrival_posting_id uuid,
        created_by text,
        created_by_name text NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        submitted_by text,
        submitted_by_name text,
        submitted_time timestamptz,
        received_by text,
        received_by_name text,
        received_time timestamptz,
        last_updated_by text,
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT stock_transfer_locations CHECK (from_location_id <> to_location_id)
      )`);
    // One transfer per store order, whatever redelivers or re-publishes its request.
    await queryRunner.query(`
      CREATE UNIQUE INDEX stock_transfer_store_order ON stock_transfer (source_id) WHERE source = 'store_order'`);
    await queryRunner.query(`CREATE INDEX stock_transfer_list ON stock_transfer (last_updated_time DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX stock_transfer_from ON stock_transfer (from_location_id, status)`);
    await queryRunner.query(`CREATE INDEX stock_transfer_to ON stock_transfer (to_location_id, status)`);
    await queryRunner.query(`
      CREATE TABLE stock_transfer_line (
        transfer_id uuid NOT NULL REFERENCES stock_transfer (id) ON DELETE CASCADE,
        line_no integer NOT NULL CHECK (line_no > 0),
        item_type text NOT NULL CHECK (item_type IN ('sku', 'product')),
        item_id text NOT NULL,
        uom_name text NOT NULL,
        release_quantity numeric(18,3) NOT NULL CHECK (release_quantity > 0),
        received_quantity numeric(18,3) CHECK (received_quantity >= 0),
        rejected_quantity numeric(18,3) CHECK (rejected_quantity >= 0),
        reject_reason text,
        line_value numeric(24,7),
        rejected_value numeric(24,7),
        remark text NOT NULL DEFAULT '',
        PRIMARY KEY (transfer_id, line_no)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE stock_transfer_line`);
    await queryRunner.query(`DROP TABLE stock_transfer`);
  }
}
