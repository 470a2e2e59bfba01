import { ACTIVITY_SUBJECTS, RECORD_ACTIVITY_SUBJECTS } from '@scm/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The permission key of each activity log entry's record: the log lists an entry only to callers who may view that
 * key (a sign-in or a supplier change is not every clerk's business). Null (an entry of no key) is seen by every
 * reader of the log. Entries written before are given their subject's key from the registries.
 */
export class AddActivityLogPermissionKey1796000000400 implements MigrationInterface {
  name = 'AddActivityLogPermissionKey1796000000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE activity_log ADD COLUMN permission_key text NULL');
    const keyed = [...Object.entries(ACTIVITY_SUBJECTS), ...Object.entries(RECORD_ACTIVITY_SUBJECTS)].flatMap(
      ([subject, meta]) => ('permissionKey' in meta && meta.permissionKey ? [[subject, meta.permissionKey]] : []),
    );
    await queryRunner.query(
      `UPDATE activity_log a SET permission_key = k.permission_key
         FROM unnest($1::text[], $2::text[]) AS k(subject, permission_key) WHERE a.subject = k.subject`,
      [keyed.map(([subject]) => subject), keyed.map(([, key]) => key)],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE activity_log DROP COLUMN permission_key');
  }
}
