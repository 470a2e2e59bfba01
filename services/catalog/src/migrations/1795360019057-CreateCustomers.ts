import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Customers (SPEC.md §3, RJ area): addresses kept as a jsonb list with one default per type. */
export class CreateCustomers1795360019057 implements MigrationInterface {
  name = 'CreateCustomers1795360019057';

  async up(queryRunner: QueryRunner): Promise<void> {
    // customer_code is the user's code (URLs, later sales invoices): the key, never changed.
    await queryRunner.query(`
      CREATE TABLE customer (
        customer_code text PRIMARY KEY CHECK (customer_code <> '' AND position('/' in customer_code) = 0),
        customer_name text NOT NULL,
        salutation text NOT NULL CHECK (salutation IN ('Ms', 'Mr', 'Mrs', 'Mdm', 'Sir')),
        chinese_name text NOT NULL DEFAULT '',
        gender text NOT NULL CHECK (gender IN ('male', 'female')),
        email text NOT NULL DEFAULT '',
        primary_contact_no text NOT NULL,
        secondary_contact_no text NOT NULL DEFAULT '',
        birthday date,
        wedding_anniversary date,
        mailing_list boolean NOT NULL DEFAULT false,
        contact_mode text NOT NULL CHECK (contact_mode IN ('SMS', 'Call', 'WhatsApp/Telegram', 'Email')),
        occupation text NOT NULL DEFAULT '',
        company text NOT NULL DEFAULT '',
        department text NOT NULL DEFAULT '',
        tags jsonb NOT NULL DEFAULT '[]',
        address_list jsonb NOT NULL DEFAULT '[]',
        transaction_count integer NOT NULL DEFAULT 0 CHECK (transaction_count >= 0),
        total_spending numeric(18,2) NOT NULL DEFAULT 0,
        status text NOT NULL CHECK (status IN ('new', 'active', 'archived')),
        revision integer NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        created_by text,
        last_updated_by text
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX customer_code_unique ON customer (lower(customer_code))`);
    // Indexes follow the list: default order, sorts and filters.
    await queryRunner.query(`CREATE INDEX customer_last_updated ON customer (last_updated_time DESC, customer_code)`);
    await queryRunner.query(`CREATE INDEX customer_name ON customer (customer_name)`);
    await queryRunner.query(`CREATE INDEX customer_status ON customer (status)`);
    await queryRunner.query(`CREATE INDEX customer_gender ON customer (gender)`);
    await queryRunner.query(`CREATE INDEX customer_contact_mode ON customer (contact_mode)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE customer`);
  }
}
