import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The settings revision other services last heard of. The settings row is seeded by a migration, which publishes
 * nothing: until someone edited GST or company details, the replicas (procurement's GST rate) stayed empty. 0 makes
 * the service announce the current snapshot once at start (SettingsService.onApplicationBootstrap).
 */
export class AddSettingsAnnouncedRevision1795900000900 implements MigrationInterface {
  name = 'AddSettingsAnnouncedRevision1795900000900';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE settings ADD COLUMN announced_revision integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE settings DROP COLUMN announced_revision`);
  }
}
