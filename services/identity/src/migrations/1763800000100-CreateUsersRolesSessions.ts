import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsersRolesSessions1763800000100 implements MigrationInterface {
  name = 'CreateUsersRolesSessions1763800000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE role (
        role_id uuid PRIMARY KEY,
        role_name text NOT NULL,
        permission_list jsonb NOT NULL DEFAULT '[]',
        can_see_cost boolean NOT NULL DEFAULT false,
        approval_limit numeric(18,2),
        created_time timestamptz NOT NULL DEFAULT now(),
        last_updated_time timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX role_name_unique ON role (lower(role_name))`);
    await queryRunner.query(`
      CREATE TABLE app_user (
        user_id uuid PRIMARY KEY,
        employee_code text NOT NULL,
        employee_name text NOT NULL,
        email text NOT NULL,
        username text NOT NULL,
        password_hash text,
        role_id uuid NOT NULL REFERENCES role (role_id),
        status text NOT NULL CHECK (status IN ('Invited', 'Active', 'Inactive')),
        location_list text[] NOT NULL DEFAULT '{}',
        language text,
        created_time timestamptz NOT NULL DEFAULT now(),
        last_updated_time timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX app_user_email_unique ON app_user (email)`);
    await queryRunner.query(`CREATE UNIQUE INDEX app_user_username_unique ON app_user (username)`);
    await queryRunner.query(`CREATE UNIQUE INDEX app_user_employee_code_unique ON app_user (employee_code)`);
    await queryRunner.query(`CREATE INDEX app_user_last_updated ON app_user (last_updated_time DESC)`);
    await queryRunner.query(`
      CREATE TABLE session (
        session_id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES app_user (user_id),
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        user_agent text,
        ip text
      )`);
    await queryRunner.query(`CREATE INDEX session_user_live ON session (user_id) WHERE revoked_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE session`);
    await queryRunner.query(`DROP TABLE app_user`);
    await queryRunner.query(`DROP TABLE role`);
  }
}
