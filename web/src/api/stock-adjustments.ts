import type { StockAdjustmentInput, StockAdjustmentListRow, StockAdjustmentView } from '@scm/contracts';
import { documentApi } from '../components/document/document-api';

/**
 * Stock adjustments (SPEC.md §2 /inventory/stock-adjustment, key SA; `inventory/stock-adjustments` API): DRAFT →
 * PENDING APPROVAL → APPROVED (posts to the ledger) / REJECTED / DISCARDED. Cost fields only come for roles with
 * can_see_cost. The list's value_date filter is a range of days.
 */
export const stockAdjustmentsApi = documentApi<StockAdjustmentView, StockAdjustmentListRow, StockAdjustmentInput>(
  'stock-adjustments',
  '/api/inventory/stock-adjustments',
  { dayFields: ['value_date'], arrayFields: ['source'] },
);
