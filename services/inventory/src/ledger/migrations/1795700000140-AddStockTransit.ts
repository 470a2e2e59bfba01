import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * In transit (docs/stock-ledger.md, "In transit"): a transfer's dispatched FIFO layers, kept against the transfer
 * line until they arrive (at the destination, or back at the source). `stock_balance.in_transit` and the new
 * `in_transit_value` of the SOURCE location say what left it and has not arrived yet, so the source's
 * on hand + in transit value only changes when stock arrives elsewhere.
 */
export class AddStockTransit1795700000140 implements MigrationInterface {
  name = 'AddStockTransit1795700000140';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE stock_balance ADD COLUMN in_transit_value numeric(24,7) NOT NULL DEFAULT 0`);
    await queryRunner.query(
      `ALTER TABLE stock_balance ADD CONSTRAINT stock_balance_in_transit CHECK (in_transit >= 0 AND in_transit_value >= 0)`,
    );
    await queryRunner.query(`
      CREATE TABLE stock_transit (
        transit_id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        document_type text NOT NULL,
        document_id text NOT NULL,
        line_no integer NOT NULL,
        item_type text NOT NULL,
        item_id text NOT NULL,
        -- Where it left from: the balance row whose in_transit it is counted in.
        from_location_id text NOT NULL,
        -- The source layer it was issued from (its cost travels with it).
        batch_id uuid NOT NULL REFERENCES stock_batch (batch_id),
        dispatched_quantity numeric(18,3) NOT NULL,
        remaining_quantity numeric(18,3) NOT NULL,
        unit_cost numeric(18,4) NOT NULL,
        posting_id uuid NOT NULL REFERENCES stock_posting (posting_id),
        value_date date NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT stock_transit_remaining CHECK (remaining_quantity >= 0 AND remaining_quantity <= dispatched_quantity),
        CONSTRAINT stock_transit_dispatched CHECK (dispatched_quantity > 0),
        CONSTRAINT stock_transit_seq UNIQUE (seq)
      )`);
    // An arrival takes the line's layers oldest first.
    await queryRunner.query(
      `CREATE INDEX stock_transit_line ON stock_transit (document_type, document_id, line_no, seq)`,
    );
    // What a location has in transit (its balance's in_transit, by layer).
    await queryRunner.query(
      `CREATE INDEX stock_transit_open ON stock_transit (item_type, item_id, from_location_id) WHERE remaining_quantity > 0`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE stock_transit`);
    await queryRunner.query(`ALTER TABLE stock_balance DROP CONSTRAINT stock_balance_in_transit`);
    await queryRunner.query(`ALTER TABLE stock_balance DROP COLUMN in_transit_value`);
  }
}
