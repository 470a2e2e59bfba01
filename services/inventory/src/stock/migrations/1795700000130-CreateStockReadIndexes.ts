import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the ledger's read side needs beyond the ledger's own indexes: the overview's default order (by item name)
 * walks the items by name and reads each one's balances by key, so a first page of two million balances reads a
 * few dozen rows instead of sorting them all.
 */
export class CreateStockReadIndexes1795700000130 implements MigrationInterface {
  name = 'CreateStockReadIndexes1795700000130';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX stock_item_replica_name ON item_replica (item_name)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX stock_item_replica_name`);
  }
}
