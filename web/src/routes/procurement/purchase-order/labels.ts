/** The i18n key of an order type ('Business Order' → business_order). */
export const orderTypeKey = (value: string) => value.toLowerCase().replace(/\s+/g, '_');
