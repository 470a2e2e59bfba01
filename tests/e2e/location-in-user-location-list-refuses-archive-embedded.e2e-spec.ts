import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import { expectEventually, SUITE_HOOK_TIMEOUT_MS, startCatalogSuite } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type TestAgent from 'supertest/lib/agent.js';
import { UserLocationsHandler } from '../../services/catalog/src/user-locations/user-locations.handler.js';

/**
 * A location in a user's location list (identity) is in use: catalog learns it from identity's user events
 * and refuses archive and delete of it with the in-use message, and follows the user's list when it changes
 * (embedded mode).
 */
describe('a location held by a user cannot be archived or deleted (embedded mode)', () => {
  let app: NestFastifyApplication;
  let agent: TestAgent;
  let close: () => Promise<void>;

  const IN_USE = 'Location is in use, cannot be deleted or archived';
  let regionId: string;
  let categoryId: string;
  let roleId: string;
  let userId: string;

  beforeAll(async () => {
    ({ app, agent, close } = await startCatalogSuite(createEmbeddedApp));
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(() => close?.(), SUITE_HOOK_TIMEOUT_MS);

  const location = (locationId: string) => ({
    location_id: locationId,
    location_name: `Outlet ${locationId}`,
    is_operating: true,
    category_id: categoryId,
    sub_category_id: null,
    region_id: regionId,
    address: '1 Orchard Road',
    country: 'Singapore',
    postal_code: '238801',
    contact_person: [{ name: 'Alice Tan', mobile_no: '91234567', email: '' }],
    remark: '',
  });

  const user = (locationList: string[]) => ({
    employee_code: 'E200',
    employee_name: 'Siti Rahman',
    email: 'siti@example.com',
    username: 'siti',
    role_id: roleId,
    location_list: locationList,
    language: 'en',
  });

  /** Tries to archive; on success reactivates it, so the probe can run again. */
  const archiveOutcome = async (locationId: string): Promise<string> => {
    const archived = await agent.post(`/api/catalog/locations/${locationId}/archive`);
    if (archived.status === 200) {
      expect((await agent.post(`/api/catalog/locations/${locationId}/reactivate`)).status).toBe(200);
      return 'archived';
    }
    expect(archived.status).toBe(409);
    return archived.body.message as string;
  };

  it('creates a region, a category, two locations and a role', async () => {
    const region = await agent.post('/api/catalog/regions').send({ region_name: 'Central' });
    expect(region.status).toBe(201);
    regionId = region.body.data.region_id;
    const category = await agent
      .post('/api/catalog/location-categories')
      .send({ category_name: 'Retail', sub_categories: [] });
    expect(category.status).toBe(201);
    categoryId = category.body.data.category_id;
    for (const id of ['L1', 'L2']) {
      const created = await agent.post('/api/catalog/locations').send(location(id));
      expect(created.status).toBe(201);
      expect(created.body.data.in_use).toBe(false);
    }
    const role = await agent
      .post('/api/identity/roles')
      .send({ role_name: 'Outlet Staff', can_see_cost: false, approval_limit: null, permission_list: [] });
    expect(role.status).toBe(201);
    roleId = role.body.data.role_id;
  });

  it('refuses archive and delete of the location a newly invited user holds, not of the others', async () => {
    const invited = await agent.post('/api/identity/users').send(user(['L1']));
    expect(invited.status).toBe(201);
    userId = invited.body.data.user_id;

    await expectEventually(async () => expect(await archiveOutcome('L1')).toBe(IN_USE));
    const deleted = await agent.delete('/api/catalog/locations/L1');
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe(IN_USE);
    expect((await agent.get('/api/catalog/locations/L1')).body.data.in_use).toBe(true);
    expect(await archiveOutcome('L2')).toBe('archived');
  });

  it('follows an edit of the user location list: the old location is released, the new one held', async () => {
    const edited = await agent.put(`/api/identity/users/${userId}`).send(user(['L2']));
    expect(edited.status).toBe(200);

    await expectEventually(async () => expect(await archiveOutcome('L2')).toBe(IN_USE));
    expect(await archiveOutcome('L1')).toBe('archived');
  });

  it('keeps holding the location when the user is deactivated (an inactive user still references it)', async () => {
    const deactivated = await agent.post(`/api/identity/users/${userId}/deactivate`);
    expect(deactivated.status).toBe(200);
    // The deactivation applies after the edit (revision order); the list it carries still names L2.
    await expectEventually(async () => expect(await archiveOutcome('L2')).toBe(IN_USE));
    expect(await archiveOutcome('L1')).toBe('archived');
  });

  it("rebuilds the users' location holdings from nothing by replaying identity's events", async () => {
    await app.get(UserLocationsHandler, { strict: false }).rebuild();
    // Every revision of the user replayed (invite, edit, deactivate): the newest list wins.
    await expectEventually(async () => expect(await archiveOutcome('L2')).toBe(IN_USE));
    expect(await archiveOutcome('L1')).toBe('archived');
  });

  it('releases the locations of a deleted user (one who never signed in)', async () => {
    const deleted = await agent.delete(`/api/identity/users/${userId}`);
    expect(deleted.status).toBe(200);
    await expectEventually(async () => expect(await archiveOutcome('L2')).toBe('archived'));
  });

  it('pins nothing for a user with access to all locations', async () => {
    const all = await agent.post('/api/identity/users').send({
      ...user(['*']),
      employee_code: 'E201',
      email: 'all@example.com',
      username: 'all-outlets',
    });
    expect(all.status).toBe(201);
    const removed = await agent.delete('/api/catalog/locations/L1');
    expect(removed.status).toBe(200);
  });
});
