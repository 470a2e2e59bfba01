import type { PermissionKey } from '../access/permission-keys.js';
import { CatalogSubjects } from '../catalog/subjects.js';
import type { Subject } from '../events/envelope.js';
import { IdentitySubjects } from '../identity/subjects.js';
import { InventorySubjects } from '../inventory/subjects.js';
import { ACTIVITY_SUBJECTS, activityModules } from './activity-registry.js';

/**
 * The second kind of activity subject: a record of master data or management (catalog's snapshots, identity's
 * users, roles and sign-ins), whose payload is its own schema rather than documentActivitySchema. Everything the
 * notifications service needs to log it (and, when declared, to notify) is named here as payload fields, so the
 * service keeps no code per subject: a new record subject joins the activity log by adding its entry.
 *
 * The message is `messages.records.messages.<message>` in every language, with the payload's plain fields as
 * parameters plus `actor`, `verb` (`messages.records.verbs.<verb>`), `record`
 * (`messages.records.types.<referenceType>`) and `name`.
 */
export interface RecordActivityMetadata {
  /** The activity log's module (SPEC.md §6 module names, or SYSTEM), also its filter value. */
  module: string;
  /**
   * The record's permission key: the activity log shows the entry only to callers who may view it (none: every
   * reader of the log); also names the module in the log's filter when the module has no label of its own.
   */
  permissionKey?: PermissionKey;
  /** The reference_type (SPEC.md §7 "Notification links": the web app maps it to a page). */
  referenceType: string;
  /** The payload field holding the record's id (the reference_id). */
  idField: string;
  /** The payload field naming the record in the message; the id when absent from the payload (deletions). */
  nameField?: string;
  verb: string;
  /** The verb when the snapshot is the record's first revision (an upsert that created it). */
  createdVerb?: string;
  /** The verb when the snapshot's status is `archived` (an upsert that archived it). */
  archivedVerb?: string;
  /** The message template's key (default `record`). */
  message?: string;
  /** The record's page (SPEC.md §7 link table): `<path>?<param>=<payload[field]>`; none for a deleted record. */
  link?: { path: string; param: 'id' | 'name'; field: string };
  /** Payload fields naming the actor when the event is not done by a signed-in caller (a sign-in, a failure). */
  actorFields?: { id: string; name: string };
  /**
   * The payload field naming the one location the record belongs to (a location is its own): its entry is then
   * listed only to users of that location, as the record itself is. Records of no location are listed to all.
   */
  locationField?: string;
  /** Who is notified, if anyone: the user a payload field names, or the viewers of a key at the record's locations. */
  notify?: { userField: string } | { permissionKey: PermissionKey; locationsField: string };
}

export type RecordActivityRegistry = Readonly<Record<string, RecordActivityMetadata>>;

const upserted = { verb: 'updated', createdVerb: 'created', archivedVerb: 'archived' } as const;
const deleted = { verb: 'deleted' } as const;

const UOM = { module: 'PLU & SKU Management', permissionKey: 'UOM', referenceType: 'UOM', idField: 'uom_id' } as const;
const LOCATION = {
  module: 'Location',
  permissionKey: 'LOCATION',
  referenceType: 'LOCATION',
  idField: 'location_id',
  locationField: 'location_id',
} as const;
const SUPPLIER = {
  module: 'Supplier Management',
  permissionKey: 'SUPPLIER',
  referenceType: 'SUPPLIER',
  idField: 'supplier_id',
} as const;
const SKU = { module: 'PLU & SKU Management', permissionKey: 'SKU', referenceType: 'SKU', idField: 'sku_id' } as const;
const PLU = { module: 'PLU & SKU Management', permissionKey: 'PLU', referenceType: 'PLU', idField: 'plu_id' } as const;
const SKU_BOM = {
  module: 'PLU & SKU Management',
  permissionKey: 'SKU_BOM',
  referenceType: 'SKU_BOM',
  idField: 'bom_id',
} as const;
const PLU_BOM = {
  module: 'PLU & SKU Management',
  permissionKey: 'PLU_BOM',
  referenceType: 'PLU_BOM',
  idField: 'bom_id',
} as const;
const PRODUCT = {
  module: 'Product Management',
  permissionKey: 'PRODUCT',
  referenceType: 'PRODUCT',
  idField: 'product_id',
} as const;
const CUSTOMER = {
  module: 'Contact Management',
  permissionKey: 'RJ_CUSTOMER',
  referenceType: 'CUSTOMER',
  idField: 'customer_code',
} as const;
const USER = {
  module: 'User Management',
  permissionKey: 'USER',
  referenceType: 'USER',
  idField: 'user_id',
  nameField: 'employee_name',
  link: { path: '/user/list/view', param: 'id', field: 'user_id' },
} as const;
const ROLE = {
  module: 'User Management',
  permissionKey: 'USER_ROLE',
  referenceType: 'ROLE',
  idField: 'role_id',
} as const;
const IMPORT = {
  module: 'SYSTEM',
  referenceType: 'IMPORT',
  idField: 'job_id',
  nameField: 'file_name',
  // The uploader is told how it went (they started it and wait for it); nobody else needs to be.
  notify: { userField: 'requested_by' },
} as const;

/** A POS key (Settings › POS keys): who created or revoked which location's key; read by Settings' viewers there. */
const POS_KEY = {
  module: 'Settings',
  permissionKey: 'SETTING',
  referenceType: 'POS_KEY',
  idField: 'key_id',
  nameField: 'label',
  message: 'pos_key',
  locationField: 'location_id',
} as const;

const byId = (path: string, field: string) => ({ path, param: 'id', field }) as const;

