import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The newest identity user revision applied to record_usage per user (the users' location lists that pin
 * locations), so an older user event never undoes a newer one.
 */
export class CreateUserLocationRevision1795359972047 implements MigrationInterface {
  name = 'CreateUserLocationRevision1795359972047';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE user_location_revision (
        user_id uuid PRIMARY KEY,
        revision integer NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE user_location_revision`);
  }
}
