import { PERMISSION_KEYS } from '@scm/contracts';
import type { AccessTokenClaims, PermissionEntry } from '@scm/contracts';
import type { Runtime } from '@scm/platform';
import request from 'supertest';
import { tokenWithPermissions } from './embedded-app.js';

/** Location A: the one the restricted user holds. */
export const HOME_LOCATION = 'LOC-HOME';
/** Location B: a foreign location; its id and name appear in no answer to the restricted user. */
export const FOREIGN_LOCATION = 'LOC-FOREIGN';
export const FOREIGN_LOCATION_NAME = 'Foreign outlet';

/** Every permission key at approval (approval ⇒ edit ⇒ view). */
export function fullRights(): PermissionEntry[] {
  return PERMISSION_KEYS.map((key) => ({ permission: { key }, view: true, edit: true, approval: true }));
}

/** A bearer token with full rights and can_see_cost, holding `locations` (`['*']`: every location). */
export function fullRightsToken(
  runtime: Runtime,
  locations: string[],
  overrides: Partial<AccessTokenClaims> = {},
): Promise<string> {
  return tokenWithPermissions(runtime, fullRights(), { locs: locations, cost: true, ...overrides });
}

/** The ids of what `seedTwoLocations` made. */
export interface TwoLocations {
  roleId: string;
  skuId: string;
  /** The SKU's one UOM. */
  uomId: string;
  /** PLU BOMs owned by location A, by location B and by free text (the company: everyone's). */
  homeBom: string;
  foreignBom: string;
  companyBom: string;
  /** Users holding A, B, and both. */
  homeUser: string;
  foreignUser: string;
  bothUser: string;
  /** The bodies that re-save the records as they are (for write probes). */
  bodies: {
    location: (id: string, name: string) => Record<string, unknown>;
    pluBom: (id: string, owner: string) => Record<string, unknown>;
    user: (code: string, locations: string[]) => Record<string, unknown>;
  };
}

type Server = Parameters<typeof request>[0];

/**
 * Master data at two locations, made through the API by a user holding every location: locations A and B, a SKU
 * bought from another supplier at each, PLU BOMs owned by A, by B and by the company, users of A, of B and of both.
 */
