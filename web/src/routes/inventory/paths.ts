/** Routes of the stock ledger's document pages (route-tree.ts); each form is `${PATH}/{type}?id=`. */
export const STOCK_ADJUSTMENT_PATH = '/inventory/stock-adjustment';
export const STOCK_TAKE_PATH = '/inventory/stock-take';
export const BACK_ORDER_PATH = '/inventory/back-order';
