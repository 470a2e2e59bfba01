import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SKU sub-categories, UOM rows and suppliers keep the order the user listed them in (as location sub-categories
 * do), so a SKU reads back as it was entered.
 */
export class AddSkuListPositions1795361905805 implements MigrationInterface {
  name = 'AddSkuListPositions1795361905805';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sku_sub_category ADD COLUMN position integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE sku_uom ADD COLUMN position integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE sku_supplier ADD COLUMN position integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sku_supplier DROP COLUMN position`);
    await queryRunner.query(`ALTER TABLE sku_uom DROP COLUMN position`);
    await queryRunner.query(`ALTER TABLE sku_sub_category DROP COLUMN position`);
  }
}
