import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUoms1763800000200 implements MigrationInterface {
  name = 'CreateUoms1763800000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE uom (
        uom_id uuid PRIMARY KEY,
        uom_name text NOT NULL,
        secondary_uom text NOT NULL,
        uom_per_primary numeric(18,3) NOT NULL CHECK (uom_per_primary > 0),
        status text NOT NULL CHECK (status IN ('new', 'active', 'archived')),
        revision integer NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        created_by text,
        last_updated_by text
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX uom_names_unique ON uom (lower(uom_name), lower(secondary_uom))`);
    // Indexes follow the list: default order, sorts and the status filter.
    await queryRunner.query(`CREATE INDEX uom_last_updated ON uom (last_updated_time DESC, uom_id)`);
    await queryRunner.query(`CREATE INDEX uom_name ON uom (uom_name)`);
    await queryRunner.query(`CREATE INDEX uom_status ON uom (status)`);
    await queryRunner.query(`
      CREATE TABLE record_usage (
        target_type text NOT NULL,
        target_id text NOT NULL,
        used_by_type text NOT NULL,
        used_by_id text NOT NULL,
        PRIMARY KEY (target_type, target_id, used_by_type, used_by_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE record_usage`);
    await queryRunner.query(`DROP TABLE uom`);
  }
}
