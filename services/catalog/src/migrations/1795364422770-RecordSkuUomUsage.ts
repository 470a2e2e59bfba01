import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Records, for the BOMs that already exist, their use of each SKU in a UOM (`sku_uom`, `<sku_id>/<uom_id>`), as
 * BomRecipes now records it on every change: each consume row, and a SKU BOM's output. The user is the BOM
 * (`sku_bom` / `plu_bom` and its code), or for a PLU's custom BOM the PLU (`plu` and its id). A SKU refuses to
 * drop a UOM row that is used.
 */
export class RecordSkuUomUsage1795364422770 implements MigrationInterface {
  name = 'RecordSkuUomUsage1795364422770';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      INSERT INTO record_usage (target_type, target_id, used_by_type, used_by_id)
      SELECT 'sku_uom', used.sku_id || '/' || used.uom_id,
             CASE WHEN b.custom_plu_id IS NULL THEN b.bom_kind ELSE 'plu' END,
             coalesce(b.custom_plu_id, b.bom_id)
        FROM bom b
        JOIN (SELECT bom_key, sku_id, uom_id::text AS uom_id FROM bom_consume
              UNION
              SELECT bom_key, output_sku_id, output_uom_id::text FROM bom WHERE output_sku_id IS NOT NULL) used
          ON used.bom_key = b.bom_key
      ON CONFLICT DO NOTHING`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM record_usage WHERE target_type = 'sku_uom'`);
  }
}
