import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Regions, location categories with their sub-categories, and locations (SPEC.md §2 /location, §3). */
export class CreateLocations1795358227169 implements MigrationInterface {
  name = 'CreateLocations1795358227169';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE region (
        region_id uuid PRIMARY KEY,
        region_name text NOT NULL,
        remark text NOT NULL DEFAULT '',
        status text NOT NULL CHECK (status IN ('new', 'active', 'archived')),
        revision integer NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        created_by text,
        last_updated_by text
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX region_name_unique ON region (lower(region_name))`);
    await queryRunner.query(`CREATE INDEX region_last_updated ON region (last_updated_time DESC, region_id)`);
    await queryRunner.query(`CREATE INDEX region_status ON region (status)`);

    await queryRunner.query(`
      CREATE TABLE location_category (
        category_id uuid PRIMARY KEY,
        category_name text NOT NULL,
        status text NOT NULL CHECK (status IN ('new', 'active', 'archived')),
        revision integer NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        created_by text,
        last_updated_by text
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX location_category_name_unique ON location_category (lower(category_name))`,
    );
    await queryRunner.query(
      `CREATE INDEX location_category_last_updated ON location_category (last_updated_time DESC, category_id)`,
    );
    await queryRunner.query(`CREATE INDEX location_category_status ON location_category (status)`);
    await queryRunner.query(`
      CREATE TABLE location_sub_category (
        sub_category_id uuid PRIMARY KEY,
        category_id uuid NOT NULL REFERENCES location_category (category_id) ON DELETE CASCADE,
        sub_category_name text NOT NULL,
        position integer NOT NULL
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX location_sub_category_name_unique ON location_sub_category (category_id, lower(sub_category_name))`,
    );

    // location_id is the user's code (URLs, users' location lists): the key, never changed.
    await queryRunner.query(`
      CREATE TABLE location (
        location_id text PRIMARY KEY CHECK (location_id <> '' AND position('/' in location_id) = 0),
        location_name text NOT NULL,
        is_operating boolean NOT NULL,
        category_id uuid NOT NULL REFERENCES location_category (category_id),
        sub_category_id uuid REFERENCES location_sub_category (sub_category_id),
        region_id uuid NOT NULL REFERENCES region (region_id),
        address text NOT NULL,
        country text NOT NULL,
        postal_code text NOT NULL,
        contact_person jsonb NOT NULL DEFAULT '[]',
        remark text NOT NULL DEFAULT '',
        status text NOT NULL CHECK (status IN ('new', 'active', 'archived')),
        revision integer NOT NULL,
        created_time timestamptz NOT NULL DEFAULT now(),
        last_updated_time timestamptz NOT NULL DEFAULT now(),
        created_by text,
        last_updated_by text
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX location_id_unique ON location (lower(location_id))`);
    // Indexes follow the list: default order, sorts and filters.
    await queryRunner.query(`CREATE INDEX location_last_updated ON location (last_updated_time DESC, location_id)`);
    await queryRunner.query(`CREATE INDEX location_name ON location (location_name)`);
    await queryRunner.query(`CREATE INDEX location_status ON location (status)`);
    await queryRunner.query(`CREATE INDEX location_category_ref ON location (category_id)`);
    await queryRunner.query(`CREATE INDEX location_region_ref ON location (region_id)`);
    await queryRunner.query(`CREATE INDEX location_country ON location (country)`);
    // Usage lookups by user ("what does this location use?") on changes and deletes.
    await queryRunner.query(`CREATE INDEX record_usage_used_by ON record_usage (used_by_type, used_by_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX record_usage_used_by`);
    await queryRunner.query(`DROP TABLE location`);
    await queryRunner.query(`DROP TABLE location_sub_category`);
    await queryRunner.query(`DROP TABLE location_category`);
    await queryRunner.query(`DROP TABLE region`);
  }
}
