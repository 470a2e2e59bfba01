import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Names compare without regard to case or surrounding blanks (libs/contracts units.ts unitKey). */
const key = (name: string) => name.trim().toUpperCase();

interface OldRow {
  sku_id: string;
  uom_id: string;
  factor: string;
  primary_uom_id: string;
  uom_name: string;
  secondary_uom: string;
  uom_per_primary: string;
  primary_name: string;
}

/** An old row with its factor compared to its record's by PostgreSQL (numeric equality, not text). */
interface OldRowCompared extends OldRow {
  /** factor = uom_per_primary */
  forward: boolean;
  /** factor × uom_per_primary = 1 */
  backward: boolean;
}

/**
 * A SKU names its units by their real names (docs/units-of-measure.md). Before, each SKU unit row, each supplier
 * price, each BOM line and each BOM output pointed at a whole UOM record (a pair such as KG / BAG) and the old
 * screens showed the record's `uom_name`. Every row is named here without losing a factor, price or BOM line:
 *
 * - the primary row is the primary record's `uom_name`;
 * - a row whose record links it to the primary unit with the row's own factor (record PCS / CARTON / 24, factor
 *   24, primary PCS; or read backwards) is the record's other end (CARTON), and keeps the record as its source;
 * - any other row keeps the name the old screens showed (`uom_name`) and its factor as the SKU's own; when that
 *   name is taken on the SKU, `secondary_uom`, then `uom_name-secondary_uom`, then with `-2`, `-3`...
 *
 * Prices, BOM lines, BOM outputs, the SKU's four units and the SKU-in-unit usage follow their row's new name; a
 * BOM line or output whose unit is not among the SKU's rows (older data) takes the record's `uom_name`. A UOM
 * record stays in use by a SKU that takes a factor from it; BOMs no longer use UOM records (units are names).
 */
export class NameSkuUnits1795637601991 implements MigrationInterface {
  name = 'NameSkuUnits1795637601991';

