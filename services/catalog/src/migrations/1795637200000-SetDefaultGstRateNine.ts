import type { MigrationInterface, QueryRunner } from 'typeorm';

const SEVEN = '6f1d2c1e-0000-4000-8000-000000000007';
const NINE = '6f1d2c1e-0000-4000-8000-000000000009';

/**
 * The seeded default GST rate becomes Singapore's current 9 % (since 1 January 2024; SPEC.md §9 lists 0, 7, 8, 9 and
 * names 7, the rate of its time). Only a default nobody has chosen moves: the seeded row at its first revision
 * still pointing at the seeded 7 %. The revision stays: this corrects the seed, it is not a user's change, and a
 * fresh database then reads as if it had been seeded with 9.
 */
export class SetDefaultGstRateNine1795637200000 implements MigrationInterface {
  name = 'SetDefaultGstRateNine1795637200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE settings SET default_gst_rate_id = $1
        WHERE settings_id = 1 AND revision = 1 AND default_gst_rate_id = $2
          AND EXISTS (SELECT 1 FROM gst_rate WHERE gst_rate_id = $1)`,
      [NINE, SEVEN],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE settings SET default_gst_rate_id = $1
        WHERE settings_id = 1 AND revision = 1 AND default_gst_rate_id = $2
          AND EXISTS (SELECT 1 FROM gst_rate WHERE gst_rate_id = $1)`,
      [SEVEN, NINE],
    );
  }
}
