import type { Runtime } from '@scm/platform';
import { expectEventually, fullRightsToken } from '@scm/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';

type Server = Parameters<typeof request>[0];

/** What `seedStock` made: two outlets, a SKU category with two SKUs kept in KG (FLOUR also in BAG of 25 KG). */
export interface StockFixture {
  /** A bearer header of a user holding every location, every key at approval, can_see_cost, no limit. */
  admin: string;
  locations: [string, string];
  categoryId: string;
  /** FLOUR: primary KG, BAG = 25 KG, counted in BAG. SUGAR: primary KG only, counted in KG. */
  skus: { flour: string; sugar: string };
}

/**
 * Master data made through catalog's API, then awaited in inventory's replicas (the ledger knows the items and
 * locations only from catalog's events). `tag` keeps the codes of several suites in one database apart.
 */
export async function seedStock(server: Server, runtime: Runtime, tag: string): Promise<StockFixture> {
  // The fixture acts as the seeded administrator: the approver directory knows them from identity's events, so a
  // token of anyone else would find them as another approver and be refused approving its own adjustments.
  const admin = `Bearer ${await fullRightsToken(runtime, ['*'], { sub: await seededAdminId(runtime) })}`;
  const send = async (path: string, body: unknown) => {
    const response = await request(server)
      .post(path)
      .set('Authorization', admin)
      .send(body as object);
    if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return (response.body as { data: Record<string, string> }).data;
  };
  const region = await send('/api/catalog/regions', { region_name: `Region ${tag}` });
  const locationCategory = await send('/api/catalog/location-categories', {
    category_name: `Outlets ${tag}`,
    sub_categories: [],
  });
  const locations: [string, string] = [`${tag}-OUT1`, `${tag}-OUT2`];
  for (const locationId of locations) {
    await send('/api/catalog/locations', {
      location_id: locationId,
      location_name: `Outlet ${locationId}`,
      is_operating: true,
      category_id: locationCategory.category_id,
      sub_category_id: null,
      region_id: region.region_id,
      address: '1 Ledger Road',
      country: 'Singapore',
      postal_code: '600001',
      contact_person: [],
      remark: '',
    });
  }
  const units = await request(server).post('/api/catalog/uoms').set('Authorization', admin).send({
    uom_name: 'KG',
    secondary_uom: 'BAG',
    uom_per_primary: '25',
  });
  // Another suite of the same database may have made the record already.
  if (units.status !== 201 && units.status !== 409) throw new Error(`POST uoms: ${units.status}`);
  const category = await send('/api/catalog/sku-categories', { category_name: `Dry ${tag}` });
  const sku = (skuId: string, name: string, counting: string, uomList: { uom_name: string; factor?: string }[]) =>
    send('/api/catalog/skus', skuBody(skuId, name, category.category_id, counting, uomList));
  const flour = `${tag}-FLOUR`;
  const sugar = `${tag}-SUGAR`;
  await sku(flour, `Flour ${tag}`, 'BAG', [
    { uom_name: 'KG', factor: '1' },
    { uom_name: 'BAG', factor: '25' },
  ]);
  await sku(sugar, `Sugar ${tag}`, 'KG', [{ uom_name: 'KG', factor: '1' }]);
  for (const locationId of locations) {
    for (const skuId of [flour, sugar]) {
      await expectEventually(
        async () => {
          const response = await request(server)
            .get(`/api/inventory/stock/${locationId}/sku/${skuId}`)
            .set('Authorization', admin);
          if (response.status !== 200) throw new Error(`stock ${locationId}/${skuId}: ${response.status}`);
          // The replicas follow catalog's events: on a machine busy with other suites that can take a while.
        },
        { timeoutMs: 30_000 },
      );
    }
  }
  return { admin, locations, categoryId: category.category_id, skus: { flour, sugar } };
}

/** A SKU kept in KG, as catalog's API takes it. */
export function skuBody(
  skuId: string,
  name: string,
  categoryId: string,
  counting = 'KG',
  uomList: { uom_name: string; factor?: string }[] = [{ uom_name: 'KG', factor: '1' }],
): Record<string, unknown> {
  return {
    sku_id: skuId,
    name,
    display_name: name,
    category_id: categoryId,
    primary_uom_name: 'KG',
    purchasing_uom_name: 'KG',
    receiving_uom_name: 'KG',
    counting_uom_name: counting,
    uom_list: uomList,
    supplier_list: [],
    default_supplier_id: null,
    threshold: '0',
    is_inventorise: true,
    default_wastage_percentage: '0',
  };
}

/**
 * A data source on inventory's schema, for what the API does not show (events in the outbox) and for the rows
 * identity's events would have replicated (the approver directory).
 */
export async function inventoryDb(runtime: Runtime): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    url: runtime.databaseUrl,
    schema: 'inventory',
    extra: { options: '-c search_path=inventory' },
  });
  await dataSource.initialize();
  return dataSource;
}

/** The id of the administrator identity seeds on its first start (username `admin`). */
async function seededAdminId(runtime: Runtime): Promise<string> {
  const dataSource = new DataSource({ type: 'postgres', url: runtime.databaseUrl });
  await dataSource.initialize();
  try {
    const [row] = await dataSource.query<{ user_id: string }[]>(
      `SELECT user_id FROM identity.app_user WHERE username = 'admin'`,
    );
    if (!row) throw new Error('identity has not seeded its administrator');
    return row.user_id;
  } finally {
    await dataSource.destroy();
  }
}

/**
 * Another approver of SA at every location, as identity's role and user events leave it in inventory's approver
 * directory.
 */
export async function addApprover(db: DataSource, userId: string): Promise<void> {
  await db.query(
    `INSERT INTO approver_role (role_id, role_name, permission_list, approval_limit, revision)
     VALUES ('role-approver', 'Approver', $1::jsonb, NULL, 1) ON CONFLICT (role_id) DO NOTHING`,
    [JSON.stringify([{ permission: { key: 'SA' }, view: true, edit: true, approval: true }])],
  );
  await db.query(
    `INSERT INTO approver_user (user_id, employee_name, role_id, status, location_list, revision)
     VALUES ($1, 'Approver', 'role-approver', 'Active', ARRAY['*'], 1) ON CONFLICT (user_id) DO NOTHING`,
    [userId],
  );
}
