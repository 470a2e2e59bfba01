import type { MigrationInterface, QueryRunner } from 'typeorm';
import { EVENT_TABLES_DOWN, EVENT_TABLES_UP } from '../events/event-tables.js';
import { IDEMPOTENCY_TABLE_DOWN, IDEMPOTENCY_TABLE_UP } from '../http/idempotency.interceptor.js';

/**
 * The tables every service keeps in its own schema: outbox, inbox and idempotency keys. Each service lists
 * this migration first in its migrations.
 */
export class CreatePlatformTables1763800000000 implements MigrationInterface {
  name = 'CreatePlatformTables1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of [...EVENT_TABLES_UP, ...IDEMPOTENCY_TABLE_UP]) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const sql of [...IDEMPOTENCY_TABLE_DOWN, ...EVENT_TABLES_DOWN]) await queryRunner.query(sql);
  }
}
