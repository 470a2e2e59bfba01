import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The simple categories (no sub-categories) of SKU BOMs, PLUs, PLU BOMs and products (SPEC.md §2
 * /PLUSKU/skubom/category, /PLUSKU/plu/category, /PLUSKU/plubom/category, /product/category): one table, a
 * `kind` column, names unique per kind (any case).
 */
export class CreateItemCategories1795361815471 implements MigrationInterface {
  name = 'CreateItemCategories1795361815471';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE item_category (
        category_id uuid PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('sku_bom', 'plu', 'plu_bom', 'product')),
        category_name text NOT NULL CHECK (category_name <> ''),
        status text NOT NULL CHECK (status IN ('new', 'active', 'archived')),
        revision integer NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        created_by text,
        last_updated_by text
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX item_category_name_unique ON item_category (kind, lower(category_name))`,
    );
    // Every list is one kind: the default order, the name sort and the status filter within it.
    await queryRunner.query(
      `CREATE INDEX item_category_last_updated ON item_category (kind, last_updated_time DESC, category_id)`,
    );
    await queryRunner.query(`CREATE INDEX item_category_status ON item_category (kind, status)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE item_category`);
  }
}
