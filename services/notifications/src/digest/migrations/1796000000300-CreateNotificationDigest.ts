import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The e-mail digest (issue 15): each user's choice (off / daily) and the language it was chosen in, the address
 * identity's user events give (notifications keeps no other user data beside the approver directory), and on
 * each notification when it was mailed, so a digest never mails one twice.
 */
export class CreateNotificationDigest1796000000300 implements MigrationInterface {
  name = 'CreateNotificationDigest1796000000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE notification_setting (
        user_id text PRIMARY KEY,
        email_digest text NOT NULL DEFAULT 'off' CHECK (email_digest IN ('off', 'daily')),
        language text NOT NULL DEFAULT 'en',
        updated_time timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE notification_user_contact (
        user_id text PRIMARY KEY,
        email text NOT NULL,
        revision integer NOT NULL
      )`);
    await queryRunner.query(`ALTER TABLE notification ADD COLUMN digested_at timestamptz NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE notification DROP COLUMN digested_at');
    await queryRunner.query('DROP TABLE notification_user_contact');
    await queryRunner.query('DROP TABLE notification_setting');
  }
}