/** Every record activity subject the notifications service logs, with its metadata. */
export const RECORD_ACTIVITY_SUBJECTS = {
  [CatalogSubjects.UomUpserted]: {
    ...UOM,
    ...upserted,
    nameField: 'uom_name',
    link: { path: '/PLUSKU/uom/view', param: 'name', field: 'uom_name' },
  },
  [CatalogSubjects.UomDeleted]: { ...UOM, ...deleted },
  [CatalogSubjects.LocationUpserted]: {
    ...LOCATION,
    ...upserted,
    nameField: 'location_name',
    link: byId('/location/list/view', 'location_id'),
  },
  [CatalogSubjects.LocationDeleted]: { ...LOCATION, ...deleted },
  [CatalogSubjects.SupplierUpserted]: {
    ...SUPPLIER,
    ...upserted,
    nameField: 'company_name',
    link: byId('/supplier/list/view', 'supplier_id'),
  },
  [CatalogSubjects.SupplierDeleted]: { ...SUPPLIER, ...deleted },
  [CatalogSubjects.SkuUpserted]: {
    ...SKU,
    ...upserted,
    nameField: 'display_name',
    link: byId('/PLUSKU/sku/list/view', 'sku_id'),
  },
  [CatalogSubjects.SkuDeleted]: { ...SKU, ...deleted },
  [CatalogSubjects.PluUpserted]: {
    ...PLU,
    ...upserted,
    nameField: 'plu_name',
    link: byId('/PLUSKU/plu/list/view', 'plu_id'),
  },
  [CatalogSubjects.PluDeleted]: { ...PLU, ...deleted },
  [CatalogSubjects.SkuBomUpserted]: {
    ...SKU_BOM,
    ...upserted,
    nameField: 'bom_name',
    link: byId('/PLUSKU/skubom/list/view', 'bom_id'),
  },
  [CatalogSubjects.SkuBomDeleted]: { ...SKU_BOM, ...deleted },
  [CatalogSubjects.PluBomUpserted]: {
    ...PLU_BOM,
    ...upserted,
    nameField: 'bom_name',
    link: byId('/PLUSKU/plubom/list/view', 'bom_id'),
  },
  [CatalogSubjects.PluBomDeleted]: { ...PLU_BOM, ...deleted },
  [CatalogSubjects.ProductUpserted]: {
    ...PRODUCT,
    ...upserted,
    nameField: 'product_name',
    link: byId('/PLUSKU/product-management/view', 'product_id'),
  },
  [CatalogSubjects.ProductDeleted]: { ...PRODUCT, ...deleted },
  [CatalogSubjects.CustomerUpserted]: {
    ...CUSTOMER,
    ...upserted,
    nameField: 'customer_name',
    link: byId('/contact-management/customer/list/view', 'customer_code'),
  },
  [CatalogSubjects.CustomerDeleted]: { ...CUSTOMER, ...deleted },
  [InventorySubjects.EpointKeyCreated]: { ...POS_KEY, verb: 'created' },
  [InventorySubjects.EpointKeyRevoked]: { ...POS_KEY, verb: 'revoked' },
  [CatalogSubjects.ImportFinished]: { ...IMPORT, verb: 'imported', message: 'import_finished' },
  [CatalogSubjects.ImportFailed]: { ...IMPORT, verb: 'import_failed', message: 'import_failed' },
  // User administrators of the invited user's locations hear of a new colleague.
  [IdentitySubjects.UserInvited]: {
    ...USER,
    verb: 'invited',
    notify: { permissionKey: 'USER', locationsField: 'location_list' },
  },
  [IdentitySubjects.UserActivated]: { ...USER, verb: 'activated' },
  [IdentitySubjects.UserDeactivated]: { ...USER, verb: 'deactivated' },
  [IdentitySubjects.UserUpdated]: { ...USER, verb: 'updated' },
  // A role's permissions, cost visibility or approval limit changed: the role change of the issue.
  [IdentitySubjects.RoleUpserted]: { ...ROLE, verb: 'updated', createdVerb: 'created', nameField: 'role_name' },
  [IdentitySubjects.RoleDeleted]: { ...ROLE, ...deleted },
  [IdentitySubjects.SignedIn]: {
    module: 'SYSTEM',
    referenceType: 'USER',
    idField: 'user_id',
    nameField: 'employee_name',
    verb: 'signed_in',
    message: 'signed_in',
    // Who signs in, fails to or is refused is for the user administrators to read.
    permissionKey: 'USER',
    actorFields: { id: 'user_id', name: 'employee_name' },
  },
  [IdentitySubjects.SignInFailed]: {
    module: 'SYSTEM',
    referenceType: 'USER',
    idField: 'attempt_id',
    nameField: 'login',
    verb: 'sign_in_failed',
    message: 'sign_in_failed',
    // Who signs in, fails to or is refused is for the user administrators to read.
    permissionKey: 'USER',
    actorFields: { id: 'user_id', name: 'login' },
  },
  [IdentitySubjects.AccessDenied]: {
    module: 'SYSTEM',
    referenceType: 'USER',
    idField: 'user_id',
    nameField: 'employee_name',
    verb: 'access_denied',
    message: 'access_denied',
    // Who signs in, fails to or is refused is for the user administrators to read.
    permissionKey: 'USER',
    actorFields: { id: 'user_id', name: 'employee_name' },
  },
} as const satisfies Partial<Record<Subject, RecordActivityMetadata>>;

/** The modules of the activity log's filter: the documents', the records', and SYSTEM last. */
export function activityLogModules(records: RecordActivityRegistry = RECORD_ACTIVITY_SUBJECTS): string[] {
  const modules = new Set(activityModules(ACTIVITY_SUBJECTS).filter((module) => module !== 'SYSTEM'));
  for (const entry of Object.values(records)) if (entry.module !== 'SYSTEM') modules.add(entry.module);
  return [...modules, 'SYSTEM'];
}
