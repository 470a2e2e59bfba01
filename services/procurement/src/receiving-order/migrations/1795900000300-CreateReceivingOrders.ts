import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Receiving orders (SPEC.md §3, issue 12): the document (docs/document-kit.md), its lines (receiving list against
 * the PO's lines, additional list, rejected list) and procurement's settings row (the over-receipt tolerance).
 */
export class CreateReceivingOrders1795900000300 implements MigrationInterface {
  name = 'CreateReceivingOrders1795900000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE receiving_order (
        id uuid PRIMARY KEY,
        doc_no text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('DRAFT', 'PENDING APPROVAL', 'APPROVED', 'REJECTED', 'RECEIVED',
          'CANCELLED BY SUPPLIER', 'PARTIALLY RECEIVED', 'CLOSED')),
        revision integer NOT NULL CHECK (revision > 0),
        location_id text NOT NULL,
        purchase_order_id uuid REFERENCES purchase_order (id),
        supplier_id text NOT NULL,
        delivery_order_no text NOT NULL DEFAULT '',
        receive_time timestamptz NOT NULL,
        stock_type text NOT NULL CHECK (stock_type IN ('inventory', 'consignment')),
        currency text NOT NULL,
        exchange_rate numeric(18,6) NOT NULL CHECK (exchange_rate > 0),
        is_gms boolean NOT NULL DEFAULT false,
        subtotal_amount numeric(20,2) NOT NULL,
        tax_amount numeric(20,2) NOT NULL DEFAULT 0,
        shipping_amount numeric(20,2) NOT NULL DEFAULT 0,
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
    await queryRunner.query(`CREATE INDEX receiving_order_list ON receiving_order (last_updated_time DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX receiving_order_location_status ON receiving_order (location_id, status)`);
    await queryRunner.query(`CREATE INDEX receiving_order_po ON receiving_order (purchase_order_id, status)`);
    await queryRunner.query(`
      CREATE TABLE receiving_order_line (
        receiving_order_id uuid NOT NULL REFERENCES receiving_order (id) ON DELETE CASCADE,
        line_no integer NOT NULL CHECK (line_no > 0),
        kind text NOT NULL CHECK (kind IN ('receive', 'additional', 'rejected')),
        po_line_no integer,
        sku_id text NOT NULL,
        uom_name text NOT NULL,
        quantity numeric(18,3) NOT NULL CHECK (quantity > 0),
        po_quantity numeric(18,3),
        unit_price numeric(18,4) NOT NULL DEFAULT 0,
        line_subtotal numeric(20,2) NOT NULL DEFAULT 0,
        reason text,
        remark text NOT NULL DEFAULT '',
        PRIMARY KEY (receiving_order_id, line_no)
      )`);
    await queryRunner.query(`
      CREATE TABLE procurement_setting (
        setting_id text PRIMARY KEY,
        over_receipt_tolerance_percent numeric(9,4) NOT NULL DEFAULT 0 CHECK (over_receipt_tolerance_percent >= 0)
      )`);
    await queryRunner.query(`INSERT INTO procurement_setting (setting_id) VALUES ('procurement')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE procurement_setting`);
    await queryRunner.query(`DROP TABLE receiving_order_line`);
    await queryRunner.query(`DROP TABLE receiving_order`);
  }
}
