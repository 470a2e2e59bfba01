import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The uploader's location scope, kept with the import job (docs/architecture.md, access rules): the job runs later,
 * without a request, and applies location-bound rows (BOMs owned by a location) only within it. NULL is every
 * location (a user holding `*`, and the jobs queued before this column).
 */
export class AddImportJobLocationScope1795636442264 implements MigrationInterface {
  name = 'AddImportJobLocationScope1795636442264';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE import_job ADD COLUMN location_scope text[] NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE import_job DROP COLUMN location_scope`);
  }
}
