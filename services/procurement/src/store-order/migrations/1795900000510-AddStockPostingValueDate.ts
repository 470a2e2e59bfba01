import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The value date of each posted line in procurement's replica of the ledger's postings (the return note's
 * stock_posting_replica): a store order's average usage of the last four weeks is summed by it. Rows replicated
 * before this column existed have none and count as on hand only; a replica rebuild fills it.
 */
export class AddStockPostingValueDate1795900000510 implements MigrationInterface {
  name = 'AddStockPostingValueDate1795900000510';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE stock_posting_replica ADD COLUMN IF NOT EXISTS value_date date NULL`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS stock_posting_replica_usage
         ON stock_posting_replica (location_id, item_id, value_date) WHERE quantity < 0`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS stock_posting_replica_usage`);
    await queryRunner.query(`ALTER TABLE stock_posting_replica DROP COLUMN IF EXISTS value_date`);
  }
}
