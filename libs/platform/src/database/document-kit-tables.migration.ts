import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The document kit's tables (docs/document-kit.md), in every service's own schema (ServicePlatformModule runs
 * this migration for every service, as it does the attachment table): a service that keeps documents numbers
 * them, writes their history and decides approvals from its own tables, never from another service's schema.
 *
 * - `document_number_series`: the last number given per (document type, location). One row per series, bumped
 *   by an upsert inside the document's own transaction: the row lock serialises concurrent creations and a
 *   rolled back creation releases its number (gap-free).
 * - `document_history`: every action on a document (who, when, from → to, remark), read oldest first.
 * - `approver_role`, `approver_user`: the service's replica of identity's roles and users, fed by identity's
 *   events (ApproverDirectory), to tell whether a document has an approver other than its submitter. Ids are
 *   text (a reference is never a foreign key across services); a deleted role stays as a tombstone so an older
 *   snapshot arriving late cannot bring it back.
 */
export class CreateDocumentKitTables1795650000000 implements MigrationInterface {
  name = 'CreateDocumentKitTables1795650000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE document_number_series (
        document_type text NOT NULL,
        location_id text NOT NULL,
        last_number bigint NOT NULL CHECK (last_number > 0),
        PRIMARY KEY (document_type, location_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE document_history (
        id bigserial PRIMARY KEY,
        document_type text NOT NULL,
        document_id text NOT NULL,
        action text NOT NULL,
        from_status text,
        to_status text NOT NULL,
        remark text,
        actor_id text,
        actor_name text NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now()
      )`);
    // The one query: a document's history in the order it happened.
    await queryRunner.query(
      `CREATE INDEX document_history_document ON document_history (document_type, document_id, id)`,
    );
    await queryRunner.query(`
      CREATE TABLE approver_role (
        role_id text PRIMARY KEY,
        role_name text NOT NULL,
        permission_list jsonb NOT NULL DEFAULT '[]'::jsonb,
        approval_limit numeric(18,2),
        deleted boolean NOT NULL DEFAULT false,
        revision integer NOT NULL,
        replicated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE approver_user (
        user_id text PRIMARY KEY,
        employee_name text NOT NULL,
        role_id text NOT NULL,
        status text NOT NULL,
        location_list text[] NOT NULL DEFAULT '{}',
        revision integer NOT NULL,
        replicated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The directory's question joins the active users to their role.
    await queryRunner.query(`CREATE INDEX approver_user_role ON approver_user (role_id) WHERE status = 'Active'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE approver_user`);
    await queryRunner.query(`DROP TABLE approver_role`);
    await queryRunner.query(`DROP TABLE document_history`);
    await queryRunner.query(`DROP TABLE document_number_series`);
  }
}
