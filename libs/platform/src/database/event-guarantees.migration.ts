import { aggregateOf, isSubject } from '@scm/contracts';
import type { EventEnvelope } from '@scm/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { EVENT_GUARANTEES_DOWN, EVENT_GUARANTEES_UP } from '../events/event-tables.js';

/**
 * Per-aggregate order, dead letters and subscription history for every service (after its own migrations).
 * The events already in the outbox get their aggregate and sequence too, in id order, so that retention can
 * treat them like the new ones and a later event of the same aggregate continues their sequence.
 */
export class EventGuarantees1795640000000 implements MigrationInterface {
  name = 'EventGuarantees1795640000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of EVENT_GUARANTEES_UP) await queryRunner.query(sql);
    const rows = (await queryRunner.query('SELECT id, subject, envelope FROM outbox ORDER BY id')) as {
      id: string;
      subject: string;
      envelope: EventEnvelope;
    }[];
    const sequences = new Map<string, number>();
    for (const row of rows) {
      if (!isSubject(row.subject)) continue;
      let aggregate: string;
      try {
        aggregate = aggregateOf(row.subject, row.envelope.data);
      } catch {
        continue; // a payload without its key field: left as a legacy row (never pruned, never ordered)
      }
      const sequence = (sequences.get(aggregate) ?? 0) + 1;
      sequences.set(aggregate, sequence);
      await queryRunner.query(
        `UPDATE outbox SET aggregate = $2, sequence = $3,
                envelope = envelope || jsonb_build_object('aggregate', $2::text, 'sequence', $3::bigint)
          WHERE id = $1`,
        [row.id, aggregate, sequence],
      );
    }
    for (const [aggregate, last] of sequences)
      await queryRunner.query('INSERT INTO outbox_sequence (aggregate, last_sequence) VALUES ($1, $2)', [
        aggregate,
        last,
      ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE outbox SET envelope = envelope - 'aggregate' - 'sequence'`);
    for (const sql of EVENT_GUARANTEES_DOWN) await queryRunner.query(sql);
  }
}
