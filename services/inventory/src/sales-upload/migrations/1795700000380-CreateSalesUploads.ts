import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sales uploads (SPEC.md §3, key SU) and e-point records (the POS lines of an outlet). An upload is numbered in its
 * location's SU series; its lines are the PLU codes of the day added up (one line per code), the no-match list
 * being its UNMATCHED lines. The e-point records are unique on (location, shift, stock code, date): the same POS
 * line received twice is stored once. `sales_upload_plu_mapping` remembers which PLU a POS code is.
 */
export class CreateSalesUploads1795700000380 implements MigrationInterface {
  name = 'CreateSalesUploads1795700000380';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sales_upload (
        id uuid PRIMARY KEY,
        doc_no text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('PENDING MATCH', 'POSTED', 'REVERTED', 'DISCARDED')),
        revision integer NOT NULL CHECK (revision > 0),
        location_id text NOT NULL,
        value_date date NOT NULL,
        source text NOT NULL CHECK (source IN ('Manual', 'Epoint AutoSync', 'Epoint Excel Upload')),
        file_name text NULL,
        -- sha256 of the uploaded file: the same file uploaded again does nothing (while its uploads stand).
        file_hash text NULL,
        correction_of_id uuid NULL REFERENCES sales_upload (id),
        line_count integer NOT NULL DEFAULT 0,
        total_quantity numeric(18,3) NOT NULL DEFAULT 0,
        total_amount numeric(18,2) NOT NULL DEFAULT 0,
        issue_value numeric(24,7) NULL,
        posting_id uuid NULL,
        revert_posting_id uuid NULL,
        posted_time timestamptz NULL,
        created_by text,
        created_by_name text NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        submitted_by text,
        submitted_by_name text,
        submitted_time timestamptz,
        last_updated_by text,
        last_updated_time timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX sales_upload_list ON sales_upload (last_updated_time DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX sales_upload_location ON sales_upload (location_id, value_date, status)`);
    await queryRunner.query(
      `CREATE INDEX sales_upload_file ON sales_upload (file_hash) WHERE file_hash IS NOT NULL
         AND status IN ('PENDING MATCH', 'POSTED')`,
    );
    await queryRunner.query(`
      CREATE TABLE sales_upload_line (
        su_id uuid NOT NULL REFERENCES sales_upload (id) ON DELETE CASCADE,
        line_no integer NOT NULL CHECK (line_no > 0),
        plu_code text NOT NULL,
        plu_id text NULL,
        status text NOT NULL CHECK (status IN ('MATCHED', 'UNMATCHED', 'IGNORED')),
        reason text NULL CHECK (reason IN ('PLU_UNKNOWN', 'NO_ACTIVE_BOM')),
        quantity numeric(18,3) NOT NULL,
        amount numeric(18,2) NOT NULL,
        row_count integer NOT NULL,
        PRIMARY KEY (su_id, line_no)
      )`);
    // What the posting took of each SKU (primary unit): issued at FIFO cost, the rest back-ordered.
    await queryRunner.query(`
      CREATE TABLE sales_upload_consumption (
        su_id uuid NOT NULL REFERENCES sales_upload (id) ON DELETE CASCADE,
        line_no integer NOT NULL,
        sku_id text NOT NULL,
        quantity numeric(18,3) NOT NULL,
        issued_quantity numeric(18,3) NOT NULL,
        consumed_value numeric(24,7) NOT NULL,
        PRIMARY KEY (su_id, sku_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE sales_upload_plu_mapping (
        pos_code text PRIMARY KEY,
        plu_id text NOT NULL,
        mapped_by text NULL,
        mapped_by_name text NOT NULL,
        mapped_time timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE epoint_record (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        location_id text NOT NULL,
        shift_code text NOT NULL,
        stock_code text NOT NULL,
        quantity numeric(18,3) NOT NULL,
        amount numeric(18,2) NOT NULL,
        epoint_date date NOT NULL,
        uom text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'PENDING'
          CHECK (status IN ('PENDING', 'UPLOADED', 'POSTED', 'IGNORED', 'REVERTED')),
        source text NOT NULL CHECK (source IN ('Epoint AutoSync', 'Epoint Excel Upload')),
        su_id uuid NULL REFERENCES sales_upload (id),
        received_time timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT epoint_record_line UNIQUE (location_id, shift_code, stock_code, epoint_date)
      )`);
    await queryRunner.query(
      `CREATE INDEX epoint_record_pending ON epoint_record (location_id, epoint_date) WHERE status = 'PENDING'`,
    );
    await queryRunner.query(`CREATE INDEX epoint_record_su ON epoint_record (su_id) WHERE su_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX epoint_record_day ON epoint_record (epoint_date DESC, location_id)`);

    // A reverted upload's open back orders are cancelled (the sale never happened): the ledger's new status.
    await queryRunner.query(`ALTER TABLE back_order DROP CONSTRAINT IF EXISTS back_order_status_check`);
    await queryRunner.query(
      `ALTER TABLE back_order ADD CONSTRAINT back_order_status_check CHECK (status IN ('OPEN', 'SETTLED', 'CANCELLED'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM back_order WHERE status = 'CANCELLED'`);
    await queryRunner.query(`ALTER TABLE back_order DROP CONSTRAINT back_order_status_check`);
    await queryRunner.query(
      `ALTER TABLE back_order ADD CONSTRAINT back_order_status_check CHECK (status IN ('OPEN', 'SETTLED'))`,
    );
    await queryRunner.query('DROP TABLE epoint_record');
    await queryRunner.query('DROP TABLE sales_upload_plu_mapping');
    await queryRunner.query('DROP TABLE sales_upload_consumption');
    await queryRunner.query('DROP TABLE sales_upload_line');
    await queryRunner.query('DROP TABLE sales_upload');
  }
}
