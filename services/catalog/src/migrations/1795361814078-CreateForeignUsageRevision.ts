import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The newest revision applied per record of another service that references catalog master data (from
 * `<service>.catalog-usage.changed`), so an older reference set never undoes a newer one.
 */
export class CreateForeignUsageRevision1795361814078 implements MigrationInterface {
  name = 'CreateForeignUsageRevision1795361814078';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE foreign_usage_revision (
        used_by_type text NOT NULL,
        used_by_id text NOT NULL,
        revision integer NOT NULL,
        PRIMARY KEY (used_by_type, used_by_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE foreign_usage_revision`);
  }
}
