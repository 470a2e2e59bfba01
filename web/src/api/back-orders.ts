import type { BackOrderRow } from '@scm/contracts';
import { documentApi } from '../components/document/document-api';

/**
 * Back orders (SPEC.md §2 /inventory/back-order, key SO; `inventory/back-orders` API): shortfalls of postings that
 * allowed negative stock, OPEN until receipts at their location settle them. Read only: list and status counts.
 */
export const backOrdersApi = documentApi<BackOrderRow & { id: string }, BackOrderRow, never>(
  'back-orders',
  '/api/inventory/back-orders',
);
