import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * POS AutoSync (issue 14): the keys an outlet's POS pushes its sales with (one location each, kept as a SHA-256
 * hash — a key is 256 random bits, so a slow hash adds nothing), the export folders the pull job reads per
 * location, and the files it has read (by name and content hash, so a file is read once even if it is not moved).
 */
export class CreateEpointKeys1795700000390 implements MigrationInterface {
  name = 'CreateEpointKeys1795700000390';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE epoint_api_key (
        id uuid PRIMARY KEY,
        location_id text NOT NULL,
        label text NOT NULL,
        key_prefix text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        created_by text NOT NULL,
        created_by_name text NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        last_used_time timestamptz NULL,
        revoked_time timestamptz NULL,
        revoked_by text NULL,
        revoked_by_name text NULL
      )`);
    await queryRunner.query(`CREATE INDEX epoint_api_key_location ON epoint_api_key (location_id, created_time DESC)`);
    await queryRunner.query(`
      CREATE TABLE epoint_pull_folder (
        location_id text PRIMARY KEY,
        folder_path text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        last_scan_time timestamptz NULL,
        last_scan_files integer NOT NULL DEFAULT 0,
        last_scan_accepted integer NOT NULL DEFAULT 0,
        last_scan_rejected integer NOT NULL DEFAULT 0,
        last_scan_error text NULL,
        updated_by_name text NOT NULL,
        updated_time timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE epoint_pull_file (
        location_id text NOT NULL,
        content_hash text NOT NULL,
        file_name text NOT NULL,
        records integer NOT NULL,
        accepted integer NOT NULL,
        duplicate integer NOT NULL,
        rejected integer NOT NULL,
        processed_time timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (location_id, content_hash)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE epoint_pull_file`);
    await queryRunner.query(`DROP TABLE epoint_pull_folder`);
    await queryRunner.query(`DROP TABLE epoint_api_key`);
  }
}
