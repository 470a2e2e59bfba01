import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The location's address in the replica (the supplier's confirmation page shows where to deliver). Part of the
 * replicas area, whose repository writes these columns: the area's migrations alone make its tables whole.
 */
export class AddLocationAddress1795900000110 implements MigrationInterface {
  name = 'AddLocationAddress1795900000110';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE location_replica ADD COLUMN address text NULL, ADD COLUMN postal_code text NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE location_replica DROP COLUMN address, DROP COLUMN postal_code`);
  }
}
