import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SKU categories with sub-categories, SKUs with their UOM conversions and suppliers, supplier prices (current and
 * two future prices) and default suppliers per location (SPEC.md §2 /PLUSKU/sku, /supplier/price,
 * /supplier/defaultSupplier; §3 SKU).
 */
export class CreateSkus1795361682141 implements MigrationInterface {
  name = 'CreateSkus1795361682141';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sku_category (
        category_id uuid PRIMARY KEY,
        category_name text NOT NULL,
        status text NOT NULL CHECK (status IN ('new', 'active', 'archived')),
        revision integer NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        created_by text,
        last_updated_by text
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX sku_category_name_unique ON sku_category (lower(category_name))`);
    await queryRunner.query(
      `CREATE INDEX sku_category_last_updated ON sku_category (last_updated_time DESC, category_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE sku_sub_category (
        sub_category_id uuid PRIMARY KEY,
        category_id uuid NOT NULL REFERENCES sku_category (category_id) ON DELETE CASCADE,
        sub_category_name text NOT NULL
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX sku_sub_category_name_unique ON sku_sub_category (category_id, lower(sub_category_name))`,
    );

    // sku_id is the user's code (URLs, purchase orders, BOMs): the key, never changed.
    await queryRunner.query(`
      CREATE TABLE sku (
        sku_id text PRIMARY KEY CHECK (sku_id <> '' AND position('/' in sku_id) = 0),
        name text NOT NULL,
        display_name text NOT NULL,
        ch_display_name text NOT NULL DEFAULT '',
        alternate_display_name_list jsonb NOT NULL DEFAULT '[]',
        category_id uuid NOT NULL REFERENCES sku_category (category_id),
        sub_category_id uuid REFERENCES sku_sub_category (sub_category_id),
        primary_uom_id uuid NOT NULL REFERENCES uom (uom_id),
        purchasing_uom_id uuid NOT NULL REFERENCES uom (uom_id),
        receiving_uom_id uuid NOT NULL REFERENCES uom (uom_id),
        counting_uom_id uuid NOT NULL REFERENCES uom (uom_id),
        barcode text NOT NULL DEFAULT '',
        threshold numeric(18,3) NOT NULL DEFAULT 0 CHECK (threshold >= 0),
        is_inventorise boolean NOT NULL DEFAULT true,
        default_wastage_percentage numeric(5,2) NOT NULL DEFAULT 0
          CHECK (default_wastage_percentage >= 0 AND default_wastage_percentage < 100),
        max_order_qty numeric(18,3) CHECK (max_order_qty > 0),
        account_code text NOT NULL DEFAULT '',
        gl_code text NOT NULL DEFAULT '',
        hashtag_list jsonb NOT NULL DEFAULT '[]',
        supplier_description text NOT NULL DEFAULT '',
        product_brand text NOT NULL DEFAULT '',
        packaging_detail text NOT NULL DEFAULT '',
        default_supplier_id text,
        status text NOT NULL CHECK (status IN ('new', 'active', 'archived')),
        revision integer NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        created_by text,
        last_updated_by text
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX sku_id_unique ON sku (lower(sku_id))`);
    // Indexes follow the list: default order, sorts and filters.
    await queryRunner.query(`CREATE INDEX sku_last_updated ON sku (last_updated_time DESC, sku_id)`);
    await queryRunner.query(`CREATE INDEX sku_name ON sku (name)`);
    await queryRunner.query(`CREATE INDEX sku_status ON sku (status)`);
    await queryRunner.query(`CREATE INDEX sku_category_ref ON sku (category_id, sub_category_id)`);

    // One unit of uom_id is `factor` units of the SKU's primary UOM (the primary UOM's own row has factor 1).
    await queryRunner.query(`
      CREATE TABLE sku_uom (
        sku_id text NOT NULL REFERENCES sku (sku_id) ON DELETE CASCADE,
        uom_id uuid NOT NULL REFERENCES uom (uom_id),
        factor numeric(18,6) NOT NULL CHECK (factor > 0),
        PRIMARY KEY (sku_id, uom_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE sku_supplier (
        sku_id text NOT NULL REFERENCES sku (sku_id) ON DELETE CASCADE,
        supplier_id text NOT NULL REFERENCES supplier (supplier_id),
        PRIMARY KEY (sku_id, supplier_id)
      )`);
    await queryRunner.query(`CREATE INDEX sku_supplier_supplier ON sku_supplier (supplier_id)`);
    await queryRunner.query(`
      ALTER TABLE sku ADD CONSTRAINT sku_default_supplier_listed
        FOREIGN KEY (sku_id, default_supplier_id) REFERENCES sku_supplier (sku_id, supplier_id)
        DEFERRABLE INITIALLY DEFERRED`);

    // A supplier's price of a SKU per UOM: the current one and up to two future ones with the dates they apply.
    await queryRunner.query(`
      CREATE TABLE supplier_price (
        sku_id text NOT NULL,
        supplier_id text NOT NULL,
        uom_id uuid NOT NULL,
        current_price numeric(18,4) NOT NULL CHECK (current_price >= 0),
        future_price_1 numeric(18,4) CHECK (future_price_1 >= 0),
        future_price_1_date date,
        future_price_2 numeric(18,4) CHECK (future_price_2 >= 0),
        future_price_2_date date,
        revision integer NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        created_by text,
        last_updated_by text,
        PRIMARY KEY (sku_id, supplier_id, uom_id),
        FOREIGN KEY (sku_id, supplier_id) REFERENCES sku_supplier (sku_id, supplier_id) ON DELETE CASCADE,
        FOREIGN KEY (sku_id, uom_id) REFERENCES sku_uom (sku_id, uom_id) ON DELETE CASCADE,
        CHECK ((future_price_1 IS NULL) = (future_price_1_date IS NULL)),
        CHECK ((future_price_2 IS NULL) = (future_price_2_date IS NULL)),
        CHECK (future_price_2 IS NULL OR future_price_1 IS NOT NULL),
        CHECK (future_price_2_date IS NULL OR future_price_2_date > future_price_1_date)
      )`);
    await queryRunner.query(`CREATE INDEX supplier_price_supplier ON supplier_price (supplier_id, sku_id)`);
    await queryRunner.query(
      `CREATE INDEX supplier_price_due ON supplier_price (future_price_1_date) WHERE future_price_1_date IS NOT NULL`,
    );

    // Where a location buys a SKU from another supplier than the SKU's default.
    await queryRunner.query(`
      CREATE TABLE sku_location_supplier (
        sku_id text NOT NULL,
        location_id text NOT NULL REFERENCES location (location_id),
        supplier_id text NOT NULL,
        PRIMARY KEY (sku_id, location_id),
        FOREIGN KEY (sku_id, supplier_id) REFERENCES sku_supplier (sku_id, supplier_id) ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sku_location_supplier`);
    await queryRunner.query(`DROP TABLE supplier_price`);
    await queryRunner.query(`ALTER TABLE sku DROP CONSTRAINT sku_default_supplier_listed`);
    await queryRunner.query(`DROP TABLE sku_supplier`);
    await queryRunner.query(`DROP TABLE sku_uom`);
    await queryRunner.query(`DROP TABLE sku`);
    await queryRunner.query(`DROP TABLE sku_sub_category`);
    await queryRunner.query(`DROP TABLE sku_category`);
  }
}
