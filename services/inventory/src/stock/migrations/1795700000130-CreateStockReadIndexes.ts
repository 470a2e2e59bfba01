import { createExtensionOnce } from '@scm/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the ledger's read side needs beyond the ledger's own indexes:
 * - the overview's default order (by item name) walks the items by name and reads each one's balances by key, so a
 *   first page of two million balances reads a few dozen rows instead of sorting them all;
 * - the search (`search_str`, `%text%` without case) over an item's id, name and Chinese name goes through one
 *   trigram index on their concatenation (ITEM_SEARCH_SQL, the same expression), as catalog's SKU search does: the
 *   unit separator U+001F never occurs in a searched text, so no match spans two of them.
 */
export class CreateStockReadIndexes1795700000130 implements MigrationInterface {
  name = 'CreateStockReadIndexes1795700000130';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX stock_item_replica_name ON item_replica (item_name)`);
    // Trusted extension, in `public` as catalog puts it (the service's search_path is its own schema).
    await createExtensionOnce(queryRunner, 'pg_trgm');
    await queryRunner.query(
      `CREATE INDEX stock_item_replica_search ON item_replica
         USING gin ((item_id || E'\\x1f' || item_name || E'\\x1f' || ch_display_name) public.gin_trgm_ops)
         WITH (fastupdate = off)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX stock_item_replica_search`);
    await queryRunner.query(`DROP INDEX stock_item_replica_name`);
  }
}
