/** The store ordering route (route-tree.ts); its form is `${STORE_ORDER_PATH}/{type}?id=`. */
export const STORE_ORDER_PATH = '/store-ordering';

/** The i18n key of an order type ('Business Order' → business_order). */
export const orderTypeKey = (value: string) => value.toLowerCase().replace(/\s+/g, '_');
