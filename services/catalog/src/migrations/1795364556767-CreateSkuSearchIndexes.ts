import { createExtensionOnce } from '@scm/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The SKU list's search (`search_str`, `%text%` without case) through one trigram index. The list searched seven
 * expressions OR-ed (SKU ID, name, display name, Chinese name, alternate names and hashtags as their jsonb text,
 * barcode): every count read all 100,000 SKUs, 0.3-0.5 s. `search_text` is those seven texts joined by U+001F
 * (unit separator), so `search_text ILIKE '%text%'` matches exactly when one of them does, for any text without
 * that control character (the list escapes `%`, `_` and `\`, so no pattern spans two of them). One column also
 * gives the planner one selectivity to estimate instead of seven correlated ones, and a row one ILIKE instead of
 * seven. Searches of one or two characters have no trigram and still read the table (about a third of the time
 * they took).
 *
 * Also the last-updated sort ascending (`last_updated_time ASC NULLS LAST, sku_id ASC`): CreateSkuListIndexes
 * covers it descending only, and a backward scan of that index puts NULLs first, which the ORDER BY does not.
 *
 * `fastupdate = off` as for product_search: without a pending list the planner prices the index right straight
 * after a bulk load (an import).
 */
export class CreateSkuSearchIndexes1795364556767 implements MigrationInterface {
  name = 'CreateSkuSearchIndexes1795364556767';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Trusted extension; in `public` as CreateProducts puts it (the service's search_path is its own schema).
    await createExtensionOnce(queryRunner, 'pg_trgm');
    await queryRunner.query(`
      ALTER TABLE sku ADD COLUMN search_text text GENERATED ALWAYS AS (
        sku_id || E'\\x1f' || name || E'\\x1f' || display_name || E'\\x1f' || ch_display_name || E'\\x1f' ||
        alternate_display_name_list::text || E'\\x1f' || barcode || E'\\x1f' || hashtag_list::text
      ) STORED`);
    await queryRunner.query(
      `CREATE INDEX sku_search ON sku USING gin (search_text public.gin_trgm_ops) WITH (fastupdate = off)`,
    );
    await queryRunner.query(`CREATE INDEX sku_list_updated_asc ON sku (last_updated_time ASC NULLS LAST, sku_id ASC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX sku_list_updated_asc`);
    await queryRunner.query(`ALTER TABLE sku DROP COLUMN search_text`);
  }
}
