import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import { permission, tokenWithPermissions, SUITE_HOOK_TIMEOUT_MS, startCatalogSuite } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';

/**
 * Regions, location categories with sub-categories and locations through the gateway (embedded mode):
 * create, validate, refuse duplicates, refuse archive/delete of what a location uses, archive / reactivate /
 * delete, and the events each change leaves in catalog's outbox.
 */
describe('locations, location categories and regions (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let agent: TestAgent;
  let close: () => Promise<void>;
  let catalogDb: DataSource;

  beforeAll(async () => {
    ({ app, runtime, agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(() => close?.(), SUITE_HOOK_TIMEOUT_MS);

  /** The outbox envelopes of one record, oldest first. */
  const outbox = async (subjectPrefix: string, key: string, id: string) => {
    const rows: { subject: string; envelope: { data: Record<string, unknown> } }[] = await catalogDb.query(
      `SELECT subject, envelope FROM catalog.outbox WHERE subject LIKE $1 AND envelope->'data'->>$2 = $3
        ORDER BY id`,
      [`${subjectPrefix}.%`, key, id],
    );
    return rows.map((row) => ({ subject: row.subject, data: row.envelope.data }));
  };

  let regionId: string;
  let otherRegionId: string;
  let categoryId: string;
  let storeId: string;
  let kioskId: string;

  const location = (overrides: Record<string, unknown> = {}) => ({
    location_id: 'SG-001',
    location_name: 'Orchard Store',
    is_operating: true,
    category_id: categoryId,
    sub_category_id: storeId,
    region_id: regionId,
    address: '1 Orchard Road',
    country: 'Singapore',
    postal_code: '238801',
    contact_person: [
      { name: 'Alice Tan', mobile_no: '91234567', email: 'alice@example.com' },
      { name: 'Bob Lim', mobile_no: '81234567', email: '' },
    ],
    remark: 'Flagship',
    ...overrides,
  });

  it('creates regions and a category with sub-categories', async () => {
    const region = await agent.post('/api/catalog/regions').send({ region_name: ' Central ', remark: 'CBD' });
    expect(region.status).toBe(201);
    expect(region.body.data).toMatchObject({ region_name: 'Central', remark: 'CBD', status: 'new', in_use: false });
    regionId = region.body.data.region_id;
    otherRegionId = (await agent.post('/api/catalog/regions').send({ region_name: 'North' })).body.data.region_id;

    const slash = await agent.post('/api/catalog/regions').send({ region_name: 'East/West' });
    expect(slash.status).toBe(400);
    expect(slash.body.errors).toContainEqual(
      expect.objectContaining({ field: 'region_name', message: 'Value cannot have slash' }),
    );
    const duplicate = await agent.post('/api/catalog/regions').send({ region_name: 'central' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A region with this name already exists');

    const twice = await agent.post('/api/catalog/location-categories').send({
      category_name: 'Retail',
      sub_categories: [{ sub_category_name: 'Store' }, { sub_category_name: 'store' }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toContainEqual(
      expect.objectContaining({
        field: 'sub_categories.1.sub_category_name',
        message: 'This value is already in the list',
      }),
    );
    const category = await agent.post('/api/catalog/location-categories').send({
      category_name: 'Retail',
      sub_categories: [{ sub_category_name: 'Store' }, { sub_category_name: 'Kiosk' }],
    });
    expect(category.status).toBe(201);
    expect(
      category.body.data.sub_categories.map((row: { sub_category_name: string }) => row.sub_category_name),
    ).toEqual(['Store', 'Kiosk']);
    categoryId = category.body.data.category_id;
    [storeId, kioskId] = category.body.data.sub_categories.map(
      (row: { sub_category_id: string }) => row.sub_category_id,
    );

    const list = await agent.post('/api/catalog/location-categories/list').send({ search_str: 'kiosk' });
    expect(list.body.data).toEqual([
      expect.objectContaining({ category_id: categoryId, sub_category_names: 'Store, Kiosk', in_use: false }),
    ]);
  });

  it('creates a location with two contact persons, names resolved', async () => {
    const created = await agent.post('/api/catalog/locations').send(location());
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      location_id: 'SG-001',
      category_name: 'Retail',
      sub_category_name: 'Store',
      region_name: 'Central',
      country: 'Singapore',
      postal_code: '238801',
      status: 'new',
      in_use: false,
    });
    expect(created.body.data.contact_person).toHaveLength(2);
    const fetched = await agent.get('/api/catalog/locations/SG-001');
    expect(fetched.body.data.contact_person[1]).toEqual({ name: 'Bob Lim', mobile_no: '81234567', email: '' });
  });

  it('answers postal code, mobile and email errors with SPEC wording in English and Chinese', async () => {
    const body = location({
      location_id: 'SG-002',
      postal_code: '12345',
      country: 'Thailand',
      contact_person: [{ name: 'Carol', mobile_no: '9123', email: 'not-an-email' }],
    });
    const english = await agent.post('/api/catalog/locations').send(body);
    expect(english.status).toBe(400);
    expect(english.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'postal_code', message: 'Please enter 6-digit number' }),
        expect.objectContaining({ field: 'contact_person.0.mobile_no', message: 'Please enter 8-digit number' }),
        expect.objectContaining({ field: 'contact_person.0.email', message: 'Please enter a valid email address' }),
        expect.objectContaining({ field: 'country' }),
      ]),
    );
    const chinese = await agent.post('/api/catalog/locations').set('Accept-Language', 'zh-CN').send(body);
    expect(chinese.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'postal_code', message: '请输入 6 位数字' }),
        expect.objectContaining({ field: 'contact_person.0.mobile_no', message: '请输入 8 位数字' }),
        expect.objectContaining({ field: 'contact_person.0.email', message: '请输入有效的电子邮件地址' }),
      ]),
    );
    const slash = await agent.post('/api/catalog/locations').send(location({ location_id: 'SG/003' }));
    expect(slash.body.errors).toContainEqual(
      expect.objectContaining({ field: 'location_id', message: 'Value cannot have slash' }),
    );
  });

  it('refuses a duplicate location id, a foreign sub-category and a changed id', async () => {
    const duplicate = await agent.post('/api/catalog/locations').send(location({ location_name: 'Another' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A location with this location ID already exists');
    const other = await agent
      .post('/api/catalog/location-categories')
      .send({ category_name: 'Warehouse', sub_categories: [{ sub_category_name: 'Cold' }] });
    const foreign = await agent
      .post('/api/catalog/locations')
      .send(location({ location_id: 'SG-004', sub_category_id: other.body.data.sub_categories[0].sub_category_id }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toContainEqual(expect.objectContaining({ field: 'sub_category_id' }));
    const renamed = await agent.put('/api/catalog/locations/SG-001').send(location({ location_id: 'SG-999' }));
    expect(renamed.status).toBe(400);
    expect(renamed.body.code).toBe('CATALOG_LOCATION_ID_CHANGED');
  });

  it('refuses archive and delete of the region, category and sub-category a location uses', async () => {
    const regionArchive = await agent.post(`/api/catalog/regions/${regionId}/archive`);
    expect(regionArchive.status).toBe(409);
    expect(regionArchive.body.message).toBe('Region is in use, cannot be deleted or archived');
    const regionDelete = await agent.delete(`/api/catalog/regions/${regionId}`).set('Accept-Language', 'zh-CN');
    expect(regionDelete.body.message).toBe('区域正在使用中，无法删除或归档');
    const categoryArchive = await agent.post(`/api/catalog/location-categories/${categoryId}/archive`);
    expect(categoryArchive.status).toBe(409);
    expect(categoryArchive.body.message).toBe('Category is in use, cannot be deleted or archived');
    expect((await agent.delete(`/api/catalog/location-categories/${categoryId}`)).status).toBe(409);

    const dropStore = await agent
      .put(`/api/catalog/location-categories/${categoryId}`)
      .send({ category_name: 'Retail', sub_categories: [{ sub_category_id: kioskId, sub_category_name: 'Kiosk' }] });
    expect(dropStore.status).toBe(409);
    expect(dropStore.body.message).toBe('Sub-category Store is in use, cannot be deleted or archived');
    // Renaming the used one and removing the unused one are fine.
    const renamed = await agent
      .put(`/api/catalog/location-categories/${categoryId}`)
      .send({ category_name: 'Retail', sub_categories: [{ sub_category_id: storeId, sub_category_name: 'Shop' }] });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.sub_categories).toEqual([
      { sub_category_id: storeId, sub_category_name: 'Shop', in_use: true },
    ]);
    expect((await agent.get('/api/catalog/locations/SG-001')).body.data.sub_category_name).toBe('Shop');
  });

  it('moves usage when the location changes, and lists with filters', async () => {
    const moved = await agent
      .put('/api/catalog/locations/SG-001')
      .send(location({ region_id: otherRegionId, sub_category_id: null, is_operating: false }));
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ region_name: 'North', sub_category_name: null, is_operating: false });
    expect((await agent.get(`/api/catalog/regions/${regionId}`)).body.data.in_use).toBe(false);
    const freed = await agent
      .put(`/api/catalog/location-categories/${categoryId}`)
      .send({ category_name: 'Retail', sub_categories: [] });
    expect(freed.status).toBe(200);

    const byRegion = await agent.post('/api/catalog/locations/list').send({
      other_params: { region_id: otherRegionId, is_operating: false, country: 'Singapore', status: 'new_or_active' },
    });
    expect(byRegion.body.data.map((row: { location_id: string }) => row.location_id)).toEqual(['SG-001']);
    const byAddress = await agent.post('/api/catalog/locations/list').send({ search_str: 'orchard road' });
    expect(byAddress.body.recordsTotal).toBe(1);
    const otherCategory = await agent
      .post('/api/catalog/locations/list')
      .send({ other_params: { category_id: regionId } });
    expect(otherCategory.body.recordsTotal).toBe(0);
  });

  it('archives, reactivates and deletes a location, then its region can go', async () => {
    // A user's location list (identity) would record its usage here; without it the location may be archived.
    await catalogDb.query(
      `INSERT INTO catalog.record_usage (target_type, target_id, used_by_type, used_by_id) VALUES ('location', 'SG-001', 'user', 'u-1')`,
    );
    const refused = await agent.post('/api/catalog/locations/SG-001/archive');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Location is in use, cannot be deleted or archived');
    await catalogDb.query(`DELETE FROM catalog.record_usage WHERE target_type = 'location'`);

    const archived = await agent.post('/api/catalog/locations/SG-001/archive');
    expect(archived.body.data.status).toBe('archived');
    const edit = await agent.put('/api/catalog/locations/SG-001').send(location());
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('CATALOG_LOCATION_ARCHIVED');
    const reactivated = await agent.post('/api/catalog/locations/SG-001/reactivate');
    expect(reactivated.body.data.status).toBe('active');
    const removed = await agent.delete('/api/catalog/locations/SG-001');
    expect(removed.status).toBe(200);
    expect((await agent.get('/api/catalog/locations/SG-001')).status).toBe(404);

    const region = await agent.post(`/api/catalog/regions/${otherRegionId}/archive`);
    expect(region.body.data.status).toBe('archived');
    const onArchived = await agent
      .post('/api/catalog/locations')
      .send(location({ location_id: 'SG-005', region_id: otherRegionId, sub_category_id: null }));
    expect(onArchived.status).toBe(400);
    expect(onArchived.body.errors).toContainEqual(expect.objectContaining({ field: 'region_id' }));
    expect((await agent.post(`/api/catalog/regions/${otherRegionId}/reactivate`)).body.data.status).toBe('active');
    expect((await agent.delete(`/api/catalog/regions/${otherRegionId}`)).status).toBe(200);
    expect((await agent.delete(`/api/catalog/location-categories/${categoryId}`)).status).toBe(200);
  });

  it('left every change in catalog.outbox with full snapshots and growing revisions', async () => {
    const locationEvents = await outbox('catalog.location', 'location_id', 'SG-001');
    expect(locationEvents.map((event) => event.subject)).toEqual([
      'catalog.location.upserted',
      'catalog.location.upserted',
      'catalog.location.upserted',
      'catalog.location.upserted',
      'catalog.location.deleted',
    ]);
    expect(locationEvents[0].data).toMatchObject({
      location_id: 'SG-001',
      region_id: regionId,
      category_id: categoryId,
      sub_category_id: storeId,
      postal_code: '238801',
      revision: 1,
    });
    expect(locationEvents[0].data.contact_person).toHaveLength(2);
    expect(locationEvents.map((event) => event.data.revision)).toEqual([1, 2, 3, 4, 5]);

    const regionEvents = await outbox('catalog.region', 'region_id', otherRegionId);
    expect(regionEvents.map((event) => [event.subject, event.data.status, event.data.revision])).toEqual([
      ['catalog.region.upserted', 'new', 1],
      ['catalog.region.upserted', 'archived', 2],
      ['catalog.region.upserted', 'active', 3],
      ['catalog.region.deleted', undefined, 4],
    ]);
    const categoryEvents = await outbox('catalog.location-category', 'category_id', categoryId);
    expect(categoryEvents[0].data.sub_categories).toEqual([
      { sub_category_id: storeId, sub_category_name: 'Store' },
      { sub_category_id: kioskId, sub_category_name: 'Kiosk' },
    ]);
    expect(categoryEvents.at(-1)?.subject).toBe('catalog.location-category.deleted');
  });

  it('enforces the LOCATION permission: view-only users can list but not create', async () => {
    const viewer = await tokenWithPermissions(runtime, [permission('LOCATION', true)]);
    const server = app.getHttpServer();
    const list = await request(server)
      .post('/api/catalog/locations/list')
      .set('Authorization', `Bearer ${viewer}`)
      .send({});
    expect(list.status).toBe(200);
    const create = await request(server)
      .post('/api/catalog/regions')
      .set('Authorization', `Bearer ${viewer}`)
      .send({ region_name: 'West' });
    expect(create.status).toBe(403);
  });
});
