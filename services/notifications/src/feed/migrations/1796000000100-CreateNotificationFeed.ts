import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read side of the other services' activity events: the activity log (one row per event) and the
 * notifications (one row per event and recipient). Messages are kept in every language (jsonb by language tag),
 * rendered once when the event is applied; the reader picks its own. `(event_id, user_id)` unique: an event
 * never notifies a user twice, whatever the delivery (the consumer's inbox already guarantees it).
 */
export class CreateNotificationFeed1796000000100 implements MigrationInterface {
  name = 'CreateNotificationFeed1796000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE activity_log (
        id uuid PRIMARY KEY,
        event_id text NOT NULL UNIQUE,
        subject text NOT NULL,
        module text NOT NULL,
        created_by_id text NULL,
        created_by text NOT NULL,
        message jsonb NOT NULL,
        reference_type text NOT NULL,
        reference_id text NOT NULL,
        link text NOT NULL,
        location_id text NULL,
        created_time timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX activity_log_created ON activity_log (created_time DESC, id)`);
    await queryRunner.query(`
      CREATE TABLE notification (
        id uuid PRIMARY KEY,
        event_id text NOT NULL,
        user_id text NOT NULL,
        subject text NOT NULL,
        message jsonb NOT NULL,
        reference_type text NOT NULL,
        reference_id text NOT NULL,
        link text NOT NULL,
        is_read boolean NOT NULL DEFAULT false,
        created_time timestamptz NOT NULL,
        UNIQUE (event_id, user_id)
      )`);
    await queryRunner.query(`CREATE INDEX notification_user ON notification (user_id, created_time DESC, id)`);
    await queryRunner.query(`CREATE INDEX notification_unread ON notification (user_id) WHERE NOT is_read`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE notification');
    await queryRunner.query('DROP TABLE activity_log');
  }
}
