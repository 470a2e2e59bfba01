import type { EntityManager } from 'typeorm';

/**
 * The kit's writes belong to the document's own transaction: a number taken, a history row written or an action
 * checked outside one would commit on its own, and a document that then fails to save would leave a gap in its
 * series or a history line for a change that never happened.
 */
export function assertInTransaction(manager: EntityManager, what: string): void {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error(
      `${what}: the manager is not in a transaction; call it with the manager of inTransaction / startUnitOfWork ` +
        '(or of an event handler), the transaction that also writes the document',
    );
  }
}
