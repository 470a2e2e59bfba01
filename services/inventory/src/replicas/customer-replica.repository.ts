import { Injectable } from '@nestjs/common';
import type { CatalogSubjects, CustomerSnapshot, EventPayload, ReleaseCustomer } from '@scm/contracts';
import type { EntityManager } from 'typeorm';

type CustomerDeleted = EventPayload<typeof CatalogSubjects.CustomerDeleted>;

export interface CustomerReplicaRow extends ReleaseCustomer {
  status: string;
  deleted: boolean;
}

/**
 * Inventory's copy of catalog's customers (RJ_CUSTOMER master data), as far as a stock release needs them: name,
 * contact and the default shipping address. Revision-guarded upserts and tombstones, as every replica; fed by
 * catalog's customer events and rebuilt with the other catalog replicas (CatalogReplicasHandler). The table,
 * `release_customer_replica`, came with the stock releases (AddStockReleases1795700000330).
 */
@Injectable()
export class CustomerReplicaRepository {
  async upsert(manager: EntityManager, customer: CustomerSnapshot): Promise<void> {
    const shipping =
      customer.address_list.find((a) => a.address_type === 'shipping' && a.is_default) ??
      customer.address_list.find((a) => a.address_type === 'shipping') ??
      customer.address_list[0];
    const address = shipping
      ? [shipping.address, shipping.country, shipping.postal_code].filter(Boolean).join(', ')
      : '';
    await manager.query(
      `INSERT INTO release_customer_replica (customer_id, customer_name, chinese_name, contact_no, email, address,
         status, revision)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (customer_id) DO UPDATE SET
         customer_name = EXCLUDED.customer_name, chinese_name = EXCLUDED.chinese_name,
         contact_no = EXCLUDED.contact_no, email = EXCLUDED.email, address = EXCLUDED.address,
         status = EXCLUDED.status, revision = EXCLUDED.revision, deleted = false, replicated_at = now()
       WHERE release_customer_replica.revision < EXCLUDED.revision`,
      [
        customer.customer_code,
        customer.customer_name,
        customer.chinese_name,
        customer.primary_contact_no,
        customer.email,
        address,
        customer.status,
        customer.revision,
      ],
    );
  }

  async markDeleted(manager: EntityManager, deleted: CustomerDeleted): Promise<void> {
    await manager.query(
      `INSERT INTO release_customer_replica (customer_id, customer_name, status, deleted, revision)
       VALUES ($1, $1, 'archived', true, $2)
       ON CONFLICT (customer_id) DO UPDATE SET deleted = true, revision = EXCLUDED.revision, replicated_at = now()
       WHERE release_customer_replica.revision < EXCLUDED.revision`,
      [deleted.customer_code, deleted.revision],
    );
  }

  /** Empties the replica before a rebuild replays catalog's history into it. */
  async clear(manager: EntityManager): Promise<void> {
    await manager.query(`DELETE FROM release_customer_replica`);
  }

  async find(manager: EntityManager, customerId: string): Promise<CustomerReplicaRow | null> {
    const rows = await manager.query<CustomerReplicaRow[]>(
      `SELECT customer_id, customer_name, contact_no, email, address, status, deleted
         FROM release_customer_replica WHERE customer_id = $1`,
      [customerId],
    );
    return rows[0] ?? null;
  }

  /** Active customers a release may go to, by name; `search` matches code or name. */
  async options(manager: EntityManager, search: string, limit = 500): Promise<ReleaseCustomer[]> {
    return manager.query<ReleaseCustomer[]>(
      `SELECT customer_id, customer_name, contact_no, email, address FROM release_customer_replica
        WHERE NOT deleted AND status <> 'archived'
          AND ($1 = '' OR customer_id ILIKE '%' || $1 || '%' OR customer_name ILIKE '%' || $1 || '%')
        ORDER BY customer_name, customer_id LIMIT $2`,
      [search.replace(/[\\%_]/g, (ch) => `\\${ch}`), limit],
    );
  }
}
