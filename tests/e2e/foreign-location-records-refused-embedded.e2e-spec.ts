import 'reflect-metadata';
import fs from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEmbeddedApp } from '@scm/gateway';
import type { ImportJobView } from '@scm/contracts';
import { writeWorkbook } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import {
  FOREIGN_LOCATION,
  FOREIGN_LOCATION_NAME,
  HOME_LOCATION,
  SUITE_HOOK_TIMEOUT_MS,
  expectEventually,
  fieldErrors,
  fullRightsToken,
  seedTwoLocations,
  testConfig,
} from '@scm/testing';
import type { TestDatabase, TwoLocations } from '@scm/testing';
import request from 'supertest';

/**
 * Location scope (docs/architecture.md, "Access rules"), through the gateway in embedded mode: a user with every
 * permission but only location A neither lists, reads nor changes location B's records — locations, BOMs owned by B,
 * B's per-location default suppliers, users of B — and cannot give anyone location B. A record of B answers as not
 * found (404, the same as an id that does not exist); a location B named in a body answers 403 LOCATION_FORBIDDEN on
 * its field.
 */
describe('records of a foreign location are refused (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let database: TestDatabase;
  let dataDir: string;
  let seeded: TwoLocations;
  /** Full rights, location A only. */
  let homeOnly: string;
  /** Full rights, every location. */
  let everywhere: string;

  const as = (token: string) => ({
    get: (path: string) => request(app.getHttpServer()).get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string, body: unknown = {}) =>
      request(app.getHttpServer())
        .post(path)
        .set('Authorization', `Bearer ${token}`)
        .send(body as object),
    put: (path: string, body: unknown) =>
      request(app.getHttpServer())
        .put(path)
        .set('Authorization', `Bearer ${token}`)
        .send(body as object),
    delete: (path: string) => request(app.getHttpServer()).delete(path).set('Authorization', `Bearer ${token}`),
  });

  beforeAll(async () => {
    const setup = await testConfig();
    ({ database, dataDir } = setup);
    ({ app, runtime, close } = await createEmbeddedApp(setup.config));
    await app.getHttpAdapter().getInstance().ready();
    seeded = await seedTwoLocations(app.getHttpServer(), runtime);
    homeOnly = await fullRightsToken(runtime, [HOME_LOCATION]);
    everywhere = await fullRightsToken(runtime, ['*']);
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await close?.();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, SUITE_HOOK_TIMEOUT_MS);

  describe('locations', () => {
    it('lists only the user own locations, even when the filter asks for another', async () => {
      const listed = await as(homeOnly).post('/api/catalog/locations/list', { limit: 100 });
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((row: { location_id: string }) => row.location_id)).toEqual([HOME_LOCATION]);
      const asked = await as(homeOnly).post('/api/catalog/locations/list', {
        other_params: { locations: [FOREIGN_LOCATION] },
      });
      expect(asked.body).toMatchObject({ status: 200, data: [], recordsTotal: 0 });
      const everyone = await as(everywhere).post('/api/catalog/locations/list', { limit: 100 });
      expect(everyone.body.data.map((row: { location_id: string }) => row.location_id).sort()).toEqual([
        FOREIGN_LOCATION,
        HOME_LOCATION,
      ]);
    });

    it('answers a foreign location as not found, exactly as one that does not exist', async () => {
      const foreign = await as(homeOnly).get(`/api/catalog/locations/${FOREIGN_LOCATION}`);
      const missing = await as(homeOnly).get('/api/catalog/locations/LOC-NOWHERE');
      expect(foreign.status).toBe(404);
      expect({ code: foreign.body.code, message: foreign.body.message }).toEqual({
        code: missing.body.code,
        message: missing.body.message,
      });
      expect((await as(homeOnly).get(`/api/catalog/locations/${HOME_LOCATION}`)).status).toBe(200);
    });

    it('refuses to change, archive or delete a foreign location, and leaves it as it was', async () => {
      const body = seeded.bodies.location(FOREIGN_LOCATION, 'Renamed by a stranger');
      expect((await as(homeOnly).put(`/api/catalog/locations/${FOREIGN_LOCATION}`, body)).status).toBe(404);
      expect((await as(homeOnly).post(`/api/catalog/locations/${FOREIGN_LOCATION}/archive`)).status).toBe(404);
      expect((await as(homeOnly).delete(`/api/catalog/locations/${FOREIGN_LOCATION}`)).status).toBe(404);
      const stored = await as(everywhere).get(`/api/catalog/locations/${FOREIGN_LOCATION}`);
      expect(stored.body.data).toMatchObject({ location_name: FOREIGN_LOCATION_NAME, status: 'new' });
    });

    it('lets only a user holding every location create one', async () => {
      const created = await as(homeOnly).post('/api/catalog/locations', seeded.bodies.location('LOC-NEW', 'New'));
      expect(created.status).toBe(403);
      expect(created.body.code).toBe('LOCATION_FORBIDDEN');
      expect(fieldErrors(created.body)).toHaveProperty('location_id');
    });

    it('refuses an Excel import of locations from a user without every location', async () => {
      const upload = await as(homeOnly).post('/api/catalog/imports/locations');
      expect(upload.status).toBe(403);
      expect(upload.body.code).toBe('LOCATION_FORBIDDEN');
    });
  });

  describe('BOMs owned by a location', () => {
    it('lists the BOMs of the user locations and the company ones, not a foreign location one', async () => {
      const listed = await as(homeOnly).post('/api/catalog/plu-boms/list', { limit: 100 });
      expect(listed.body.data.map((row: { bom_id: string }) => row.bom_id).sort()).toEqual([
        seeded.companyBom,
        seeded.homeBom,
      ]);
      expect(JSON.stringify(listed.body)).not.toContain(FOREIGN_LOCATION);
    });

    it('answers a foreign location BOM as not found and refuses to change it', async () => {
      expect((await as(homeOnly).get(`/api/catalog/plu-boms/${seeded.foreignBom}`)).status).toBe(404);
      // Even with a body naming the user's own location: the stored record decides.
      const body = seeded.bodies.pluBom(seeded.foreignBom, HOME_LOCATION);
      expect((await as(homeOnly).put(`/api/catalog/plu-boms/${seeded.foreignBom}`, body)).status).toBe(404);
      expect((await as(homeOnly).post(`/api/catalog/plu-boms/${seeded.foreignBom}/archive`)).status).toBe(404);
      expect((await as(homeOnly).delete(`/api/catalog/plu-boms/${seeded.foreignBom}`)).status).toBe(404);
      expect((await as(everywhere).get(`/api/catalog/plu-boms/${seeded.foreignBom}`)).body.data.status).toBe('new');
    });

    it('refuses to give a BOM to a foreign location, naming the owner', async () => {
      const moved = await as(homeOnly).put(
        `/api/catalog/plu-boms/${seeded.homeBom}`,
        seeded.bodies.pluBom(seeded.homeBom, FOREIGN_LOCATION),
      );
      expect(moved.status).toBe(403);
      expect(fieldErrors(moved.body)).toHaveProperty('owner');
      const created = await as(homeOnly).post(
        '/api/catalog/plu-boms',
        seeded.bodies.pluBom('BOM-NEW', FOREIGN_LOCATION),
      );
      expect(created.status).toBe(403);
    });

    it('imports BOMs from Excel only within the uploader locations: another location is not found', async () => {
      const header = [
        'BOM ID',
        'BOM name',
        'Output quantity',
        'Output UOM',
        'Category',
        'Owner type',
        'Owner',
        'Hashtags',
        'Consumed SKU',
        'Quantity per UOM',
        'Consumed UOM',
        'Wastage %',
      ];
      const file = (bomId: string, owner: string) =>
        writeWorkbook([
          {
            name: 'Data',
            rows: [
              header,
              [
                bomId,
                `Dish ${bomId}`,
                '1',
                'SCOPEKG',
                'Scope dishes',
                'Location',
                owner,
                null,
                seeded.skuId,
                '1',
                'SCOPEKG',
                '0',
              ],
            ],
          },
        ]);
      const importFile = async (bomId: string, owner: string) => {
        const started = await request(app.getHttpServer())
          .post('/api/catalog/imports/plu-boms')
          .set('Authorization', `Bearer ${homeOnly}`)
          .attach('file', await file(bomId, owner), 'boms.xlsx');
        expect(started.status).toBe(201);
        return expectEventually(async () => {
          const job = (await as(homeOnly).get(`/api/catalog/imports/jobs/${started.body.data.job_id}`)).body
            .data as ImportJobView;
          expect(['succeeded', 'failed']).toContain(job.status);
          return job;
        });
      };
      const foreign = await importFile('BOM-IMPORT-AWAY', FOREIGN_LOCATION_NAME);
      const missing = await importFile('BOM-IMPORT-NOWHERE', 'No such outlet');
      expect(foreign.status).toBe('failed');
      expect(foreign.errors.map((error) => [error.column_label, error.message])).toEqual(
        missing.errors.map((error) => [
          error.column_label,
          error.message.replace('No such outlet', FOREIGN_LOCATION_NAME),
        ]),
      );
      const home = await importFile('BOM-IMPORT-HOME', 'Home outlet');
      expect(home).toMatchObject({ status: 'succeeded', created_count: 1 });
      const created = await as(everywhere).get('/api/catalog/plu-boms/BOM-IMPORT-HOME');
      expect(created.body.data).toMatchObject({ owner_type: 'location', owner: HOME_LOCATION });
    });

    it('offers only the user own locations as owners in the BOM form', async () => {
      const options = await as(homeOnly).get('/api/catalog/bom-options');
      expect(options.body.data.locations.map((row: { location_id: string }) => row.location_id)).toEqual([
        HOME_LOCATION,
      ]);
    });
  });

  describe('per-location default suppliers', () => {
    it('shows and counts only the rows of the user locations', async () => {
      const view = await as(homeOnly).get(`/api/catalog/default-suppliers/${seeded.skuId}`);
      expect(view.body.data.location_suppliers.map((row: { location_id: string }) => row.location_id)).toEqual([
        HOME_LOCATION,
      ]);
      const listed = await as(homeOnly).post('/api/catalog/default-suppliers/list', { search_str: 'scope rice' });
      expect(listed.body.data).toEqual([expect.objectContaining({ location_supplier_count: 1 })]);
    });

    it('refuses a row for a foreign location, naming it, and keeps the foreign rows when saving its own', async () => {
      const refused = await as(homeOnly).put(`/api/catalog/default-suppliers/${seeded.skuId}`, {
        default_supplier_id: 'SCOPE-S1',
        location_suppliers: [{ location_id: FOREIGN_LOCATION, supplier_id: 'SCOPE-S1' }],
      });
      expect(refused.status).toBe(403);
      expect(fieldErrors(refused.body)).toHaveProperty(['location_suppliers.0.location_id']);
      const saved = await as(homeOnly).put(`/api/catalog/default-suppliers/${seeded.skuId}`, {
        default_supplier_id: 'SCOPE-S1',
        location_suppliers: [],
      });
      expect(saved.status).toBe(200);
      const all = await as(everywhere).get(`/api/catalog/default-suppliers/${seeded.skuId}`);
      expect(all.body.data.location_suppliers).toEqual([
        expect.objectContaining({ location_id: FOREIGN_LOCATION, supplier_id: 'SCOPE-S2' }),
      ]);
    });
  });

  describe("users' locations", () => {
    it('lists only the users all of whose locations are the manager own', async () => {
      const listed = await as(homeOnly).post('/api/identity/users/list', { limit: 100 });
      expect(listed.body.data.map((row: { user_id: string }) => row.user_id)).toEqual([seeded.homeUser]);
      expect(JSON.stringify(listed.body)).not.toContain(FOREIGN_LOCATION);
      const filtered = await as(homeOnly).post('/api/identity/users/list', {
        other_params: { locations: [FOREIGN_LOCATION] },
      });
      expect(filtered.body).toMatchObject({ data: [], recordsTotal: 0 });
    });

    it('answers a user of a foreign location as not found and refuses to change them', async () => {
      expect((await as(homeOnly).get(`/api/identity/users/${seeded.foreignUser}`)).status).toBe(404);
      const body = seeded.bodies.user('SCOPE-FOREIGN', [HOME_LOCATION]);
      expect((await as(homeOnly).put(`/api/identity/users/${seeded.foreignUser}`, body)).status).toBe(404);
      expect((await as(homeOnly).post(`/api/identity/users/${seeded.foreignUser}/deactivate`)).status).toBe(404);
      expect((await as(homeOnly).delete(`/api/identity/users/${seeded.foreignUser}`)).status).toBe(404);
    });

    it('answers a colleague who also holds a foreign location as not found, and leaves them as they were', async () => {
      expect((await as(homeOnly).get(`/api/identity/users/${seeded.bothUser}`)).status).toBe(404);
      const body = seeded.bodies.user('SCOPE-BOTH', [HOME_LOCATION]);
      expect((await as(homeOnly).put(`/api/identity/users/${seeded.bothUser}`, body)).status).toBe(404);
      const stored = await as(everywhere).get(`/api/identity/users/${seeded.bothUser}`);
      expect(stored.body.data.location_list).toEqual([HOME_LOCATION, FOREIGN_LOCATION]);
    });

    it('refuses to assign a location the manager does not hold, or every location', async () => {
      const foreign = await as(homeOnly).put(
        `/api/identity/users/${seeded.homeUser}`,
        seeded.bodies.user('SCOPE-HOME', [HOME_LOCATION, FOREIGN_LOCATION]),
      );
      expect(foreign.status).toBe(403);
      expect(fieldErrors(foreign.body)).toEqual({ 'location_list.1': expect.any(String) });
      const all = await as(homeOnly).post('/api/identity/users', seeded.bodies.user('SCOPE-NEW', ['*']));
      expect(all.status).toBe(403);
      expect(fieldErrors(all.body)).toHaveProperty(['location_list.0']);
      const own = await as(homeOnly).put(
        `/api/identity/users/${seeded.homeUser}`,
        seeded.bodies.user('SCOPE-HOME', [HOME_LOCATION]),
      );
      expect(own.status).toBe(200);
    });
  });
});
