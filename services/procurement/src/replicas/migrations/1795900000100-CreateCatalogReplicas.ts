import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Procurement's copies of catalog's suppliers, SKUs (with their units, supplier prices and default suppliers),
 * locations, company settings (the GST rate options) and exchange rates, fed by catalog's events. Each row keeps
 * catalog's revision so an older snapshot never wins, and a deletion stays as a tombstone (`deleted`, every
 * column but the key nullable) so a late upsert of the deleted record cannot bring it back
 * (libs/platform/src/database/replica-rows.ts). A SKU's prices and per-location suppliers are child rows
 * replaced whole whenever the SKU's snapshot applies: catalog sends them inside the SKU's snapshot.
 */
export class CreateCatalogReplicas1795900000100 implements MigrationInterface {
  name = 'CreateCatalogReplicas1795900000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const replicaColumns = `deleted boolean NOT NULL DEFAULT false,
        revision integer NOT NULL,
        last_updated_time timestamptz NULL,
        replicated_at timestamptz NOT NULL DEFAULT now()`;
    await queryRunner.query(`
      CREATE TABLE supplier_replica (
        supplier_id text PRIMARY KEY,
        company_name text NULL,
        contact_name text NULL,
        contact_email text NULL,
        credit_term_in_days integer NULL,
        minimum_order_value numeric(18,4) NULL,
        gst_price_type text NULL CHECK (gst_price_type IN ('inclusive', 'exclusive')),
        gst_rate numeric(7,4) NULL,
        tax_type text NULL,
        gst_reg_no text NULL,
        category_id uuid NULL,
        status text NULL,
        ${replicaColumns}
      )`);
    await queryRunner.query(`
      CREATE TABLE sku_replica (
        sku_id text PRIMARY KEY,
        name text NULL,
        ch_display_name text NULL,
        category_id uuid NULL,
        sub_category_id uuid NULL,
        primary_uom_name text NULL,
        purchasing_uom_name text NULL,
        receiving_uom_name text NULL,
        uom_list jsonb NOT NULL DEFAULT '[]',
        default_supplier_id text NULL,
        max_order_qty numeric(18,3) NULL,
        is_inventorise boolean NULL,
        status text NULL,
        ${replicaColumns}
      )`);
    await queryRunner.query(`
      CREATE TABLE sku_supplier_price_replica (
        sku_id text NOT NULL,
        supplier_id text NOT NULL,
        uom_name text NOT NULL,
        current_price numeric(18,4) NOT NULL,
        future_price_1 numeric(18,4) NULL,
        future_price_1_date date NULL,
        future_price_2 numeric(18,4) NULL,
        future_price_2_date date NULL,
        PRIMARY KEY (sku_id, supplier_id, uom_name)
      )`);
    // A supplier's price list (the PO form's SKU choices once the supplier is picked).
    await queryRunner.query(
      `CREATE INDEX sku_supplier_price_replica_supplier ON sku_supplier_price_replica (supplier_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE sku_location_supplier_replica (
        sku_id text NOT NULL,
        location_id text NOT NULL,
        supplier_id text NOT NULL,
        PRIMARY KEY (sku_id, location_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE location_replica (
        location_id text PRIMARY KEY,
        location_name text NULL,
        region_id uuid NULL,
        is_operating boolean NULL,
        status text NULL,
        ${replicaColumns}
      )`);
    await queryRunner.query(`
      CREATE TABLE exchange_rate_replica (
        exchange_rate_id uuid PRIMARY KEY,
        currency text NULL,
        effective_date date NULL,
        rate numeric(18,6) NULL,
        ${replicaColumns}
      )`);
    // "The rate of a currency on a date": the latest effective_date on or before it.
    await queryRunner.query(
      `CREATE INDEX exchange_rate_replica_lookup ON exchange_rate_replica (currency, effective_date DESC) WHERE NOT deleted`,
    );
    // One row: catalog's company settings (one aggregate, 'company').
    await queryRunner.query(`
      CREATE TABLE company_settings_replica (
        settings_id text PRIMARY KEY CHECK (settings_id = 'company'),
        gst_rates jsonb NOT NULL DEFAULT '[]',
        default_gst_rate_id uuid NULL,
        default_gst_rate numeric(5,2) NULL,
        company jsonb NULL,
        ${replicaColumns}
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE company_settings_replica`);
    await queryRunner.query(`DROP TABLE exchange_rate_replica`);
    await queryRunner.query(`DROP TABLE location_replica`);
    await queryRunner.query(`DROP TABLE sku_location_supplier_replica`);
    await queryRunner.query(`DROP TABLE sku_supplier_price_replica`);
    await queryRunner.query(`DROP TABLE sku_replica`);
    await queryRunner.query(`DROP TABLE supplier_replica`);
  }
}
