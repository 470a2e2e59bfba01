import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * How long the supplier's link works: 14 days, long enough for a supplier who answers weekly and before the
 * delivery time of most orders; the buyer can resend a fresh one from the PO (the old one stops working).
 */
export const SUPPLIER_LINK_LIFETIME_DAYS = 14;

export type SupplierDecision = 'confirmed' | 'declined';

function hash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface LiveSupplierLink {
  po_id: string;
  expires_at: Date;
}

/**
 * One-time supplier links (the pattern of identity's password tokens): a random token of which only the hash is
 * stored, an expiry, and one use marked in a single UPDATE ... RETURNING. Issuing a link voids the PO's earlier
 * live ones.
 */
@Injectable()
export class SupplierLinkRepository {
  async issue(manager: EntityManager, poId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await manager.query(
      `UPDATE supplier_link SET used_at = now(), decision = 'voided' WHERE po_id = $1 AND used_at IS NULL`,
      [poId],
    );
    await manager.query(
      `INSERT INTO supplier_link (token_hash, po_id, expires_at)
       VALUES ($1, $2, now() + make_interval(days => $3))`,
      [hash(token), poId, SUPPLIER_LINK_LIFETIME_DAYS],
    );
    return token;
  }

  /** The live link's PO (not used, not voided, not expired), or undefined. Reads only. */
  async find(manager: EntityManager, token: string): Promise<LiveSupplierLink | undefined> {
    const rows = await manager.query<LiveSupplierLink[]>(
      `SELECT po_id, expires_at FROM supplier_link
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
      [hash(token)],
    );
    return rows[0];
  }

  /** Marks a live link used with the decision and returns its PO, or undefined for an unknown, used or expired one. */
  async consume(manager: EntityManager, token: string, decision: SupplierDecision): Promise<string | undefined> {
    // As a SELECT over the UPDATE: TypeORM answers a bare UPDATE with [rows, count] rather than rows.
    const rows = await manager.query<{ po_id: string }[]>(
      `WITH used AS (
         UPDATE supplier_link SET used_at = now(), decision = $2
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
         RETURNING po_id
       )
       SELECT po_id FROM used`,
      [hash(token), decision],
    );
    return rows[0]?.po_id;
  }
}
