import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stock releases (SPEC.md §3, §4, §6; issue 13): a transfer gets a type. INTERNAL keeps its destination location;
 * EXTERNAL and EXTERNAL_CONSIGNMENT go to a customer (`customer_id`, catalog's customer_code, read from
 * `release_customer_replica`) with an invoice_no and the customer's contact details. The release statuses join
 * the transfer's in the status check; a delivery a release was split into names it (`parent_id`). A consignment's
 * lines keep what the customer kept in `received_quantity` and what came back in `rejected_quantity` (the item
 * state of each piece follows from them), and the header the summary `item_state` (the list filter).
 * Existing columns keep their meaning (the delivery order reads them).
 */
export class AddStockReleases1795700000330 implements MigrationInterface {
  name = 'AddStockReleases1795700000330';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE stock_transfer DROP CONSTRAINT stock_transfer_status_check`);
    await queryRunner.query(`
      ALTER TABLE stock_transfer
        ADD CONSTRAINT stock_transfer_status_check CHECK (status IN ('DRAFT', 'PENDING APPROVAL', 'IN TRANSIT',
          'REJECTED', 'PARTIALLY RECEIVED', 'RECEIVED', 'DENIED', 'RETURN', 'APPROVED', 'SPLIT', 'CANCELLED')),
        ALTER COLUMN to_location_id DROP NOT NULL,
        ADD COLUMN transfer_type text NOT NULL DEFAULT 'INTERNAL'
          CHECK (transfer_type IN ('INTERNAL', 'EXTERNAL', 'EXTERNAL_CONSIGNMENT')),
        ADD COLUMN customer_id text,
        ADD COLUMN contact_no text NOT NULL DEFAULT '',
        ADD COLUMN contact_email text NOT NULL DEFAULT '',
        ADD COLUMN delivery_address text NOT NULL DEFAULT '',
        ADD COLUMN invoice_no text NOT NULL DEFAULT '',
        ADD COLUMN parent_id uuid REFERENCES stock_transfer (id),
        ADD COLUMN item_state text
          CHECK (item_state IN ('AVAILABLE AND CONSIGNED OUT', 'RETURNED', 'ITEM SOLD')),
        ADD CONSTRAINT stock_transfer_addressee CHECK (
          (transfer_type = 'INTERNAL' AND to_location_id IS NOT NULL AND customer_id IS NULL)
          OR (transfer_type <> 'INTERNAL' AND to_location_id IS NULL AND customer_id IS NOT NULL))`);
    await queryRunner.query(
      `CREATE INDEX stock_transfer_parent ON stock_transfer (parent_id) WHERE parent_id IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX stock_transfer_customer ON stock_transfer (customer_id, status)`);
    // Catalog's customers (RJ_CUSTOMER master data) as a release needs them: revision-guarded, tombstoned.
    await queryRunner.query(`
      CREATE TABLE release_customer_replica (
        customer_id text PRIMARY KEY,
        customer_name text NOT NULL,
        chinese_name text NOT NULL DEFAULT '',
        contact_no text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        address text NOT NULL DEFAULT '',
        status text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        revision integer NOT NULL,
        replicated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE release_customer_replica`);
    await queryRunner.query(`DELETE FROM stock_transfer WHERE transfer_type <> 'INTERNAL' AND parent_id IS NOT NULL`);
    await queryRunner.query(`DELETE FROM stock_transfer WHERE transfer_type <> 'INTERNAL'`);
    await queryRunner.query(`DROP INDEX stock_transfer_customer`);
    await queryRunner.query(`DROP INDEX stock_transfer_parent`);
    await queryRunner.query(`
      ALTER TABLE stock_transfer
        DROP CONSTRAINT stock_transfer_addressee,
        DROP COLUMN item_state,
        DROP COLUMN parent_id,
        DROP COLUMN invoice_no,
        DROP COLUMN delivery_address,
        DROP COLUMN contact_email,
        DROP COLUMN contact_no,
        DROP COLUMN customer_id,
        DROP COLUMN transfer_type,
        ALTER COLUMN to_location_id SET NOT NULL,
        DROP CONSTRAINT stock_transfer_status_check`);
    await queryRunner.query(`
      ALTER TABLE stock_transfer ADD CONSTRAINT stock_transfer_status_check CHECK (status IN ('DRAFT',
        'PENDING APPROVAL', 'IN TRANSIT', 'REJECTED', 'PARTIALLY RECEIVED', 'RECEIVED', 'DENIED', 'RETURN'))`);
  }
}
