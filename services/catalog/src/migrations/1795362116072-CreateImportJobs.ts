import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Excel imports of master data: one row per uploaded file, its progress and its row errors (untranslated:
 * i18n keys and parameters, so a job reads in the language of whoever looks). Only its uploader reads it.
 */
export class CreateImportJobs1795362116072 implements MigrationInterface {
  name = 'CreateImportJobs1795362116072';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE import_job (
        job_id uuid PRIMARY KEY,
        entity text NOT NULL,
        file_key text NOT NULL,
        file_name text NOT NULL,
        status text NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
        can_see_cost boolean NOT NULL,
        total_rows integer NOT NULL DEFAULT 0,
        processed_rows integer NOT NULL DEFAULT 0,
        created_count integer NOT NULL DEFAULT 0,
        updated_count integer NOT NULL DEFAULT 0,
        error_count integer NOT NULL DEFAULT 0,
        errors jsonb NOT NULL DEFAULT '[]',
        failure text NULL,
        created_by text NOT NULL,
        created_time timestamptz NOT NULL,
        finished_time timestamptz NULL
      )`);
    await queryRunner.query(`CREATE INDEX import_job_created_by ON import_job (created_by, created_time DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE import_job`);
  }
}
