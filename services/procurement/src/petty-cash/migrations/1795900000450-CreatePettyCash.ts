import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Petty cash claims (SPEC.md §3): the document (docs/document-kit.md) with its two signatures (the applicant's before
 * submitting, the receiver's when the cash is handed over) and its receipts in two lists, business and non-business.
 */
export class CreatePettyCash1795900000450 implements MigrationInterface {
  name = 'CreatePettyCash1795900000450';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE petty_cash (
        id uuid PRIMARY KEY,
        doc_no text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('DRAFT', 'PENDING APPROVAL', 'APPROVED', 'REJECTED', 'SIGNED',
          'REFUNDED')),
        revision integer NOT NULL CHECK (revision > 0),
        location_id text NOT NULL,
        claim_date date NOT NULL,
        applicant_name text NOT NULL,
        currency text NOT NULL,
        exchange_rate numeric(18,6) NOT NULL CHECK (exchange_rate > 0),
        gst_rate numeric(9,4) NOT NULL DEFAULT 0,
        business_total numeric(20,2) NOT NULL DEFAULT 0,
        non_business_total numeric(20,2) NOT NULL DEFAULT 0,
        gst_amount numeric(20,2) NOT NULL DEFAULT 0,
        claimable_gst_amount numeric(20,2) NOT NULL DEFAULT 0,
        subtotal_amount numeric(20,2) NOT NULL DEFAULT 0,
        total_amount numeric(20,2) NOT NULL DEFAULT 0,
        total_usd numeric(20,2) NOT NULL DEFAULT 0,
        remark text NOT NULL DEFAULT '',
        applicant_signature text,
        applicant_signed_time timestamptz,
        receipt_signature text,
        receipt_signed_by text,
        receipt_signed_by_name text,
        receipt_signed_time timestamptz,
        refunded_time timestamptz,
        created_by text,
        created_by_name text NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        submitted_by text,
        submitted_by_name text,
        submitted_time timestamptz,
        last_updated_by text,
        last_updated_time timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX petty_cash_list ON petty_cash (last_updated_time DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX petty_cash_location_status ON petty_cash (location_id, status)`);
    await queryRunner.query(`CREATE INDEX petty_cash_claim_date ON petty_cash (claim_date)`);
    await queryRunner.query(`
      CREATE TABLE petty_cash_line (
        petty_cash_id uuid NOT NULL REFERENCES petty_cash (id) ON DELETE CASCADE,
        line_no integer NOT NULL CHECK (line_no > 0),
        kind text NOT NULL CHECK (kind IN ('business', 'non_business')),
        receipt_date date NOT NULL,
        receipt_no text NOT NULL,
        description text NOT NULL,
        category text NOT NULL,
        gst_type text NOT NULL CHECK (gst_type IN ('inclusive', 'exclusive', 'none')),
        claim_amount numeric(20,2) NOT NULL CHECK (claim_amount > 0),
        gst_amount numeric(20,2) NOT NULL DEFAULT 0,
        line_total numeric(20,2) NOT NULL,
        PRIMARY KEY (petty_cash_id, line_no)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE petty_cash_line`);
    await queryRunner.query(`DROP TABLE petty_cash`);
  }
}
