import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes the SKU list's ORDER BY exactly as the list query writes it (`<key> <dir> NULLS LAST, sku_id <dir>`,
 * see runListQuery): PostgreSQL only walks an index in that order when the NULLS placement matches too, so
 * `sku_last_updated (last_updated_time DESC, sku_id)` of CreateSkus is never used for it and every page of
 * 100,000 SKUs was a full sort. Covers the default order, the SKU ID and name sorts both ways, and the
 * sub-category filter (the category filter has sku_category_ref).
 */
export class CreateSkuListIndexes1795363036372 implements MigrationInterface {
  name = 'CreateSkuListIndexes1795363036372';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX sku_list_default ON sku (last_updated_time DESC NULLS LAST, sku_id DESC)`);
    await queryRunner.query(`CREATE INDEX sku_list_id_desc ON sku (sku_id DESC NULLS LAST)`);
    await queryRunner.query(`CREATE INDEX sku_list_name ON sku (name ASC NULLS LAST, sku_id ASC)`);
    await queryRunner.query(`CREATE INDEX sku_list_name_desc ON sku (name DESC NULLS LAST, sku_id DESC)`);
    await queryRunner.query(
      `CREATE INDEX sku_sub_category_ref ON sku (sub_category_id) WHERE sub_category_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX sku_sub_category_ref`);
    await queryRunner.query(`DROP INDEX sku_list_name_desc`);
    await queryRunner.query(`DROP INDEX sku_list_name`);
    await queryRunner.query(`DROP INDEX sku_list_id_desc`);
    await queryRunner.query(`DROP INDEX sku_list_default`);
  }
}
