import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUomReplica1763800000300 implements MigrationInterface {
  name = 'CreateUomReplica1763800000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE uom_replica (
        uom_id uuid PRIMARY KEY,
        uom_name text NOT NULL,
        secondary_uom text NOT NULL,
        uom_per_primary numeric(18,3) NOT NULL,
        status text NOT NULL,
        revision integer NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        last_updated_time timestamptz NOT NULL,
        replicated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX uom_replica_live ON uom_replica (last_updated_time DESC) WHERE NOT deleted`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE uom_replica`);
  }
}
