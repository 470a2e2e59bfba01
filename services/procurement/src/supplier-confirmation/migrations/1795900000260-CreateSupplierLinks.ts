import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The supplier's one-time links to confirm or decline a purchase order (issue 12, "Supplier confirmation page"):
 * only the sha256 of the token is kept. `decision` says how a link ended: confirmed / declined (used by the
 * supplier) or voided (a resend replaced it). Also what the answer leaves behind: the supplier's available
 * quantity on each PO line (the location's address comes with the replicas' own migration).
 */
export class CreateSupplierLinks1795900000260 implements MigrationInterface {
  name = 'CreateSupplierLinks1795900000260';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE supplier_link (
        token_hash text PRIMARY KEY,
        po_id uuid NOT NULL REFERENCES purchase_order (id) ON DELETE CASCADE,
        created_time timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL,
        decision text NULL CHECK (decision IN ('confirmed', 'declined', 'voided')),
        CHECK ((used_at IS NULL) = (decision IS NULL))
      )`);
    await queryRunner.query(`CREATE INDEX supplier_link_live ON supplier_link (po_id) WHERE used_at IS NULL`);
    await queryRunner.query(
      `ALTER TABLE purchase_order_line ADD COLUMN supplier_available_quantity numeric(18,3) NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE purchase_order_line DROP COLUMN supplier_available_quantity`);
    await queryRunner.query(`DROP TABLE supplier_link`);
  }
}
