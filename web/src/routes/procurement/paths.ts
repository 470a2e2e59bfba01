/** Routes of procurement's document pages (route-tree.ts); each form is `${PATH}/{type}?id=`. */
export const PURCHASE_ORDER_PATH = '/procurement/purchase-order';
export const RECEIVING_ORDER_PATH = '/procurement/receiving-order';
