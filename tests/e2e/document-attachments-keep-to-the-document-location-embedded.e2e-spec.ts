import 'reflect-metadata';
import { deflateSync } from 'node:zlib';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import { SUITE_HOOK_TIMEOUT_MS, binaryBody, fullRightsToken, startCatalogSuite } from '@scm/testing';
import request from 'supertest';
import { seedStock } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';
import type { StockFixture } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';

type Server = Parameters<typeof request>[0];

/**
 * The attachments of a stock adjustment or a stock take keep to the document's location (docs/architecture.md,
 * "Access rules"): a user with every permission but location A only lists, uploads, downloads and deletes the
 * files of A's documents, and is refused on B's exactly as reading B's document is (404 DOCUMENT_NOT_FOUND), with
 * nothing changed.
 */
describe('document attachments keep to the document location (embedded mode)', () => {
  let server: Server;
  let close: () => Promise<void>;
  let runtime: Runtime;
  let fx: StockFixture;
  /** Full rights, location A (the fixture's first outlet) only. */
  let homeOnly: string;

  const png = pngImage();
  const as = (auth: string) => ({
    get: (path: string) => request(server).get(`/api/inventory/${path}`).set('Authorization', auth),
    download: (path: string) =>
      request(server).get(`/api/inventory/${path}`).set('Authorization', auth).buffer(true).parse(binaryBody),
    upload: (path: string) =>
      request(server).post(`/api/inventory/${path}`).set('Authorization', auth).attach('files', png, 'scan.png'),
    delete: (path: string) => request(server).delete(`/api/inventory/${path}`).set('Authorization', auth),
    post: (path: string, body: object) =>
      request(server).post(`/api/inventory/${path}`).set('Authorization', auth).send(body),
  });

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    close = suite.close;
    runtime = suite.runtime;
    server = suite.app.getHttpServer();
    fx = await seedStock(server, runtime, 'ATT');
    homeOnly = `Bearer ${await fullRightsToken(runtime, [fx.locations[0]])}`;
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(() => close?.(), SUITE_HOOK_TIMEOUT_MS);

  /** A document of each location, with one file uploaded by the administrator. */
  async function documents(route: string, body: (locationId: string) => object) {
    const made: { id: string; fileId: string }[] = [];
    for (const locationId of fx.locations) {
      const created = await as(fx.admin).post(route, body(locationId));
      expect(created.status).toBe(201);
      const id = (created.body.data as { id: string }).id;
      const uploaded = await as(fx.admin).upload(`attachments/${ownerTypeOf(route)}/${id}`);
      expect(uploaded.status).toBe(201);
      made.push({ id, fileId: (uploaded.body.data as { id: string }[])[0].id });
    }
    const [home, foreign] = made;
    return { home, foreign };
  }

  const ownerTypeOf = (route: string) => (route === 'stock-adjustments' ? 'stock-adjustment' : 'stock-take');

  const cases = [
    {
      route: 'stock-adjustments',
      body: (locationId: string) => ({
        location_id: locationId,
        value_date: '2026-01-05',
        remark: 'files',
        lines: [
          {
            item_type: 'sku',
            item_id: fx.skus.sugar,
            uom_name: 'KG',
            adjustment_quantity: '1',
            reason: 'OTHERS',
            unit_cost: '1',
          },
        ],
      }),
    },
    {
      route: 'stock-takes',
      body: (locationId: string) => ({
        location_id: locationId,
        items: [{ item_type: 'sku', item_id: fx.skus.sugar }],
      }),
    },
  ];

  describe.each(cases.map((entry) => [entry.route, entry] as const))('%s', (route, entry) => {
    it('refuses every attachment route of a foreign location document as its read by id does', async () => {
      const { foreign } = await documents(route, entry.body);
      const owner = ownerTypeOf(route);
      const document = await as(homeOnly).get(`${route}/${foreign.id}`);
      expect(document.status).toBe(404);
      expect(document.body.code).toBe('DOCUMENT_NOT_FOUND');
      const refusals = [
        await as(homeOnly).get(`attachments/${owner}/${foreign.id}`),
        await as(homeOnly).upload(`attachments/${owner}/${foreign.id}`),
        await as(homeOnly).download(`attachments/${owner}/file/${foreign.fileId}`),
        await as(homeOnly).delete(`attachments/${owner}/file/${foreign.fileId}`),
      ];
      for (const refused of refusals) {
        // The download is read as bytes: its refusal is the JSON envelope all the same.
        const body = (Buffer.isBuffer(refused.body) ? JSON.parse(refused.body.toString('utf8')) : refused.body) as {
          code?: string;
        };
        expect({ status: refused.status, code: body.code }).toEqual({
          status: document.status,
          code: document.body.code,
        });
      }
      // Nothing changed: the one file is still there and still served to a user of every location.
      const listed = await as(fx.admin).get(`attachments/${owner}/${foreign.id}`);
      expect((listed.body.data as { id: string }[]).map((file) => file.id)).toEqual([foreign.fileId]);
      expect((await as(fx.admin).download(`attachments/${owner}/file/${foreign.fileId}`)).status).toBe(200);
    });

    it('lets the same user list, upload, download and delete the files of a document of their location', async () => {
      const { home } = await documents(route, entry.body);
      const owner = ownerTypeOf(route);
      const listed = await as(homeOnly).get(`attachments/${owner}/${home.id}`);
      expect(listed.status).toBe(200);
      expect((listed.body.data as { id: string }[]).map((file) => file.id)).toEqual([home.fileId]);
      const uploaded = await as(homeOnly).upload(`attachments/${owner}/${home.id}`);
      expect(uploaded.status).toBe(201);
      const downloaded = await as(homeOnly).download(`attachments/${owner}/file/${home.fileId}`);
      expect(downloaded.status).toBe(200);
      expect(Buffer.compare(downloaded.body as Buffer, png)).toBe(0);
      expect((await as(homeOnly).delete(`attachments/${owner}/file/${home.fileId}`)).status).toBe(200);
      const after = await as(homeOnly).get(`attachments/${owner}/${home.id}`);
      expect(after.body.data).toHaveLength(1);
    });
  });
});

/** A real 2×2 PNG (the upload policy checks the content). */
function pngImage(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  const pixels = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
