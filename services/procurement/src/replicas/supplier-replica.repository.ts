import { Injectable } from '@nestjs/common';
import type { CatalogSubjects, EventPayload, SupplierSnapshot } from '@scm/contracts';
import { tombstoneReplicaRow, upsertReplicaRow } from '@scm/platform';
import type { EntityManager } from 'typeorm';

type SupplierDeleted = EventPayload<typeof CatalogSubjects.SupplierDeleted>;

/** A supplier as procurement knows it: what a PO needs (GST, minimum order value, where to e-mail it). */
export interface SupplierReplicaRow {
  supplier_id: string;
  company_name: string;
  contact_name: string;
  contact_email: string;
  credit_term_in_days: number;
  minimum_order_value: string;
  gst_price_type: 'inclusive' | 'exclusive';
  gst_rate: string;
  tax_type: string;
  gst_reg_no: string;
  status: string;
  deleted: boolean;
  revision: number;
}

const COLUMNS = `supplier_id, company_name, contact_name, contact_email, credit_term_in_days,
  minimum_order_value::text AS minimum_order_value, gst_price_type, gst_rate::text AS gst_rate, tax_type, gst_reg_no,
  status, deleted, revision`;

/**
 * Procurement's copy of catalog's suppliers. Catalog's supplier has no currency of its own: a PO's native
 * currency is chosen on the PO (SPEC.md §3) and converted with the exchange-rate replica.
 */
@Injectable()
export class SupplierReplicaRepository {
  async upsert(manager: EntityManager, supplier: SupplierSnapshot): Promise<void> {
    await upsertReplicaRow(manager, 'supplier_replica', ['supplier_id'], {
      supplier_id: supplier.supplier_id,
      company_name: supplier.company_name,
      contact_name: supplier.contact_name,
      contact_email: supplier.contact_email,
      credit_term_in_days: supplier.credit_term_in_days,
      minimum_order_value: supplier.minimum_order_value || '0',
      gst_price_type: supplier.gst_price_type,
      gst_rate: supplier.gst_rate,
      tax_type: supplier.tax_type,
      gst_reg_no: supplier.gst_reg_no,
      category_id: supplier.category_id,
      status: supplier.status,
      revision: supplier.revision,
      last_updated_time: supplier.last_updated_time,
    });
  }

  async markDeleted(manager: EntityManager, deleted: SupplierDeleted): Promise<void> {
    await tombstoneReplicaRow(manager, 'supplier_replica', { supplier_id: deleted.supplier_id }, deleted.revision);
  }

  /** The supplier as kept, tombstones included (the caller decides what a deleted or archived one may do). */
  async find(manager: EntityManager, supplierId: string): Promise<SupplierReplicaRow | null> {
    const [row] = await manager.query<SupplierReplicaRow[]>(
      `SELECT ${COLUMNS} FROM supplier_replica WHERE supplier_id = $1`,
      [supplierId],
    );
    return row ?? null;
  }

  async clear(manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM supplier_replica');
  }
}
