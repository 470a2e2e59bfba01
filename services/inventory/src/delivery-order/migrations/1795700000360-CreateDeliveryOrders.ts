import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Delivery orders (SPEC.md §3, key DO): the document (numbered in its SOURCE location's DO series), its lines
 * (stock_release_list, quantities in the line's unit) and the receiver's signature. A DO posts no stock: the
 * stock release it refers to (sar_ref_list) moved the goods.
 */
export class CreateDeliveryOrders1795700000360 implements MigrationInterface {
  name = 'CreateDeliveryOrders1795700000360';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE delivery_order (
        id uuid PRIMARY KEY,
        doc_no text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('IN TRANSIT', 'DELIVERED', 'RETURN', 'REDELIVERED')),
        revision integer NOT NULL CHECK (revision > 0),
        from_location_id text NOT NULL,
        delivery_type text NOT NULL CHECK (delivery_type IN ('INTERNAL', 'EXTERNAL')),
        to_location_id text,
        customer_name text NOT NULL DEFAULT '',
        to_address text NOT NULL DEFAULT '',
        courier text,
        official_id text NOT NULL DEFAULT '',
        release_date date NOT NULL,
        urgency text NOT NULL CHECK (urgency IN ('LOW', 'MEDIUM', 'HIGH')),
        invoice_no text NOT NULL DEFAULT '',
        sar_ref_list text[] NOT NULL DEFAULT '{}',
        stock_release_id uuid,
        internal_remark text NOT NULL DEFAULT '',
        signature text,
        signed_by text,
        signed_by_name text,
        signed_time timestamptz,
        return_reason text,
        created_by text,
        created_by_name text NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        submitted_by text,
        submitted_by_name text,
        submitted_time timestamptz,
        last_updated_by text,
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT delivery_order_destination CHECK (
          (delivery_type = 'INTERNAL' AND to_location_id IS NOT NULL AND to_location_id <> from_location_id)
          OR (delivery_type = 'EXTERNAL' AND customer_name <> '' AND courier IS NOT NULL)),
        CONSTRAINT delivery_order_signed CHECK (
          status NOT IN ('DELIVERED', 'REDELIVERED') OR (signature IS NOT NULL AND signed_time IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE INDEX delivery_order_list ON delivery_order (last_updated_time DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX delivery_order_from ON delivery_order (from_location_id, status)`);
    await queryRunner.query(`CREATE INDEX delivery_order_to ON delivery_order (to_location_id, status)`);
    await queryRunner.query(`
      CREATE TABLE delivery_order_line (
        delivery_order_id uuid NOT NULL REFERENCES delivery_order (id) ON DELETE CASCADE,
        line_no integer NOT NULL CHECK (line_no > 0),
        item_type text NOT NULL CHECK (item_type IN ('sku', 'product')),
        item_id text NOT NULL,
        uom_name text NOT NULL,
        release_quantity numeric(18,3) NOT NULL CHECK (release_quantity > 0),
        remark text NOT NULL DEFAULT '',
        PRIMARY KEY (delivery_order_id, line_no)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE delivery_order_line`);
    await queryRunner.query(`DROP TABLE delivery_order`);
  }
}
