import 'reflect-metadata';
import fs from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { costFieldNames } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { readWorkbook } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import {
  SUITE_HOOK_TIMEOUT_MS,
  binaryBody,
  fullRightsToken,
  registeredRoutes,
  seedTwoLocations,
  testConfig,
  isLiveStream,
} from '@scm/testing';
import type { RegisteredRoute, TestDatabase, TwoLocations } from '@scm/testing';
import request from 'supertest';

/** Prices and costs seeded with figures that appear nowhere else, so a leak is found by value too. */
const CURRENT_PRICE = '12.3457';
const DEFAULT_COST = '777.77';

/** Every key of a JSON answer, at any depth, with where it was found. */
function keysOf(value: unknown, path = '$'): { key: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keysOf(item, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, field]) => [
    { key, at: `${path}.${key}` },
    ...keysOf(field, `${path}.${key}`),
  ]);
}

/** The answer as JSON, or null when it is not JSON (an image, a file). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Cost fields are declared once (libs/contracts `costFields`) and removed by one serializer. With priced SKUs,
 * costed BOMs, a PLU with a margin and a product with a default cost present, every GET and every list of every
 * service — the lists the web's Excel exports are made of, and the Excel files the server sends — is called as a
 * role with every permission but without can_see_cost: no marked field, and no seeded cost figure, appears
 * anywhere. The same walk as a role with can_see_cost does find them (the data is there).
 */
