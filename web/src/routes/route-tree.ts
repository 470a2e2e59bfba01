import type { PermissionKey } from '@scm/contracts';
import type { ComponentType } from 'react';

/** A page module for `lazy()`: each route area is its own chunk. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * One entry of SPEC.md §2's route tree. A node with `children` is a menu group; a node with `path` is a
 * page whose `form` (if any) answers `${path}/:type` (view, new, edit, create, clone).
 */
export interface RouteNode {
  /** Stable id, also the i18n key of its title in the `routes` namespace. */
  id: string;
  path?: string;
  keys?: PermissionKey | readonly PermissionKey[];
  page?: PageLoader;
  form?: PageLoader;
  children?: RouteNode[];
  /** Routes that exist without a menu entry (e.g. /inventory/overview/view). */
  hiddenRoutes?: RouteNode[];
  /** Only the role named director sees it (SPEC.md §6: /fifo). */
  directorOnly?: boolean;
  /** An icon name from components/layout/icons. */
  icon?: string;
  /** A count beside a top-level entry, by its id in MENU_BADGES (routes/menu-badges.ts): the tree stays plain data. */
  badge?: string;
}

const notAvailable: PageLoader = () => import('./NotAvailablePage');

/** A page not built yet: reachable, guarded, and clearly says so. */
const pending = (id: string, path: string, keys: RouteNode['keys'], withForm = true): RouteNode => ({
  id,
  path,
  keys,
  page: notAvailable,
  ...(withForm && { form: notAvailable }),
});

