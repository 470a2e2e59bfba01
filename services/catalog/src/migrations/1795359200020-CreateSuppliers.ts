import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Supplier categories and suppliers (SPEC.md §2 /supplier, §3). */
export class CreateSuppliers1795359200020 implements MigrationInterface {
  name = 'CreateSuppliers1795359200020';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE supplier_category (
        category_id uuid PRIMARY KEY,
        category_name text NOT NULL,
        status text NOT NULL CHECK (status IN ('new', 'active', 'archived')),
        revision integer NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        created_by text,
        last_updated_by text
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX supplier_category_name_unique ON supplier_category (lower(category_name))`,
    );
    await queryRunner.query(
      `CREATE INDEX supplier_category_last_updated ON supplier_category (last_updated_time DESC, category_id)`,
    );
    await queryRunner.query(`CREATE INDEX supplier_category_status ON supplier_category (status)`);

    // supplier_id is the user's code (URLs, later SKUs and purchase orders): the key, never changed.
    await queryRunner.query(`
      CREATE TABLE supplier (
        supplier_id text PRIMARY KEY CHECK (supplier_id <> '' AND position('/' in supplier_id) = 0),
        company_name text NOT NULL,
        account_no text NOT NULL DEFAULT '',
        credit_term_in_days integer NOT NULL CHECK (credit_term_in_days >= 0),
        contact_name text NOT NULL,
        contact_no text NOT NULL,
        contact_email text NOT NULL DEFAULT '',
        company_uen text NOT NULL DEFAULT '',
        company_website text NOT NULL DEFAULT '',
        address text NOT NULL,
        postal_code text NOT NULL,
        country text NOT NULL,
        remark text NOT NULL DEFAULT '',
        minimum_order_value numeric(18,2) NOT NULL CHECK (minimum_order_value >= 0),
        category_id uuid NOT NULL REFERENCES supplier_category (category_id),
        terms_and_conditions text NOT NULL DEFAULT '',
        gst_price_type text NOT NULL CHECK (gst_price_type IN ('inclusive', 'exclusive')),
        gst_reg_no text NOT NULL DEFAULT '',
        gst_rate integer NOT NULL CHECK (gst_rate IN (0, 7, 8, 9)),
        tax_rate integer NOT NULL CHECK (tax_rate IN (0, 7, 8, 9)),
        tax_type text NOT NULL CHECK (tax_type IN ('ZERO RATED', 'GST')),
        tax_reg_no text NOT NULL DEFAULT '',
        hashtag_list jsonb NOT NULL DEFAULT '[]',
        status text NOT NULL CHECK (status IN ('new', 'active', 'archived')),
        revision integer NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        created_by text,
        last_updated_by text
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX supplier_id_unique ON supplier (lower(supplier_id))`);
    // Indexes follow the list: default order, sorts and filters.
    await queryRunner.query(`CREATE INDEX supplier_last_updated ON supplier (last_updated_time DESC, supplier_id)`);
    await queryRunner.query(`CREATE INDEX supplier_company_name ON supplier (company_name)`);
    await queryRunner.query(`CREATE INDEX supplier_status ON supplier (status)`);
    await queryRunner.query(`CREATE INDEX supplier_category_ref ON supplier (category_id)`);
    await queryRunner.query(`CREATE INDEX supplier_country ON supplier (country)`);
    await queryRunner.query(`CREATE INDEX supplier_tax_type ON supplier (tax_type)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE supplier`);
    await queryRunner.query(`DROP TABLE supplier_category`);
  }
}
