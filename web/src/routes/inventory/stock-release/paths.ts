/** The stock transfer's pages (route-tree.ts): the list, and `${STOCK_RELEASE_PATH}/{type}?id=` for the form. */
export const STOCK_RELEASE_PATH = '/inventory/stock-release';
/**
 * The same pages in the RJ area (key RJ_SR, SPEC.md §6): the RJ_SR context, where a release may also be an
 * EXTERNAL_CONSIGNMENT.
 */
export const RJ_STOCK_RELEASE_PATH = '/sales-management/stock-release';
