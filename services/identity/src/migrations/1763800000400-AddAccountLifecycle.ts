import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Invitations and password resets, sign-in throttling, and revisions for the user and role events. */
export class AddAccountLifecycle1763800000400 implements MigrationInterface {
  name = 'AddAccountLifecycle1763800000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE app_user ADD COLUMN revision integer NOT NULL DEFAULT 1`);
    await queryRunner.query(`ALTER TABLE app_user ADD COLUMN last_sign_in_at timestamptz`);
    await queryRunner.query(`ALTER TABLE app_user ADD COLUMN created_by text, ADD COLUMN last_updated_by text`);
    await queryRunner.query(`ALTER TABLE role ADD COLUMN revision integer NOT NULL DEFAULT 1`);
    await queryRunner.query(`ALTER TABLE role ADD COLUMN created_by text, ADD COLUMN last_updated_by text`);
    await queryRunner.query(`CREATE INDEX role_last_updated ON role (last_updated_time DESC)`);
    await queryRunner.query(`
      CREATE TABLE password_token (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('invite', 'reset')),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX password_token_user ON password_token (user_id) WHERE used_at IS NULL`);
    await queryRunner.query(`
      CREATE TABLE sign_in_failure (
        subject text NOT NULL,
        failed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX sign_in_failure_subject ON sign_in_failure (subject, failed_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sign_in_failure`);
    await queryRunner.query(`DROP TABLE password_token`);
    await queryRunner.query(`DROP INDEX role_last_updated`);
    await queryRunner.query(
      `ALTER TABLE role DROP COLUMN revision, DROP COLUMN created_by, DROP COLUMN last_updated_by`,
    );
    await queryRunner.query(
      `ALTER TABLE app_user DROP COLUMN revision, DROP COLUMN last_sign_in_at, DROP COLUMN created_by, DROP COLUMN last_updated_by`,
    );
  }
}
