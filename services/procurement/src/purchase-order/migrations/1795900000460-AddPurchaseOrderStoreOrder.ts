import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The store order a PO was split from (issue: store ordering): its id and number, null for a PO typed by a buyer.
 * A plain reference in the same schema; the number is kept so the PO page links back without another read.
 */
export class AddPurchaseOrderStoreOrder1795900000460 implements MigrationInterface {
  name = 'AddPurchaseOrderStoreOrder1795900000460';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE purchase_order ADD COLUMN store_order_id uuid NULL, ADD COLUMN store_order_no text NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX purchase_order_store_order ON purchase_order (store_order_id) WHERE store_order_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX purchase_order_store_order`);
    await queryRunner.query(`ALTER TABLE purchase_order DROP COLUMN store_order_no, DROP COLUMN store_order_id`);
  }
}
