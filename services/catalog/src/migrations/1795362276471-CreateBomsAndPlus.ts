import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SKU BOMs and PLU BOMs (one table, codes unique per kind), their consume rows, and PLUs on an existing PLU BOM or
 * on a custom BOM of their own (SPEC.md §3 "BOM (SKU and PLU)", "PLU"). Costs are not stored: they are rolled up
 * from supplier prices when read.
 */
export class CreateBomsAndPlus1795362276471 implements MigrationInterface {
  name = 'CreateBomsAndPlus1795362276471';

  async up(queryRunner: QueryRunner): Promise<void> {
    // bom_key is internal; bom_id is the user's code (URLs, PLUs). A PLU's custom BOM carries the PLU's id as its
    // code and custom_plu_id; it has no category and no list shows it.
    await queryRunner.query(`
      CREATE TABLE bom (
        bom_key uuid PRIMARY KEY,
        bom_kind text NOT NULL CHECK (bom_kind IN ('sku_bom', 'plu_bom')),
        bom_id text NOT NULL CHECK (bom_id <> '' AND position('/' in bom_id) = 0),
        custom_plu_id text,
        bom_name text NOT NULL,
        output_sku_id text REFERENCES sku (sku_id),
        output_quantity numeric(18,3) NOT NULL CHECK (output_quantity > 0),
        output_uom_id uuid NOT NULL REFERENCES uom (uom_id),
        category_id uuid REFERENCES item_category (category_id),
        owner_type text NOT NULL DEFAULT 'text' CHECK (owner_type IN ('text', 'location')),
        owner text NOT NULL DEFAULT '',
        hashtag_list jsonb NOT NULL DEFAULT '[]',
        status text NOT NULL CHECK (status IN ('new', 'active', 'archived')),
        revision integer NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        created_by text,
        last_updated_by text,
        CHECK ((bom_kind = 'sku_bom') = (output_sku_id IS NOT NULL)),
        CHECK (custom_plu_id IS NULL OR bom_kind = 'plu_bom'),
        CHECK (custom_plu_id IS NOT NULL OR category_id IS NOT NULL)
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX bom_id_unique ON bom (bom_kind, lower(bom_id)) WHERE custom_plu_id IS NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX bom_custom_plu ON bom (custom_plu_id) WHERE custom_plu_id IS NOT NULL`,
    );
    // Indexes follow the lists (one kind, custom BOMs left out) and the cost roll-up (BOMs producing a SKU).
    await queryRunner.query(
      `CREATE INDEX bom_last_updated ON bom (bom_kind, last_updated_time DESC, bom_id) WHERE custom_plu_id IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX bom_name ON bom (bom_kind, bom_name) WHERE custom_plu_id IS NULL`);
    await queryRunner.query(`CREATE INDEX bom_status ON bom (bom_kind, status) WHERE custom_plu_id IS NULL`);
    await queryRunner.query(`CREATE INDEX bom_output_sku ON bom (output_sku_id) WHERE output_sku_id IS NOT NULL`);

    await queryRunner.query(`
      CREATE TABLE bom_consume (
        bom_key uuid NOT NULL REFERENCES bom (bom_key) ON DELETE CASCADE,
        line_no integer NOT NULL,
        sku_id text NOT NULL REFERENCES sku (sku_id),
        quantity_per_uom numeric(18,3) NOT NULL CHECK (quantity_per_uom > 0),
        uom_id uuid NOT NULL REFERENCES uom (uom_id),
        wastage_percentage numeric(5,2) NOT NULL CHECK (wastage_percentage >= 0 AND wastage_percentage < 100),
        PRIMARY KEY (bom_key, sku_id)
      )`);
    await queryRunner.query(`CREATE INDEX bom_consume_sku ON bom_consume (sku_id)`);

    // plu_id is the user's code (URLs, sales, POS records): the key, never changed.
    await queryRunner.query(`
      CREATE TABLE plu (
        plu_id text PRIMARY KEY CHECK (plu_id <> '' AND position('/' in plu_id) = 0),
        plu_name text NOT NULL,
        ch_display_name text NOT NULL DEFAULT '',
        suggested_price numeric(18,2) NOT NULL CHECK (suggested_price >= 0),
        barcode text NOT NULL DEFAULT '',
        category_id uuid NOT NULL REFERENCES item_category (category_id),
        bom_type text NOT NULL CHECK (bom_type IN ('existing', 'custom')),
        bom_key uuid NOT NULL REFERENCES bom (bom_key),
        status text NOT NULL CHECK (status IN ('new', 'active', 'archived')),
        revision integer NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        created_by text,
        last_updated_by text
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX plu_id_unique ON plu (lower(plu_id))`);
    await queryRunner.query(`CREATE INDEX plu_last_updated ON plu (last_updated_time DESC, plu_id)`);
    await queryRunner.query(`CREATE INDEX plu_name ON plu (plu_name)`);
    await queryRunner.query(`CREATE INDEX plu_status ON plu (status)`);
    await queryRunner.query(`CREATE INDEX plu_category ON plu (category_id)`);
    await queryRunner.query(`CREATE INDEX plu_bom ON plu (bom_key)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE plu`);
    await queryRunner.query(`DROP TABLE bom_consume`);
    await queryRunner.query(`DROP TABLE bom`);
  }
}
