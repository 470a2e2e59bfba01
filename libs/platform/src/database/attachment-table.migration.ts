import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `attachment` table every service keeps in its own schema (ServicePlatformModule runs this migration
 * right after CreatePlatformTables1763800000000). A row names its owner by type and id (plain text: owners are
 * records of the same service, but a reference is never a foreign key) and the key of its file in FileStorage.
 */
export class CreateAttachmentTable1763800000500 implements MigrationInterface {
  name = 'CreateAttachmentTable1763800000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE attachment (
        id uuid PRIMARY KEY,
        owner_type text NOT NULL,
        owner_id text NOT NULL,
        original_name text NOT NULL,
        content_type text NOT NULL,
        size integer NOT NULL CHECK (size >= 0),
        storage_key text NOT NULL UNIQUE,
        uploaded_by text,
        uploaded_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The one query: an owner's files in upload order (and their count, for the limit).
    await queryRunner.query(`CREATE INDEX attachment_owner ON attachment (owner_type, owner_id, uploaded_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE attachment`);
  }
}
