/**
 * SPEC.md §7 "Notification links": clicking a notification opens the page of the record it is about, chosen
 * by its reference type, with the record in the query (`?id=` or, for records known by name, `?name=`).
 * Document types are accepted both by their code (SPEC.md §9: PO, RO, ...) and by their name.
 */
export interface NotificationTarget {
  path: string;
  /** Which query parameter carries the record: its id, or its name for records keyed by name (UOM). */
  param: 'id' | 'name';
}

const byId = (path: string): NotificationTarget => ({ path, param: 'id' });

const PURCHASE_ORDER = byId('/procurement/purchase-order/view');
const RECEIVING_ORDER = byId('/procurement/receiving-order/view');
const RETURN_NOTE = byId('/procurement/return-note/view');
const PETTY_CASH = byId('/procurement/petty-cash/view');
const STOCK_RELEASE = byId('/inventory/stock-release/view');
const RJ_STOCK_RELEASE = byId('/sales-management/stock-release/view');
const STOCK_TAKE = byId('/inventory/stock-take/view');
const STOCK_ADJUSTMENT = byId('/inventory/stock-adjustment/view');
const WIP = byId('/inventory/wip/view');
const SALES_UPLOAD = byId('/inventory/sales-upload/view');
const STORE_ORDERING = byId('/store-ordering/view');
const SALES_ORDER = byId('/sales-order/view');
const DELIVERY_ORDER = byId('/delivery-order/view');
const SUPPLIER_INVOICE = byId('/supplier-invoice/view');
const QUOTATION = byId('/sales-management/quotation/view');

export const NOTIFICATION_TARGETS: Readonly<Record<string, NotificationTarget>> = {
  PO: PURCHASE_ORDER,
  PURCHASE_ORDER,
  RO: RECEIVING_ORDER,
  RECEIVING_ORDER,
  GR: RETURN_NOTE,
  RETURN_NOTE,
  PC: PETTY_CASH,
  PETTY_CASH,
  SR: STOCK_RELEASE,
  STOCK_RELEASE,
  STOCK_TRANSFER: STOCK_RELEASE,
  RJ_SR: RJ_STOCK_RELEASE,
  ST: STOCK_TAKE,
  STOCK_TAKE,
  SA: STOCK_ADJUSTMENT,
  STOCK_ADJUSTMENT,
  WIP,
  SU: SALES_UPLOAD,
  SALES_UPLOAD,
  OR: STORE_ORDERING,
  STORE_ORDERING,
  SO: SALES_ORDER,
  SALES_ORDER,
  DO: DELIVERY_ORDER,
  DELIVERY_ORDER,
  SI: SUPPLIER_INVOICE,
  SUPPLIER_INVOICE,
  QUOTATION,
  USER: byId('/user/list/view'),
  SUPPLIER: byId('/supplier/list/view'),
  LOCATION: byId('/location/list/view'),
  PLU: byId('/PLUSKU/plu/list/view'),
  SKU: byId('/PLUSKU/sku/list/view'),
  BOM: byId('/PLUSKU/skubom/list/view'),
  SKU_BOM: byId('/PLUSKU/skubom/list/view'),
  PLU_BOM: byId('/PLUSKU/plubom/list/view'),
  UOM: { path: '/PLUSKU/uom/view', param: 'name' },
  PRODUCT: byId('/PLUSKU/product-management/view'),
  RJ_PRODUCT: byId('/product/overview/view'),
  CUSTOMER: byId('/contact-management/customer/list/view'),
};

/** What a notification says about the record it refers to (SPEC.md §3 Notification). */
export interface NotificationReference {
  reference_type?: string | null;
  type?: string | null;
  reference_id?: string | number | null;
  reference_name?: string | null;
  message_links?: { link: string; name: string }[] | null;
}

const normalise = (type: string) =>
  type
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

/** The in-app path a notification leads to, or undefined when it refers to nothing the app can open. */
export function notificationLink(notification: NotificationReference): string | undefined {
  const type = notification.reference_type ?? notification.type;
  const target = type ? NOTIFICATION_TARGETS[normalise(type)] : undefined;
  const value = target?.param === 'name' ? notification.reference_name : notification.reference_id;
  if (target && value !== undefined && value !== null && value !== '') {
    return `${target.path}?${target.param}=${encodeURIComponent(String(value))}`;
  }
  const link = notification.message_links?.find(
    (entry) => entry.link.startsWith('/') && !entry.link.startsWith('//'),
  )?.link;
  return link?.replace(/^\/#/, '');
}
