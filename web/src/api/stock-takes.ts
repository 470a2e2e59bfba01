import type { StockTakeCreateInput, StockTakeListRow, StockTakeView } from '@scm/contracts';
import { api, download } from './client';
import { documentApi } from '../components/document/document-api';

/**
 * Stock takes (SPEC.md §2 /inventory/stock-take, key ST; `inventory/stock-takes` API): created with the items or
 * categories to count, counted (`PUT :id/counts`, or `POST :id/counts/import` from Excel), submitted (the linked
 * adjustment of the discrepancies is made), completed or returned to RECOUNT by that adjustment.
 */
export const stockTakesApi = documentApi<StockTakeView, StockTakeListRow, StockTakeCreateInput>(
  'stock-takes',
  '/api/inventory/stock-takes',
);

/**
 * Counts read from an .xlsx counting sheet (columns item id and counted quantity, as the sheet download has them),
 * on the revision the user saw: every row is saved, or none.
 */
export async function importStockTakeCounts(
  id: string,
  revision: number,
  file: File,
  idempotencyKey: string,
): Promise<StockTakeView> {
  const form = new FormData();
  form.append('file', file, file.name);
  const view = (
    await api.post<StockTakeView>(stockTakesApi.path(id, `/counts/import?revision=${revision}`), form, {
      idempotencyKey,
      silent: true,
      success: true,
      loading: true,
    })
  ).data;
  await stockTakesApi.reload(id);
  return view;
}

/**
 * The counting sheet as .xlsx (`GET :id/counts/sheet`), in the counting units: the export of the sheet and the
 * template to fill in and import back (no system quantity while a blind count is being counted).
 */
export async function downloadStockTakeSheet(id: string, fileName: string): Promise<void> {
  const blob = await download('GET', stockTakesApi.path(id, '/counts/sheet'), { loading: true });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
