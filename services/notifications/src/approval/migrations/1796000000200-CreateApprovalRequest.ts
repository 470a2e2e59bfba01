import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The approvals inbox's read model: one row per document that asked for an approval, fed by the documents'
 * activity events (ApprovalProjection) and rebuildable by replaying them. `revision` is the revision of the latest
 * event applied to the row: an older or repeated event never changes it. A row whose settling event came before
 * its request (out of order) has no submission yet and is never listed. The caller-independent part of the
 * inbox's filter (pending, by key and location) follows its partial index.
 */
export class CreateApprovalRequest1796000000200 implements MigrationInterface {
  name = 'CreateApprovalRequest1796000000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE approval_request (
        document_type text NOT NULL,
        document_id text NOT NULL,
        doc_no text NOT NULL,
        module text NOT NULL,
        permission_key text NOT NULL,
        reference_type text NOT NULL,
        link text NOT NULL,
        actions_path text NOT NULL,
        location_id text NOT NULL,
        status text NOT NULL,
        revision integer NOT NULL,
        value_usd numeric NULL,
        submitted_by_id text NULL,
        submitted_by text NULL,
        submitted_time timestamptz NULL,
        self_decidable boolean NOT NULL DEFAULT false,
        decided_by_id text NULL,
        decided_by text NULL,
        decided_time timestamptz NULL,
        remark text NULL,
        last_event_id text NOT NULL,
        last_updated_time timestamptz NOT NULL,
        PRIMARY KEY (document_type, document_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX approval_request_pending ON approval_request (permission_key, location_id, submitted_time)
        WHERE status = 'PENDING APPROVAL'`,
    );
    await queryRunner.query(
      `CREATE INDEX approval_request_updated ON approval_request (last_updated_time DESC, document_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE approval_request');
  }
}
