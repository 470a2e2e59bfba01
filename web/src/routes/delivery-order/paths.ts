/** The delivery order's pages (route-tree.ts): the list, and `${DELIVERY_ORDER_PATH}/{type}?id=` for the form. */
export const DELIVERY_ORDER_PATH = '/delivery-order';
