/** The stock transfer's pages (route-tree.ts): the list, and `${STOCK_RELEASE_PATH}/{type}?id=` for the form. */
export const STOCK_RELEASE_PATH = '/inventory/stock-release';
