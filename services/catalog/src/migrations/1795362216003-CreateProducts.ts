import { createExtensionOnce } from '@scm/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Products (SPEC.md §3 Product; /PLUSKU/product-management and /product/overview): dimensions, weight, native
 * currency with the derived USD prices (and the rate they were derived at), import / export permit, GMS flag,
 * the cover among its images (rows of the `attachment` table, owner type `product-image`, owner id `product_id`).
 *
 * Lists stay fast with 20,000 products: the default order, the name sort and the filters have indexes, and the
 * search (`%text%` over code, names, brand and hashtags) reads one generated column through a trigram index.
 */
export class CreateProducts1795362216003 implements MigrationInterface {
  name = 'CreateProducts1795362216003';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Trusted extension (PostgreSQL 13+): any owner of the database may create it. In `public`, so another
    // schema's migration that wants it finds it there.
    await createExtensionOnce(queryRunner, 'pg_trgm');
    await queryRunner.query(`
      CREATE TABLE product (
        product_id uuid PRIMARY KEY,
        product_code text NOT NULL CHECK (product_code <> '' AND position('/' in product_code) = 0),
        product_name text NOT NULL,
        alt_name text NOT NULL DEFAULT '',
        brand text NOT NULL DEFAULT '',
        width numeric(12,2) CHECK (width >= 0),
        height numeric(12,2) CHECK (height >= 0),
        diameter numeric(12,2) CHECK (diameter >= 0),
        weight_grams numeric(14,3) CHECK (weight_grams >= 0),
        time_period text NOT NULL DEFAULT '',
        country_origin text NOT NULL DEFAULT '',
        hashtag_list jsonb NOT NULL DEFAULT '[]',
        description text NOT NULL DEFAULT '',
        native_currency text NOT NULL CHECK (native_currency IN ('USD', 'SGD', 'EUR', 'GBP')),
        default_cost numeric(18,2) NOT NULL DEFAULT 0 CHECK (default_cost >= 0),
        retail_price_native numeric(18,2) NOT NULL CHECK (retail_price_native >= 0),
        exchange_rate numeric(18,6) NOT NULL CHECK (exchange_rate > 0),
        exchange_rate_date date,
        retail_price_usd numeric(18,2) NOT NULL,
        mark_up numeric(14,2),
        discount numeric(5,2) NOT NULL DEFAULT 0 CHECK (discount >= 0 AND discount <= 100),
        tax numeric(5,2) NOT NULL CHECK (tax >= 0 AND tax <= 100),
        retail_with_tax_usd numeric(18,2) NOT NULL,
        remarks text NOT NULL DEFAULT '',
        supplier_description text NOT NULL DEFAULT '',
        stock_type text NOT NULL CHECK (stock_type IN ('Inventory', 'Consignment', 'External Consignment')),
        category_id uuid NOT NULL,
        permit_no text NOT NULL DEFAULT '',
        arrival_date date,
        shipout_date date CHECK (shipout_date >= arrival_date),
        declaration_type text CHECK (declaration_type IN ('GST', 'TIB', 'MES')),
        shipping_method text CHECK (shipping_method IN
          ('FedEx', 'DHL', 'DHL Express', 'UPS', 'USPS', 'Malca-Amit', 'Ferrari Logistics', 'Brink''s')),
        gross_margin_scheme boolean NOT NULL DEFAULT false,
        total_tax numeric(18,2) CHECK (total_tax >= 0),
        cover_image_id uuid,
        last_printed_date date,
        is_printed boolean NOT NULL DEFAULT false,
        status text NOT NULL CHECK (status IN ('new', 'active', 'archived')),
        revision integer NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        created_by text,
        last_updated_by text,
        search_text text GENERATED ALWAYS AS (
          product_code || ' ' || product_name || ' ' || alt_name || ' ' || brand || ' ' || hashtag_list::text
        ) STORED
      )`);
    // Codes are unique in any case; the URL id is the code as entered.
    await queryRunner.query(`CREATE UNIQUE INDEX product_code_unique ON product (lower(product_code))`);
    await queryRunner.query(`CREATE UNIQUE INDEX product_code ON product (product_code)`);
    // The list's default order (last_updated_time DESC NULLS LAST, then the code) and the name sort.
    await queryRunner.query(
      `CREATE INDEX product_last_updated ON product (last_updated_time DESC NULLS LAST, product_code DESC)`,
    );
    await queryRunner.query(`CREATE INDEX product_name_sort ON product (product_name, product_code)`);
    // Filters: category (also how a category's usage is checked), status, stock type.
    await queryRunner.query(`CREATE INDEX product_category ON product (category_id)`);
    await queryRunner.query(`CREATE INDEX product_status ON product (status, last_updated_time DESC)`);
    await queryRunner.query(`CREATE INDEX product_stock_type ON product (stock_type, last_updated_time DESC)`);
    await queryRunner.query(`CREATE INDEX product_search ON product USING gin (search_text public.gin_trgm_ops)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE product`);
  }
}
