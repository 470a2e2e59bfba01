import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Inventory's copies of catalog's recipes: SKU BOMs and PLU BOMs (`bom_replica`) and PLUs (`plu_replica`, with a
 * custom recipe inline), for WIP production and the sales backflush (services/inventory/src/recipes). Like the
 * other replicas each row keeps catalog's revision, and a deletion stays as a tombstone.
 */
export class CreateRecipeReplicas1795700000150 implements MigrationInterface {
  name = 'CreateRecipeReplicas1795700000150';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE bom_replica (
        bom_kind text NOT NULL CHECK (bom_kind IN ('sku_bom', 'plu_bom')),
        bom_id text NOT NULL,
        bom_name text NOT NULL DEFAULT '',
        output_sku_id text NULL,
        output_quantity numeric(18,3) NOT NULL DEFAULT 1,
        output_uom_name text NOT NULL DEFAULT '',
        owner_type text NOT NULL DEFAULT 'text',
        owner text NOT NULL DEFAULT '',
        consume_sku_list jsonb NOT NULL DEFAULT '[]',
        status text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        revision integer NOT NULL,
        last_updated_time timestamptz NOT NULL,
        replicated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (bom_kind, bom_id)
      )`);
    // A SKU's producing BOM (nested expansion).
    await queryRunner.query(
      `CREATE INDEX bom_replica_output ON bom_replica (output_sku_id) WHERE bom_kind = 'sku_bom' AND NOT deleted`,
    );
    await queryRunner.query(`
      CREATE TABLE plu_replica (
        plu_id text PRIMARY KEY,
        plu_name text NOT NULL DEFAULT '',
        ch_display_name text NOT NULL DEFAULT '',
        bom_type text NOT NULL DEFAULT 'existing',
        bom_id text NULL,
        custom_bom jsonb NULL,
        status text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        revision integer NOT NULL,
        last_updated_time timestamptz NOT NULL,
        replicated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // PLU codes are matched case-insensitively (a POS may send "plu-001" for "PLU-001").
    await queryRunner.query(`CREATE INDEX plu_replica_upper ON plu_replica (upper(plu_id))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE plu_replica');
    await queryRunner.query('DROP TABLE bom_replica');
  }
}
