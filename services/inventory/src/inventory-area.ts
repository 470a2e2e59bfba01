import type { ServiceArea } from '@scm/platform';

/**
 * One area of the inventory service (replicas, ledger, stock read side, each document type), gathered by
 * InventoryModule. The shape is the platform's (every service splits itself the same way).
 */
export type InventoryArea = ServiceArea;