export async function seedTwoLocations(server: Server, runtime: Runtime): Promise<TwoLocations> {
  const admin = `Bearer ${await fullRightsToken(runtime, ['*'])}`;
  const send = async (method: 'post' | 'put', path: string, body: unknown, status = method === 'post' ? 201 : 200) => {
    const agent = request(server);
    const pending = method === 'post' ? agent.post(path) : agent.put(path);
    const response = await pending.set('Authorization', admin).send(body as object);
    if (response.status !== status) {
      throw new Error(`${method.toUpperCase()} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    }
    return response.body.data as Record<string, unknown> & { [key: string]: string };
  };

  const region = await send('post', '/api/catalog/regions', { region_name: 'Scope region' });
  const category = await send('post', '/api/catalog/location-categories', {
    category_name: 'Scope outlets',
    sub_categories: [],
  });
  const location = (id: string, name: string) => ({
    location_id: id,
    location_name: name,
    is_operating: true,
    category_id: category.category_id,
    sub_category_id: null,
    region_id: region.region_id,
    address: '1 Scope Road',
    country: 'Singapore',
    postal_code: '600001',
    contact_person: [],
    remark: '',
  });
  await send('post', '/api/catalog/locations', location(HOME_LOCATION, 'Home outlet'));
  await send('post', '/api/catalog/locations', location(FOREIGN_LOCATION, FOREIGN_LOCATION_NAME));

  const uom = await send('post', '/api/catalog/uoms', {
    uom_name: 'SCOPEKG',
    secondary_uom: 'G',
    uom_per_primary: '1000',
  });
  const supplierCategory = await send('post', '/api/catalog/supplier-categories', { category_name: 'Scope farms' });
  for (const id of ['SCOPE-S1', 'SCOPE-S2']) {
    await send('post', '/api/catalog/suppliers', {
      supplier_id: id,
      company_name: `Farm ${id}`,
      credit_term_in_days: 30,
      contact_name: 'Ben',
      contact_no: '91234567',
      address: '2 Lim Chu Kang',
      postal_code: '718800',
      country: 'Singapore',
      minimum_order_value: '0',
      category_id: supplierCategory.category_id,
      gst_price_type: 'exclusive',
      gst_rate: 9,
      tax_rate: 9,
      tax_type: 'GST',
      hashtag_list: [],
    });
  }
  const skuCategory = await send('post', '/api/catalog/sku-categories', { category_name: 'Scope grains' });
  const skuId = 'SCOPE-RICE';
  await send('post', '/api/catalog/skus', {
    sku_id: skuId,
    name: 'Scope rice',
    display_name: 'Scope rice',
    category_id: skuCategory.category_id,
    primary_uom_name: 'SCOPEKG',
    purchasing_uom_name: 'SCOPEKG',
    receiving_uom_name: 'SCOPEKG',
    counting_uom_name: 'SCOPEKG',
    uom_list: [{ uom_name: 'SCOPEKG', factor: '1' }],
    supplier_list: ['SCOPE-S1', 'SCOPE-S2'],
    default_supplier_id: 'SCOPE-S1',
    threshold: '0',
    is_inventorise: true,
    default_wastage_percentage: '0',
  });
  await send('put', `/api/catalog/default-suppliers/${skuId}`, {
    default_supplier_id: 'SCOPE-S1',
    location_suppliers: [
      { location_id: HOME_LOCATION, supplier_id: 'SCOPE-S2' },
      { location_id: FOREIGN_LOCATION, supplier_id: 'SCOPE-S2' },
    ],
  });

  const bomCategory = await send('post', '/api/catalog/item-categories/plu-bom', { category_name: 'Scope dishes' });
  const pluBom = (id: string, owner: string) => ({
    bom_id: id,
    bom_name: `Dish ${id}`,
    output_quantity: '1',
    output_uom_name: 'SCOPEKG',
    category_id: bomCategory.category_id,
    owner_type: owner.startsWith('LOC-') ? 'location' : 'text',
    owner,
    consume_sku_list: [{ sku_id: skuId, quantity_per_uom: '1', uom_name: 'SCOPEKG', wastage_percentage: '0' }],
  });
  await send('post', '/api/catalog/plu-boms', pluBom('BOM-HOME', HOME_LOCATION));
  await send('post', '/api/catalog/plu-boms', pluBom('BOM-FOREIGN', FOREIGN_LOCATION));
  await send('post', '/api/catalog/plu-boms', pluBom('BOM-COMPANY', 'Central kitchen'));

  const role = await send('post', '/api/identity/roles', {
    role_name: 'Scope clerk',
    can_see_cost: false,
    approval_limit: null,
    permission_list: [{ permission: { key: 'UOM' }, view: true, edit: false, approval: false }],
  });
  const user = (code: string, locations: string[]) => ({
    employee_code: code,
    employee_name: `Clerk ${code}`,
    email: `${code.toLowerCase()}@scope.example.com`,
    username: code.toLowerCase(),
    role_id: role.role_id,
    location_list: locations,
  });
  const homeUser = await send('post', '/api/identity/users', user('SCOPE-HOME', [HOME_LOCATION]));
  const foreignUser = await send('post', '/api/identity/users', user('SCOPE-FOREIGN', [FOREIGN_LOCATION]));
  const bothUser = await send('post', '/api/identity/users', user('SCOPE-BOTH', [HOME_LOCATION, FOREIGN_LOCATION]));

  return {
    roleId: role.role_id,
    skuId,
    uomId: uom.uom_id,
    homeBom: 'BOM-HOME',
    foreignBom: 'BOM-FOREIGN',
    companyBom: 'BOM-COMPANY',
    homeUser: homeUser.user_id,
    foreignUser: foreignUser.user_id,
    bothUser: bothUser.user_id,
    bodies: { location, pluBom, user },
  };
}
