import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Return notes (SPEC.md §3, document type GR): the document against a RECEIVED receiving order, its return list
 * (one line per RO stock line, in that line's unit), and procurement's replica of the ledger's postings
 * (`inventory.stock.posted`, one row per posted line) from which the location's on-hand quantity is summed.
 */
export class CreateReturnNotes1795900000500 implements MigrationInterface {
  name = 'CreateReturnNotes1795900000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE return_note (
        id uuid PRIMARY KEY,
        doc_no text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('DRAFT', 'PENDING APPROVAL', 'REJECTED', 'RECEIVED')),
        revision integer NOT NULL CHECK (revision > 0),
        location_id text NOT NULL,
        receiving_order_id uuid NOT NULL REFERENCES receiving_order (id),
        supplier_id text NOT NULL,
        currency text NOT NULL,
        exchange_rate numeric(18,6) NOT NULL CHECK (exchange_rate > 0),
        total_amount numeric(20,2) NOT NULL,
        total_usd numeric(20,2) NOT NULL,
        remark text NOT NULL DEFAULT '',
        created_by text,
        created_by_name text NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        submitted_by text,
        submitted_by_name text,
        submitted_time timestamptz,
        last_updated_by text,
        last_updated_time timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX return_note_list ON return_note (last_updated_time DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX return_note_location_status ON return_note (location_id, status)`);
    await queryRunner.query(`CREATE INDEX return_note_receiving_order ON return_note (receiving_order_id, status)`);
    await queryRunner.query(`
      CREATE TABLE return_note_line (
        return_note_id uuid NOT NULL REFERENCES return_note (id) ON DELETE CASCADE,
        line_no integer NOT NULL CHECK (line_no > 0),
        ro_line_no integer NOT NULL,
        sku_id text NOT NULL,
        uom_name text NOT NULL,
        quantity numeric(18,3) NOT NULL CHECK (quantity > 0),
        unit_price numeric(18,4) NOT NULL DEFAULT 0,
        line_subtotal numeric(20,2) NOT NULL DEFAULT 0,
        reason text NOT NULL,
        remark text NOT NULL DEFAULT '',
        PRIMARY KEY (return_note_id, line_no)
      )`);
    await queryRunner.query(`
      CREATE TABLE stock_posting_replica (
        posting_id uuid NOT NULL,
        line_index integer NOT NULL,
        document_type text NOT NULL,
        document_id text NOT NULL,
        item_type text NOT NULL,
        item_id text NOT NULL,
        location_id text NOT NULL,
        quantity numeric(18,3) NOT NULL,
        PRIMARY KEY (posting_id, line_index)
      )`);
    await queryRunner.query(
      `CREATE INDEX stock_posting_replica_balance ON stock_posting_replica (item_type, item_id, location_id)`,
    );
    await queryRunner.query(
      `CREATE INDEX stock_posting_replica_document ON stock_posting_replica (document_type, document_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE stock_posting_replica`);
    await queryRunner.query(`DROP TABLE return_note_line`);
    await queryRunner.query(`DROP TABLE return_note`);
  }
}
