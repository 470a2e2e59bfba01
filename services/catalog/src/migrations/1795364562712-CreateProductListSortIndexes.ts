import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The product list's sorts the other direction, in the ORDER BY's own form (`<key> <dir> NULLS LAST, product_code
 * <dir>`; PostgreSQL walks an index for it only when the NULLS placement matches too): name descending, code
 * descending, last updated ascending. CreateProducts covers name and code ascending and last updated descending.
 * Without them the last page of 20,000 products sorted by name descending sorts every row (about 45 ms).
 */
export class CreateProductListSortIndexes1795364562712 implements MigrationInterface {
  name = 'CreateProductListSortIndexes1795364562712';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX product_name_sort_desc ON product (product_name DESC NULLS LAST, product_code DESC)`,
    );
    await queryRunner.query(`CREATE INDEX product_code_desc ON product (product_code DESC NULLS LAST)`);
    await queryRunner.query(
      `CREATE INDEX product_last_updated_asc ON product (last_updated_time ASC NULLS LAST, product_code ASC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX product_last_updated_asc`);
    await queryRunner.query(`DROP INDEX product_code_desc`);
    await queryRunner.query(`DROP INDEX product_name_sort_desc`);
  }
}
