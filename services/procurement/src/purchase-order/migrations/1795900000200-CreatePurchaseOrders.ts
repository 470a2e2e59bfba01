import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Purchase orders (SPEC.md §3, issue 12): the document (docs/document-kit.md) and its lines. Amounts are in the
 * PO's native currency at 2 decimals; total_usd is the value the approval is bounded by.
 */
export class CreatePurchaseOrders1795900000200 implements MigrationInterface {
  name = 'CreatePurchaseOrders1795900000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE purchase_order (
        id uuid PRIMARY KEY,
        doc_no text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('DRAFT', 'PENDING APPROVAL', 'PENDING SUPPLIER', 'REJECTED',
          'CONFIRMED BY SUPPLIER', 'CANCELLED BY SUPPLIER', 'PARTIALLY RECEIVED', 'RECEIVED', 'CLOSED')),
        revision integer NOT NULL CHECK (revision > 0),
        location_id text NOT NULL,
        supplier_id text NOT NULL,
        purchase_date date NOT NULL,
        delivery_time timestamptz NOT NULL,
        order_type text NOT NULL CHECK (order_type IN ('Staff Meal', 'Business Order', 'Internal', 'External')),
        stock_type text NOT NULL CHECK (stock_type IN ('inventory', 'consignment')),
        currency text NOT NULL,
        exchange_rate numeric(18,6) NOT NULL CHECK (exchange_rate > 0),
        gst_price_type text NOT NULL CHECK (gst_price_type IN ('inclusive', 'exclusive')),
        gst_rate numeric(9,4) NOT NULL,
        subtotal_amount numeric(20,2) NOT NULL,
        gst_amount numeric(20,2) NOT NULL,
        total_amount numeric(20,2) NOT NULL,
        total_usd numeric(20,2) NOT NULL,
        minimum_order_value numeric(18,4) NOT NULL DEFAULT 0,
        internal_remark text NOT NULL DEFAULT '',
        external_remark text NOT NULL DEFAULT '',
        created_by text,
        created_by_name text NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        submitted_by text,
        submitted_by_name text,
        submitted_time timestamptz,
        last_updated_by text,
        last_updated_time timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX purchase_order_list ON purchase_order (last_updated_time DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX purchase_order_location_status ON purchase_order (location_id, status)`);
    await queryRunner.query(`CREATE INDEX purchase_order_supplier ON purchase_order (supplier_id)`);
    await queryRunner.query(`
      CREATE TABLE purchase_order_line (
        purchase_order_id uuid NOT NULL REFERENCES purchase_order (id) ON DELETE CASCADE,
        line_no integer NOT NULL CHECK (line_no > 0),
        sku_id text NOT NULL,
        uom_name text NOT NULL,
        quantity numeric(18,3) NOT NULL CHECK (quantity > 0),
        unit_price numeric(18,4) NOT NULL CHECK (unit_price >= 0),
        line_subtotal numeric(20,2) NOT NULL,
        remark text NOT NULL DEFAULT '',
        PRIMARY KEY (purchase_order_id, line_no)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE purchase_order_line`);
    await queryRunner.query(`DROP TABLE purchase_order`);
  }
}
