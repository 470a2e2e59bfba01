import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The stock ledger (docs/stock-ledger.md, "Tables"): quantities numeric(18,3) in the item's primary unit, unit
 * costs numeric(18,4), values numeric(24,7) — a quantity times a unit cost is exact at 7 decimals, so
 * "value = Σ remaining × unit cost" holds to the last digit. The CHECKs are the invariants no bug may break.
 */
export class CreateStockLedger1795700000110 implements MigrationInterface {
  name = 'CreateStockLedger1795700000110';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE stock_posting (
        posting_id uuid PRIMARY KEY,
        document_type text NOT NULL,
        document_id text NOT NULL,
        revision integer NOT NULL,
        document_no text NOT NULL,
        value_date date NOT NULL,
        request_hash text NOT NULL,
        actor_id text NULL,
        actor_name text NOT NULL,
        posted_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT stock_posting_document UNIQUE (document_type, document_id, revision)
      )`);

    await queryRunner.query(`
      CREATE TABLE stock_balance (
        item_type text NOT NULL,
        item_id text NOT NULL,
        location_id text NOT NULL,
        on_hand numeric(18,3) NOT NULL DEFAULT 0,
        reserved numeric(18,3) NOT NULL DEFAULT 0,
        in_transit numeric(18,3) NOT NULL DEFAULT 0,
        stock_value numeric(24,7) NOT NULL DEFAULT 0,
        -- Σ current_quantity of the open back orders (≤ 0): a receipt looks for back orders only when it is not 0,
        -- and the overview shows it without reading back_order.
        back_order_quantity numeric(18,3) NOT NULL DEFAULT 0,
        last_movement_time timestamptz NULL,
        -- The posting that created the row: it, and only it, announces the item and location as in use.
        created_posting_id uuid NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (item_type, item_id, location_id),
        CONSTRAINT stock_balance_on_hand CHECK (on_hand >= 0),
        CONSTRAINT stock_balance_back_order CHECK (back_order_quantity <= 0)
      )`);
    // Balances by location: the overview of a location, stock take, a location's valuation.
    await queryRunner.query(`CREATE INDEX stock_balance_location ON stock_balance (location_id, item_type, item_id)`);

    await queryRunner.query(`
      CREATE TABLE stock_batch (
        batch_id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        item_type text NOT NULL,
        item_id text NOT NULL,
        location_id text NOT NULL,
        received_quantity numeric(18,3) NOT NULL,
        remaining_quantity numeric(18,3) NOT NULL,
        unit_cost numeric(18,4) NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        value_date date NOT NULL,
        posting_id uuid NOT NULL REFERENCES stock_posting (posting_id),
        document_type text NOT NULL,
        document_id text NOT NULL,
        document_no text NOT NULL,
        line_no integer NOT NULL,
        CONSTRAINT stock_batch_remaining CHECK (remaining_quantity >= 0 AND remaining_quantity <= received_quantity),
        CONSTRAINT stock_batch_received CHECK (received_quantity > 0),
        CONSTRAINT stock_batch_seq UNIQUE (seq)
      )`);
    // FIFO: the oldest layers with something left, of one (item, location).
    await queryRunner.query(
      `CREATE INDEX stock_batch_open ON stock_batch (item_type, item_id, location_id, seq) WHERE remaining_quantity > 0`,
    );
    // Every layer of one (item, location) in FIFO order: /fifo as of a date, the item view.
    await queryRunner.query(`CREATE INDEX stock_batch_item ON stock_batch (item_type, item_id, location_id, seq)`);

    await queryRunner.query(`
      CREATE TABLE stock_movement (
        movement_id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        posting_id uuid NOT NULL REFERENCES stock_posting (posting_id),
        item_type text NOT NULL,
        item_id text NOT NULL,
        location_id text NOT NULL,
        quantity numeric(18,3) NOT NULL,
        unit_cost numeric(18,4) NOT NULL,
        cost_value numeric(24,7) NOT NULL,
        batch_id uuid NULL REFERENCES stock_batch (batch_id),
        document_type text NOT NULL,
        document_id text NOT NULL,
        document_no text NOT NULL,
        line_no integer NOT NULL,
        value_date date NOT NULL,
        posted_at timestamptz NOT NULL DEFAULT now(),
        actor_id text NULL,
        actor_name text NOT NULL,
        CONSTRAINT stock_movement_quantity CHECK (quantity <> 0),
        CONSTRAINT stock_movement_seq UNIQUE (seq)
      )`);
    // Movement history of one (item, location) with its running balance.
    await queryRunner.query(
      `CREATE INDEX stock_movement_item ON stock_movement (item_type, item_id, location_id, seq)`,
    );
    // Valuation and reports by value date.
    await queryRunner.query(`CREATE INDEX stock_movement_value_date ON stock_movement (value_date)`);
    // A document's movements (its view, the links of a movement row).
    await queryRunner.query(`CREATE INDEX stock_movement_document ON stock_movement (document_type, document_id)`);
    // A duplicate posting answers the movements of the first one.
    await queryRunner.query(`CREATE INDEX stock_movement_posting ON stock_movement (posting_id)`);

    await queryRunner.query(`
      CREATE TABLE back_order (
        back_order_id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        bo_no text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('OPEN', 'SETTLED')),
        item_type text NOT NULL,
        item_id text NOT NULL,
        location_id text NOT NULL,
        initial_quantity numeric(18,3) NOT NULL CHECK (initial_quantity < 0),
        current_quantity numeric(18,3) NOT NULL,
        document_type text NOT NULL,
        document_id text NOT NULL,
        document_no text NOT NULL,
        line_no integer NOT NULL,
        posting_id uuid NOT NULL REFERENCES stock_posting (posting_id),
        settled_value numeric(24,7) NOT NULL DEFAULT 0,
        created_time timestamptz NOT NULL DEFAULT now(),
        settled_time timestamptz NULL,
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT back_order_current CHECK (current_quantity <= 0 AND current_quantity >= initial_quantity),
        CONSTRAINT back_order_settled CHECK ((status = 'SETTLED') = (current_quantity = 0))
      )`);
    // A receipt settles the open back orders of its (item, location), oldest first.
    await queryRunner.query(
      `CREATE INDEX back_order_open ON back_order (item_type, item_id, location_id, seq) WHERE status = 'OPEN'`,
    );
    // The back-order list by location and status.
    await queryRunner.query(`CREATE INDEX back_order_location ON back_order (location_id, status, created_time)`);
    await queryRunner.query(`CREATE INDEX back_order_posting ON back_order (posting_id)`);

    await queryRunner.query(`
      CREATE TABLE inventory_settings (
        id integer PRIMARY KEY CHECK (id = 1),
        period_lock_date date NULL,
        revision integer NOT NULL DEFAULT 0,
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        last_updated_by text NULL
      )`);
    await queryRunner.query(`INSERT INTO inventory_settings (id) VALUES (1)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE inventory_settings`);
    await queryRunner.query(`DROP TABLE back_order`);
    await queryRunner.query(`DROP TABLE stock_movement`);
    await queryRunner.query(`DROP TABLE stock_batch`);
    await queryRunner.query(`DROP TABLE stock_balance`);
    await queryRunner.query(`DROP TABLE stock_posting`);
  }
}
