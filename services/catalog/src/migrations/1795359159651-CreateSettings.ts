import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Settings (SPEC.md §2 /settings, §9): the GST rate options with one default (0, 7, 8, 9 %; default 7), the
 * company details printed on documents (one row), and dated exchange rates per currency against USD.
 */
export class CreateSettings1795359159651 implements MigrationInterface {
  name = 'CreateSettings1795359159651';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE gst_rate (
        gst_rate_id uuid PRIMARY KEY,
        rate numeric(5,2) NOT NULL CHECK (rate >= 0 AND rate <= 100),
        created_time timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX gst_rate_unique ON gst_rate (rate)`);
    await queryRunner.query(`
      INSERT INTO gst_rate (gst_rate_id, rate) VALUES
        ('6f1d2c1e-0000-4000-8000-000000000000', 0),
        ('6f1d2c1e-0000-4000-8000-000000000007', 7),
        ('6f1d2c1e-0000-4000-8000-000000000008', 8),
        ('6f1d2c1e-0000-4000-8000-000000000009', 9)`);

    // One row: the default GST rate (kept while it is the default) and the company details.
    await queryRunner.query(`
      CREATE TABLE settings (
        settings_id smallint PRIMARY KEY CHECK (settings_id = 1),
        default_gst_rate_id uuid NOT NULL REFERENCES gst_rate (gst_rate_id),
        company_name text NOT NULL DEFAULT '',
        company_uen text NOT NULL DEFAULT '',
        gst_reg_no text NOT NULL DEFAULT '',
        address text NOT NULL DEFAULT '',
        postal_code text NOT NULL DEFAULT '',
        country text NOT NULL DEFAULT '',
        phone text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        website text NOT NULL DEFAULT '',
        revision integer NOT NULL,
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        last_updated_by text
      )`);
    await queryRunner.query(
      `INSERT INTO settings (settings_id, default_gst_rate_id, revision)
        VALUES (1, '6f1d2c1e-0000-4000-8000-000000000007', 1)`,
    );

    // How many units of `currency` one USD (the reference) buys from `effective_date` on.
    await queryRunner.query(`
      CREATE TABLE exchange_rate (
        exchange_rate_id uuid PRIMARY KEY,
        currency text NOT NULL CHECK (currency IN ('SGD', 'EUR', 'GBP')),
        effective_date date NOT NULL,
        rate numeric(18,6) NOT NULL CHECK (rate > 0),
        revision integer NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        created_by text,
        last_updated_by text
      )`);
    // One rate per currency and date; also serves "the latest effective_date on or before a date".
    await queryRunner.query(
      `CREATE UNIQUE INDEX exchange_rate_currency_date ON exchange_rate (currency, effective_date DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE exchange_rate`);
    await queryRunner.query(`DROP TABLE settings`);
    await queryRunner.query(`DROP TABLE gst_rate`);
  }
}