  async up(queryRunner: QueryRunner): Promise<void> {
    const rows = (await queryRunner.query(`
      SELECT su.sku_id, su.uom_id::text AS uom_id, su.factor::text AS factor, s.primary_uom_id::text AS primary_uom_id,
             u.uom_name, u.secondary_uom, u.uom_per_primary::text AS uom_per_primary, pu.uom_name AS primary_name,
             su.factor = u.uom_per_primary AS forward, su.factor * u.uom_per_primary = 1 AS backward
        FROM sku_uom su
        JOIN sku s ON s.sku_id = su.sku_id
        JOIN uom u ON u.uom_id = su.uom_id
        JOIN uom pu ON pu.uom_id = s.primary_uom_id
       ORDER BY su.sku_id, (su.uom_id = s.primary_uom_id) DESC, su.position, su.uom_id`)) as OldRowCompared[];
    const named: { sku_id: string; old_uom_id: string; uom_name: string; link: string | null }[] = [];
    const taken = new Map<string, Set<string>>();
    for (const row of rows) {
      const used = taken.get(row.sku_id) ?? new Set<string>();
      taken.set(row.sku_id, used);
      const free = (name: string) => !used.has(key(name));
      const primary = key(row.primary_name);
      let name: string;
      let link: string | null = null;
      if (row.uom_id === row.primary_uom_id) {
        name = row.primary_name.trim();
      } else if (row.forward && key(row.uom_name) === primary && free(row.secondary_uom)) {
        [name, link] = [row.secondary_uom.trim(), row.uom_id];
      } else if (row.backward && key(row.secondary_uom) === primary && free(row.uom_name)) {
        [name, link] = [row.uom_name.trim(), row.uom_id];
      } else {
        const candidates = [
          row.uom_name.trim(),
          row.secondary_uom.trim(),
          `${row.uom_name.trim()}-${row.secondary_uom.trim()}`,
        ];
        name = candidates.find(free) ?? '';
        for (let n = 2; name === ''; n += 1) {
          if (free(`${candidates[2]}-${n}`)) name = `${candidates[2]}-${n}`;
        }
      }
      used.add(key(name));
      named.push({ sku_id: row.sku_id, old_uom_id: row.uom_id, uom_name: name, link });
    }

    await queryRunner.query(`CREATE TEMPORARY TABLE unit_map (sku_id text, old_uom_id uuid, uom_name text, link uuid)`);
    if (named.length > 0) {
      await queryRunner.query(
        `INSERT INTO unit_map SELECT * FROM unnest($1::text[], $2::uuid[], $3::text[], $4::uuid[])`,
        [
          named.map((row) => row.sku_id),
          named.map((row) => row.old_uom_id),
          named.map((row) => row.uom_name),
          named.map((row) => row.link),
        ],
      );
    }

    // SKU unit rows: named, with the record their factor comes from (or none).
    await queryRunner.query(`ALTER TABLE sku_uom ADD COLUMN uom_name text`);
    await queryRunner.query(`
      UPDATE sku_uom su SET uom_name = m.uom_name FROM unit_map m
       WHERE m.sku_id = su.sku_id AND m.old_uom_id = su.uom_id`);

    // Supplier prices: per unit name.
    await queryRunner.query(`ALTER TABLE supplier_price ADD COLUMN uom_name text`);
    await queryRunner.query(`
      UPDATE supplier_price p SET uom_name = m.uom_name FROM unit_map m
       WHERE m.sku_id = p.sku_id AND m.old_uom_id = p.uom_id`);
    // Drops the price's key and its reference to (sku_id, uom_id) with the column.
    await queryRunner.query(`ALTER TABLE supplier_price DROP COLUMN uom_id`);
    await queryRunner.query(`ALTER TABLE supplier_price ALTER COLUMN uom_name SET NOT NULL`);

    await queryRunner.query(`ALTER TABLE sku_uom DROP CONSTRAINT sku_uom_pkey`);
    await queryRunner.query(`ALTER TABLE sku_uom ALTER COLUMN uom_id DROP NOT NULL`);
    await queryRunner.query(`UPDATE sku_uom su SET uom_id = m.link FROM unit_map m
       WHERE m.sku_id = su.sku_id AND m.old_uom_id = su.uom_id`);
    await queryRunner.query(`ALTER TABLE sku_uom ALTER COLUMN uom_name SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE sku_uom ADD PRIMARY KEY (sku_id, uom_name)`);
    await queryRunner.query(`CREATE UNIQUE INDEX sku_uom_unit_unique ON sku_uom (sku_id, upper(uom_name))`);
    await queryRunner.query(`CREATE INDEX sku_uom_record ON sku_uom (uom_id) WHERE uom_id IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE supplier_price ADD PRIMARY KEY (sku_id, supplier_id, uom_name)`);
    await queryRunner.query(`
      ALTER TABLE supplier_price ADD CONSTRAINT supplier_price_sku_unit
        FOREIGN KEY (sku_id, uom_name) REFERENCES sku_uom (sku_id, uom_name) ON DELETE CASCADE ON UPDATE CASCADE`);

    // The SKU's four units.
    for (const field of ['primary', 'purchasing', 'receiving', 'counting']) {
      await queryRunner.query(`ALTER TABLE sku ADD COLUMN ${field}_uom_name text`);
      await queryRunner.query(`
        UPDATE sku s SET ${field}_uom_name = COALESCE(
          (SELECT m.uom_name FROM unit_map m WHERE m.sku_id = s.sku_id AND m.old_uom_id = s.${field}_uom_id),
          (SELECT u.uom_name FROM uom u WHERE u.uom_id = s.${field}_uom_id))`);
      await queryRunner.query(`ALTER TABLE sku ALTER COLUMN ${field}_uom_name SET NOT NULL`);
      await queryRunner.query(`ALTER TABLE sku DROP COLUMN ${field}_uom_id`);
    }

    // BOM lines and outputs.
    await queryRunner.query(`ALTER TABLE bom_consume ADD COLUMN uom_name text`);
    await queryRunner.query(`
      UPDATE bom_consume c SET uom_name = COALESCE(
        (SELECT m.uom_name FROM unit_map m WHERE m.sku_id = c.sku_id AND m.old_uom_id = c.uom_id),
        (SELECT u.uom_name FROM uom u WHERE u.uom_id = c.uom_id))`);
    await queryRunner.query(`ALTER TABLE bom_consume ALTER COLUMN uom_name SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE bom_consume DROP COLUMN uom_id`);
    await queryRunner.query(`ALTER TABLE bom ADD COLUMN output_uom_name text`);
    await queryRunner.query(`
      UPDATE bom b SET output_uom_name = COALESCE(
        (SELECT m.uom_name FROM unit_map m WHERE m.sku_id = b.output_sku_id AND m.old_uom_id = b.output_uom_id),
        (SELECT u.uom_name FROM uom u WHERE u.uom_id = b.output_uom_id))`);
    await queryRunner.query(`ALTER TABLE bom ALTER COLUMN output_uom_name SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE bom DROP COLUMN output_uom_id`);

    // Usage: a SKU uses the records its factors come from; BOMs use no record; SKU-in-unit targets by name.
    await queryRunner.query(
      `DELETE FROM record_usage WHERE target_type = 'uom' AND used_by_type IN ('sku', 'sku_bom', 'plu_bom', 'plu')`,
    );
    await queryRunner.query(`
      INSERT INTO record_usage (target_type, target_id, used_by_type, used_by_id)
      SELECT DISTINCT 'uom', uom_id::text, 'sku', sku_id FROM sku_uom WHERE uom_id IS NOT NULL
      ON CONFLICT DO NOTHING`);
    await queryRunner.query(`
      UPDATE record_usage r SET target_id = m.sku_id || '/' || m.uom_name FROM unit_map m
       WHERE r.target_type = 'sku_uom' AND r.target_id = m.sku_id || '/' || m.old_uom_id::text`);
    await queryRunner.query(`DROP TABLE unit_map`);
  }

