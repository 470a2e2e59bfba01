import { DOCUMENT_TYPES } from '@scm/contracts';
import type { DocumentType } from '@scm/contracts';
import type { EntityManager } from 'typeorm';
import { assertInTransaction } from './transaction.js';

/** Digits of a document number's counter (more when a series passes 999999: numbers are never cut). */
export const DOCUMENT_NUMBER_DIGITS = 6;

/** `SA-OUTLET1-000123`: the type, the location and the counter, zero padded. */
export function formatDocumentNumber(type: DocumentType, locationId: string, number: number | bigint | string): string {
  return `${type}-${locationId}-${String(number).padStart(DOCUMENT_NUMBER_DIGITS, '0')}`;
}

/**
 * The next number of the (type, location) series, taken inside the caller's transaction — the one that inserts
 * the document.
 *
 * Gap-free under concurrency: the upsert takes the series row's lock (or, for the first number, the unique
 * index entry's), so a second transaction waits until the first commits and then reads the bumped value; if the
 * first rolls back, its increment goes with it and the waiting one takes the same number. No sequence object
 * (sequences never roll back and would leave gaps). The cost: creations of one type at one location serialise
 * from this call to their commit, so call it late in the transaction.
 */
export async function nextDocumentNumber(
  manager: EntityManager,
  type: DocumentType,
  locationId: string,
): Promise<string> {
  assertInTransaction(manager, 'nextDocumentNumber');
  if (!(DOCUMENT_TYPES as readonly string[]).includes(type))
    throw new Error(`nextDocumentNumber: unknown type ${type}`);
  if (typeof locationId !== 'string' || locationId.trim() === '') {
    throw new Error('nextDocumentNumber: a document number needs a location');
  }
  const [row] = await manager.query<{ last_number: string }[]>(
    `INSERT INTO document_number_series (document_type, location_id, last_number) VALUES ($1, $2, 1)
     ON CONFLICT (document_type, location_id)
       DO UPDATE SET last_number = document_number_series.last_number + 1
     RETURNING last_number`,
    [type, locationId],
  );
  // bigint arrives as text: kept as text, so no counter is ever squeezed through a float.
  return formatDocumentNumber(type, locationId, row.last_number);
}