describe('a role without can_see_cost sees no cost field in any answer (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let database: TestDatabase;
  let dataDir: string;
  let seeded: TwoLocations;
  let routes: RegisteredRoute[];
  /** Concrete paths for the detail routes, so they answer a record that has costs. */
  let detailPaths: Record<string, string>;

  beforeAll(async () => {
    const setup = await testConfig();
    ({ database, dataDir } = setup);
    ({ app, runtime, close } = await createEmbeddedApp(setup.config));
    await app.getHttpAdapter().getInstance().ready();
    seeded = await seedTwoLocations(app.getHttpServer(), runtime);
    const admin = `Bearer ${await fullRightsToken(runtime, ['*'])}`;
    const send = async (method: 'post' | 'put', path: string, body: object) => {
      const pending =
        method === 'post' ? request(app.getHttpServer()).post(path) : request(app.getHttpServer()).put(path);
      const response = await pending.set('Authorization', admin).send(body);
      expect([200, 201]).toContain(response.status);
      return response.body.data as Record<string, string>;
    };
    await send('put', '/api/catalog/supplier-prices', {
      sku_id: seeded.skuId,
      supplier_id: 'SCOPE-S1',
      uom_name: 'SCOPEKG',
      current_price: CURRENT_PRICE,
      future_price_1: null,
      future_price_1_date: null,
      future_price_2: null,
      future_price_2_date: null,
    });
    const pluCategory = await send('post', '/api/catalog/item-categories/plu', { category_name: 'Cost dishes' });
    await send('post', '/api/catalog/plus', {
      plu_id: 'COST-PLU',
      plu_name: 'Costed dish',
      suggested_price: '20',
      category_id: pluCategory.category_id,
      bom_type: 'existing',
      bom_id: seeded.companyBom,
    });
    const productCategory = await send('post', '/api/catalog/item-categories/product', { category_name: 'Cost gems' });
    await send('post', '/api/catalog/settings/exchange-rates', {
      currency: 'SGD',
      effective_date: '2024-01-01',
      rate: '1.35',
    });
    await send('post', '/api/catalog/products', {
      product_code: 'COST-001',
      product_name: 'Costed bangle',
      native_currency: 'SGD',
      default_cost: DEFAULT_COST,
      retail_price_native: '1350',
      stock_type: 'Consignment',
      category_id: productCategory.category_id,
    });
    routes = registeredRoutes(app).filter((route) => route.path.startsWith('/api/'));
    detailPaths = {
      '/api/catalog/skus/:id': `/api/catalog/skus/${seeded.skuId}`,
      '/api/catalog/plus/:id': '/api/catalog/plus/COST-PLU',
      '/api/catalog/plu-boms/:id': `/api/catalog/plu-boms/${seeded.companyBom}`,
      '/api/catalog/products/:id': '/api/catalog/products/COST-001',
      '/api/catalog/supplier-prices/:skuId/:supplierId/:uomName': `/api/catalog/supplier-prices/${seeded.skuId}/SCOPE-S1/SCOPEKG`,
      '/api/catalog/default-suppliers/:id': `/api/catalog/default-suppliers/${seeded.skuId}`,
    };
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await close?.();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, SUITE_HOOK_TIMEOUT_MS);

  /** Every GET and every list (plus the option searches), each answer as JSON text or a workbook's cells. */
  async function walk(token: string): Promise<{ route: string; status: number; text: string; json: unknown }[]> {
    const answers: { route: string; status: number; text: string; json: unknown }[] = [];
    const reads = routes.filter(
      (route) =>
        !route.isPublic &&
        !isLiveStream(route) &&
        (route.method === 'GET' ||
          (route.method === 'POST' && (route.path.endsWith('/list') || route.path.includes('options')))),
    );
    for (const route of reads) {
      const path = detailPaths[route.path] ?? route.path.replace(/:[A-Za-z]+/g, 'NOPE');
      const pending =
        route.method === 'GET'
          ? request(app.getHttpServer()).get(path)
          : request(app.getHttpServer()).post(path).send({ limit: 1000 });
      const response = await pending.set('Authorization', `Bearer ${token}`).buffer(true).parse(binaryBody);
      const body = response.body as Buffer;
      const type = String(response.headers['content-type'] ?? '');
      if (type.includes('spreadsheetml')) {
        const sheets = await readWorkbook(body);
        answers.push({
          route: `${route.method} ${route.path}`,
          status: response.status,
          text: JSON.stringify(sheets),
          json: null,
        });
      } else {
        const text = body.toString('utf8');
        answers.push({ route: `${route.method} ${route.path}`, status: response.status, text, json: parsed(text) });
      }
    }
    return answers;
  }

  it('answers no marked cost field and no cost figure anywhere to a role without can_see_cost', async () => {
    const noCost = await fullRightsToken(runtime, ['*'], { cost: false });
    const answers = await walk(noCost);
    expect(answers.length).toBeGreaterThan(20);
    const marked = costFieldNames();
    const leaks = answers.flatMap((answer) => [
      ...keysOf(answer.json)
        .filter((entry) => marked.has(entry.key))
        .map((entry) => `${answer.route}: ${entry.at}`),
      ...[CURRENT_PRICE, DEFAULT_COST]
        .filter((figure) => answer.text.includes(figure))
        .map((figure) => `${answer.route}: ${figure}`),
    ]);
    expect(leaks).toEqual([]);
    // The detail routes answered their records (not a 404 that would prove nothing).
    for (const route of Object.keys(detailPaths)) {
      expect(answers.find((answer) => answer.route === `GET ${route}`)?.status).toBe(200);
    }
  }, 120_000);

  it('answers them to a role with can_see_cost (the walk does reach the costs)', async () => {
    const withCost = await fullRightsToken(runtime, ['*'], { cost: true });
    const answers = await walk(withCost);
    const found = new Set(answers.flatMap((answer) => keysOf(answer.json).map((entry) => entry.key)));
    for (const field of ['price_per_uom', 'current_price', 'cost', 'margin', 'default_cost', 'unit_cost']) {
      expect([field, found.has(field)]).toEqual([field, true]);
    }
    expect(answers.some((answer) => answer.text.includes(CURRENT_PRICE))).toBe(true);
    expect(answers.some((answer) => answer.text.includes(DEFAULT_COST))).toBe(true);
  }, 120_000);

  it('still leaves the cost column out of an import template for a role without can_see_cost', async () => {
    const noCost = await fullRightsToken(runtime, ['*'], { cost: false });
    const template = await request(app.getHttpServer())
      .get('/api/catalog/imports/products/template')
      .set('Authorization', `Bearer ${noCost}`)
      .buffer(true)
      .parse(binaryBody);
    expect(template.status).toBe(200);
    const [sheet] = await readWorkbook(template.body as Buffer);
    expect(sheet.rows[0]).not.toContain('Default cost');
  });
});