  /**
   * Back to records: each unit row takes the record its factor came from, else a record naming it (as
   * `uom_name` first). Refused (the key is violated) where two units of one SKU land on the same record, which
   * the old model cannot say.
   */
  async down(queryRunner: QueryRunner): Promise<void> {
    const recordOf = (sku: string, name: string) => `COALESCE(
        (SELECT su.uom_id FROM sku_uom su WHERE su.sku_id = ${sku} AND su.uom_name = ${name}),
        (SELECT u.uom_id FROM uom u WHERE upper(btrim(u.uom_name)) = upper(btrim(${name}))
          ORDER BY u.created_time, u.uom_id LIMIT 1),
        (SELECT u.uom_id FROM uom u WHERE upper(btrim(u.secondary_uom)) = upper(btrim(${name}))
          ORDER BY u.created_time, u.uom_id LIMIT 1))`;
    const recordOfName = (name: string) => `COALESCE(
        (SELECT u.uom_id FROM uom u WHERE upper(btrim(u.uom_name)) = upper(btrim(${name}))
          ORDER BY u.created_time, u.uom_id LIMIT 1),
        (SELECT u.uom_id FROM uom u WHERE upper(btrim(u.secondary_uom)) = upper(btrim(${name}))
          ORDER BY u.created_time, u.uom_id LIMIT 1))`;
    await queryRunner.query(`DELETE FROM record_usage WHERE target_type = 'uom' AND used_by_type = 'sku'`);
    await queryRunner.query(`
      UPDATE record_usage r SET target_id = su.sku_id || '/' || ${recordOf('su.sku_id', 'su.uom_name')}::text
        FROM sku_uom su WHERE r.target_type = 'sku_uom' AND r.target_id = su.sku_id || '/' || su.uom_name`);
    await queryRunner.query(`ALTER TABLE bom ADD COLUMN output_uom_id uuid REFERENCES uom (uom_id)`);
    await queryRunner.query(`UPDATE bom b SET output_uom_id = CASE WHEN b.output_sku_id IS NULL
        THEN ${recordOfName('b.output_uom_name')} ELSE ${recordOf('b.output_sku_id', 'b.output_uom_name')} END`);
    await queryRunner.query(`ALTER TABLE bom ALTER COLUMN output_uom_id SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE bom DROP COLUMN output_uom_name`);
    await queryRunner.query(`ALTER TABLE bom_consume ADD COLUMN uom_id uuid REFERENCES uom (uom_id)`);
    await queryRunner.query(`UPDATE bom_consume c SET uom_id = ${recordOf('c.sku_id', 'c.uom_name')}`);
    await queryRunner.query(`ALTER TABLE bom_consume ALTER COLUMN uom_id SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE bom_consume DROP COLUMN uom_name`);
    for (const field of ['primary', 'purchasing', 'receiving', 'counting']) {
      await queryRunner.query(`ALTER TABLE sku ADD COLUMN ${field}_uom_id uuid REFERENCES uom (uom_id)`);
      await queryRunner.query(`UPDATE sku s SET ${field}_uom_id = ${recordOf('s.sku_id', `s.${field}_uom_name`)}`);
      await queryRunner.query(`ALTER TABLE sku ALTER COLUMN ${field}_uom_id SET NOT NULL`);
    }
    await queryRunner.query(`ALTER TABLE supplier_price ADD COLUMN uom_id uuid`);
    await queryRunner.query(`UPDATE supplier_price p SET uom_id = ${recordOf('p.sku_id', 'p.uom_name')}`);
    await queryRunner.query(`UPDATE sku_uom su SET uom_id = ${recordOf('su.sku_id', 'su.uom_name')}`);
    await queryRunner.query(`ALTER TABLE supplier_price DROP CONSTRAINT supplier_price_sku_unit`);
    await queryRunner.query(`ALTER TABLE supplier_price DROP CONSTRAINT supplier_price_pkey`);
    await queryRunner.query(`DROP INDEX sku_uom_record`);
    await queryRunner.query(`DROP INDEX sku_uom_unit_unique`);
    await queryRunner.query(`ALTER TABLE sku_uom DROP CONSTRAINT sku_uom_pkey`);
    await queryRunner.query(`ALTER TABLE sku_uom ALTER COLUMN uom_id SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE sku_uom ADD PRIMARY KEY (sku_id, uom_id)`);
    await queryRunner.query(`ALTER TABLE sku_uom DROP COLUMN uom_name`);
    await queryRunner.query(`ALTER TABLE supplier_price ALTER COLUMN uom_id SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE supplier_price DROP COLUMN uom_name`);
    await queryRunner.query(`ALTER TABLE supplier_price ADD PRIMARY KEY (sku_id, supplier_id, uom_id)`);
    await queryRunner.query(`
      ALTER TABLE supplier_price ADD FOREIGN KEY (sku_id, uom_id) REFERENCES sku_uom (sku_id, uom_id) ON DELETE CASCADE`);
    await queryRunner.query(`
      INSERT INTO record_usage (target_type, target_id, used_by_type, used_by_id)
      SELECT DISTINCT 'uom', uom_id::text, 'sku', sku_id FROM sku_uom ON CONFLICT DO NOTHING`);
    for (const field of ['primary', 'purchasing', 'receiving', 'counting']) {
      await queryRunner.query(`ALTER TABLE sku DROP COLUMN ${field}_uom_name`);
    }
  }
}