/** The full menu of SPEC.md §2. Later issues replace `pending` pages with real ones. */
export const ROUTE_TREE: RouteNode[] = [
  { id: 'dashboard', path: '/dashboard', keys: 'DASHBOARD', page: notAvailable, icon: 'dashboard' },
  {
    id: 'approval',
    path: '/approval',
    keys: 'APPROVAL',
    page: () => import('./approval/ApprovalInboxPage'),
    icon: 'approval',
    badge: 'approvals',
  },
  {
    id: 'storeOrdering',
    path: '/store-ordering',
    keys: 'OR',
    icon: 'cart',
    page: () => import('./store-ordering/StoreOrderListPage'),
    form: () => import('./store-ordering/StoreOrderFormPage'),
  },
  { ...pending('salesOrder', '/sales-order', 'SO'), icon: 'receipt' },
  {
    id: 'procurement',
    icon: 'truck',
    children: [
      {
        id: 'purchaseOrder',
        path: '/procurement/purchase-order',
        keys: 'PO',
        page: () => import('./procurement/purchase-order/PurchaseOrderListPage'),
        form: () => import('./procurement/purchase-order/PurchaseOrderFormPage'),
      },
      {
        id: 'receivingOrder',
        path: '/procurement/receiving-order',
        keys: 'RO',
        page: () => import('./procurement/receiving-order/ReceivingOrderListPage'),
        form: () => import('./procurement/receiving-order/ReceivingOrderFormPage'),
      },
      {
        id: 'returnNote',
        path: '/procurement/return-note',
        keys: 'GR',
        page: () => import('./procurement/return-note/ReturnNoteListPage'),
        form: () => import('./procurement/return-note/ReturnNoteFormPage'),
      },
      {
        id: 'pettyCash',
        path: '/procurement/petty-cash',
        keys: 'PC',
        page: () => import('./procurement/petty-cash/PettyCashListPage'),
        form: () => import('./procurement/petty-cash/PettyCashFormPage'),
        hiddenRoutes: [
          {
            id: 'pettyCashRefund',
            path: '/procurement/petty-cash/refund',
            keys: 'PC',
            page: () => import('./procurement/petty-cash/PettyCashRefundPage'),
          },
        ],
      },
    ],
  },
  {
    id: 'inventory',
    icon: 'boxes',
    children: [
      {
        id: 'inventoryOverview',
        path: '/inventory/overview',
        keys: 'INVENTORY_OVERVIEW',
        page: () => import('./inventory/overview/OverviewListPage'),
        hiddenRoutes: [
          {
            id: 'inventoryOverviewView',
            path: '/inventory/overview/view',
            keys: 'INVENTORY_OVERVIEW',
            page: () => import('./inventory/overview/OverviewItemPage'),
          },
        ],
      },
      {
        id: 'stockTake',
        path: '/inventory/stock-take',
        keys: 'ST',
        page: () => import('./inventory/stock-take/StockTakeListPage'),
        form: () => import('./inventory/stock-take/StockTakeFormPage'),
      },
      {
        id: 'stockAdjustment',
        path: '/inventory/stock-adjustment',
        keys: 'SA',
        page: () => import('./inventory/stock-adjustment/StockAdjustmentListPage'),
        form: () => import('./inventory/stock-adjustment/StockAdjustmentFormPage'),
      },
      {
        id: 'wip',
        path: '/inventory/wip',
        keys: 'WIP',
        page: () => import('./inventory/wip/WipListPage'),
        form: () => import('./inventory/wip/WipFormPage'),
      },
      {
        id: 'stockRelease',
        path: '/inventory/stock-release',
        keys: 'SR',
        page: () => import('./inventory/stock-release/StockReleaseListPage'),
        form: () => import('./inventory/stock-release/StockReleaseFormPage'),
      },
      {
        id: 'backOrder',
        path: '/inventory/back-order',
        keys: 'SO',
        page: () => import('./inventory/back-order/BackOrderListPage'),
      },
      {
        id: 'usageVariance',
        path: '/inventory/usage-variance',
        keys: 'INVENTORY_OVERVIEW',
        page: () => import('./inventory/usage-variance/UsageVariancePage'),
      },
      {
        id: 'salesUpload',
        path: '/inventory/sales-upload',
        keys: 'SU',
        page: () => import('./inventory/sales-upload/SalesUploadListPage'),
        form: () => import('./inventory/sales-upload/SalesUploadFormPage'),
        hiddenRoutes: [
          {
            id: 'ePoint',
            path: '/inventory/sales-upload/e-point',
            keys: 'SU',
            page: () => import('./inventory/sales-upload/e-point/EpointRecordListPage'),
            form: notAvailable,
          },
        ],
      },
    ],
  },
  {
    id: 'plusku',
    icon: 'tags',
    children: [
      {
        id: 'productManagement',
        path: '/PLUSKU/product-management',
        keys: 'PRODUCT',
        page: () => import('./product/management/ProductManagementListPage'),
        form: () => import('./product/management/ProductManagementFormPage'),
      },
      {
        id: 'sku',
        path: '/PLUSKU/sku/list',
        keys: 'SKU',
        page: () => import('./plusku/sku/list/SkuListPage'),
        form: () => import('./plusku/sku/list/SkuFormPage'),
      },
      {
        id: 'skuCategory',
        path: '/PLUSKU/sku/category',
        keys: 'SKU',
        page: () => import('./plusku/sku/category/SkuCategoryListPage'),
        form: () => import('./plusku/sku/category/SkuCategoryFormPage'),
      },
      {
        id: 'skuBom',
        path: '/PLUSKU/skubom/list',
        keys: 'SKU_BOM',
        page: () => import('./plusku/skubom/list/SkuBomListPage'),
        form: () => import('./plusku/skubom/list/SkuBomFormPage'),
      },
      {
        id: 'skuBomCategory',
        path: '/PLUSKU/skubom/category',
        keys: 'SKU_BOM',
        page: () => import('./plusku/skubom/category/SkuBomCategoryListPage'),
        form: () => import('./plusku/skubom/category/SkuBomCategoryFormPage'),
      },
      {
        id: 'plu',
        path: '/PLUSKU/plu/list',
        keys: 'PLU',
        page: () => import('./plusku/plu/list/PluListPage'),
        form: () => import('./plusku/plu/list/PluFormPage'),
      },
      {
        id: 'pluCategory',
        path: '/PLUSKU/plu/category',
        keys: 'PLU',
        page: () => import('./plusku/plu/category/PluCategoryListPage'),
        form: () => import('./plusku/plu/category/PluCategoryFormPage'),
      },
      {
        id: 'pluBom',
        path: '/PLUSKU/plubom/list',
        keys: 'PLU_BOM',
        page: () => import('./plusku/plubom/list/PluBomListPage'),
        form: () => import('./plusku/plubom/list/PluBomFormPage'),
      },
      {
        id: 'pluBomCategory',
        path: '/PLUSKU/plubom/category',
        keys: 'PLU_BOM',
        page: () => import('./plusku/plubom/category/PluBomCategoryListPage'),
        form: () => import('./plusku/plubom/category/PluBomCategoryFormPage'),
      },
      {
        id: 'uom',
        path: '/PLUSKU/uom',
        keys: 'UOM',
        page: () => import('./plusku/uom/UomListPage'),
        form: () => import('./plusku/uom/UomFormPage'),
      },
    ],
  },
  {
    id: 'supplierManagement',
    icon: 'handshake',
    children: [
      {
        id: 'supplier',
        path: '/supplier/list',
        keys: 'SUPPLIER',
        page: () => import('./supplier/list/SupplierListPage'),
        form: () => import('./supplier/list/SupplierFormPage'),
      },
      {
        id: 'supplierCategory',
        path: '/supplier/category',
        keys: 'SUPPLIER',
        page: () => import('./supplier/category/SupplierCategoryListPage'),
        form: () => import('./supplier/category/SupplierCategoryFormPage'),
      },
      {
        id: 'supplierPrice',
        path: '/supplier/price',
        keys: 'SUPPLIER_PRICING',
        page: () => import('./supplier/price/SupplierPricePage'),
      },
      {
        id: 'defaultSupplier',
        path: '/supplier/defaultSupplier',
        keys: 'DEFAULT_SUPPLIER',
        page: () => import('./supplier/default-supplier/DefaultSupplierPage'),
      },
    ],
  },
  {
    id: 'locationManagement',
    icon: 'location',
    children: [
      {
        id: 'location',
        path: '/location/list',
        keys: 'LOCATION',
        page: () => import('./location/list/LocationListPage'),
        form: () => import('./location/list/LocationFormPage'),
      },
      {
        id: 'locationCategory',
        path: '/location/category',
        keys: 'LOCATION',
        page: () => import('./location/category/LocationCategoryListPage'),
        form: () => import('./location/category/LocationCategoryFormPage'),
      },
      {
        id: 'region',
        path: '/location/region',
        keys: 'LOCATION',
        page: () => import('./location/region/RegionListPage'),
        form: () => import('./location/region/RegionFormPage'),
      },
    ],
  },
  {
    id: 'userManagement',
    icon: 'users',
    children: [
      {
        id: 'user',
        path: '/user/list',
        keys: 'USER',
        page: () => import('./user/users/UserListPage'),
        form: () => import('./user/users/UserFormPage'),
      },
      {
        id: 'role',
        path: '/user/role',
        keys: 'USER_ROLE',
        page: () => import('./user/roles/RoleListPage'),
        form: () => import('./user/roles/RoleFormPage'),
      },
    ],
  },
  {
    id: 'deliveryOrder',
    path: '/delivery-order',
    keys: 'DO',
    icon: 'truck',
    page: () => import('./delivery-order/DeliveryOrderListPage'),
    form: () => import('./delivery-order/DeliveryOrderFormPage'),
  },
  {
    id: 'supplierInvoice',
    path: '/supplier-invoice',
    keys: 'SI',
    page: notAvailable,
    icon: 'invoice',
    hiddenRoutes: [{ id: 'supplierInvoiceView', path: '/supplier-invoice/view', keys: 'SI', page: notAvailable }],
  },
  {
    id: 'productArea',
    icon: 'gem',
    children: [
      {
        id: 'productOverview',
        path: '/product/overview',
        keys: 'RJ_PRODUCT',
        page: () => import('./product/overview/ProductOverviewListPage'),
        form: () => import('./product/overview/ProductOverviewFormPage'),
      },
      {
        id: 'productCategory',
        path: '/product/category',
        keys: 'RJ_PRODUCT',
        page: () => import('./product/category/ProductCategoryListPage'),
        form: () => import('./product/category/ProductCategoryFormPage'),
      },
      pending('labelPrinting', '/product/label-printing', 'RJ_PRODUCT', false),
    ],
  },
  {
    id: 'contactManagement',
    icon: 'contacts',
    children: [
      {
        id: 'customer',
        path: '/contact-management/customer/list',
        keys: 'RJ_CUSTOMER',
        page: () => import('./contact-management/customer/list/CustomerListPage'),
        form: () => import('./contact-management/customer/list/CustomerFormPage'),
      },
      {
        id: 'rjSupplier',
        path: '/contact-management/supplier/list',
        keys: 'RJ_SUPPLIER',
        page: () => import('./contact-management/supplier/list/RjSupplierListPage'),
        form: () => import('./contact-management/supplier/list/RjSupplierFormPage'),
      },
    ],
  },
  {
    id: 'salesManagement',
    icon: 'receipt',
    children: [
      pending('sales', '/sales-management/list', 'RJ_SALES'),
      pending('quotation', '/sales-management/quotation', 'RJ_QUOTATION'),
      // The stock release page in the RJ_SR context (SPEC.md §6): the same pages, a consignment offered too.
      {
        id: 'rjStockRelease',
        path: '/sales-management/stock-release',
        keys: 'RJ_SR',
        page: () => import('./inventory/stock-release/RjStockReleaseListPage'),
        form: () => import('./inventory/stock-release/RjStockReleaseFormPage'),
      },
    ],
  },
  {
    id: 'activityLog',
    path: '/activity-log',
    keys: 'NOTIFICATION',
    page: () => import('./notification/activity-log/ActivityLogPage'),
    icon: 'history',
  },
  {
    id: 'notificationCenter',
    path: '/notification-center',
    keys: 'NOTIFICATION',
    page: () => import('./notification/center/NotificationCenterPage'),
    icon: 'bell',
  },
  { id: 'report', path: '/report', keys: 'REPORT', page: notAvailable, icon: 'chart' },
  {
    id: 'settings',
    path: '/settings',
    keys: 'SETTING',
    page: () => import('./settings/SettingsPage'),
    icon: 'settings',
  },
  {
    id: 'fifo',
    path: '/fifo',
    keys: 'INVENTORY_OVERVIEW',
    page: () => import('./inventory/fifo/FifoPage'),
    directorOnly: true,
    icon: 'layers',
  },
];
