import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import { fieldErrors, startCatalogSuite, SUITE_HOOK_TIMEOUT_MS } from '@scm/testing';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';

/**
 * A SKU cannot drop a UOM row while a BOM uses the SKU in that UOM: a SKU BOM's or PLU BOM's consume row, a SKU
 * BOM's output, a PLU's custom BOM. The refusal is on the `uom_list` field, names the UOM and the BOMs, in English
 * and Chinese, and changes nothing; an unused UOM row still goes, and so does a used one once no BOM uses it.
 * BOMs made before the rule are covered by the migration that records their usage.
 */
describe('SKU UOM rows used by BOMs (embedded mode)', () => {
  let agent: TestAgent;
  let catalogDb: DataSource;
  let close: () => Promise<void>;
  const uoms: Record<string, string> = {};
  let skuCategory: string;
  const categories: Record<string, string> = {};

  beforeAll(async () => {
    ({ agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(() => close?.(), SUITE_HOOK_TIMEOUT_MS);

  /** A SKU's input with `primary` (factor 1) and `others` as its UOM rows. */
  const skuInput = (skuId: string, primary: string, others: string[]) => ({
    sku_id: skuId,
    name: skuId,
    display_name: skuId,
    category_id: skuCategory,
    primary_uom_name: uoms[primary],
    purchasing_uom_name: uoms[primary],
    receiving_uom_name: uoms[primary],
    counting_uom_name: uoms[primary],
    uom_list: [
      { uom_name: uoms[primary], factor: '1' },
      ...others.map((uom) => ({ uom_name: uoms[uom], factor: '2' })),
    ],
    supplier_list: [],
    default_supplier_id: null,
    threshold: '0',
    is_inventorise: true,
    default_wastage_percentage: '0',
  });
  const uomNamesOf = async (skuId: string) =>
    ((await agent.get(`/api/catalog/skus/${skuId}`)).body.data.uom_list as { uom_name: string }[]).map(
      (row) => row.uom_name,
    );
  const line = (skuId: string, uom: string) => ({ sku_id: skuId, quantity_per_uom: '1', uom_name: uoms[uom] });
  const doughBom = (consumeUom: string) => ({
    bom_id: 'BOM-DOUGH',
    bom_name: 'Dough',
    output_sku_id: 'DOUGH',
    output_quantity: '1',
    output_uom_name: uoms.G,
    category_id: categories.skuBom,
    consume_sku_list: [line('FLOUR', consumeUom)],
  });
  const outboxCount = async () =>
    Number((await catalogDb.query(`SELECT count(*) AS n FROM catalog.outbox`))[0].n as string);

  it('sets up UOMs, SKUs and BOMs using FLOUR in G, DOUGH in G (output) and SUGAR in BAG (a custom BOM)', async () => {
    for (const name of ['KG', 'G', 'BAG', 'PORTION']) {
      const created = await agent
        .post('/api/catalog/uoms')
        .send({ uom_name: name, secondary_uom: `${name}-PACK`, uom_per_primary: '1' });
      uoms[name] = created.body.data.uom_name as string;
    }
    skuCategory = (await agent.post('/api/catalog/sku-categories').send({ category_name: 'Baking' })).body.data
      .category_id;
    for (const [kind, key] of [
      ['sku-bom', 'skuBom'],
      ['plu-bom', 'pluBom'],
      ['plu', 'plu'],
    ]) {
      categories[key] = (
        await agent.post(`/api/catalog/item-categories/${kind}`).send({ category_name: 'Bakery' })
      ).body.data.category_id;
    }
    expect((await agent.post('/api/catalog/skus').send(skuInput('FLOUR', 'KG', ['G', 'BAG']))).status).toBe(201);
    expect((await agent.post('/api/catalog/skus').send(skuInput('DOUGH', 'KG', ['G']))).status).toBe(201);
    expect((await agent.post('/api/catalog/skus').send(skuInput('SUGAR', 'KG', ['BAG']))).status).toBe(201);

    expect((await agent.post('/api/catalog/sku-boms').send(doughBom('G'))).status).toBe(201);
    const pluBom = await agent.post('/api/catalog/plu-boms').send({
      bom_id: 'PB-1',
      bom_name: 'Bread',
      output_quantity: '1',
      output_uom_name: uoms.PORTION,
      category_id: categories.pluBom,
      consume_sku_list: [line('FLOUR', 'G')],
    });
    expect(pluBom.status).toBe(201);
    const plu = await agent.post('/api/catalog/plus').send({
      plu_id: 'PLU-C',
      plu_name: 'Sweet bun',
      suggested_price: '2',
      category_id: categories.plu,
      bom_type: 'custom',
      custom_bom: { consume_sku_list: [line('SUGAR', 'BAG')], output_quantity: '1', output_uom_name: uoms.PORTION },
    });
    expect(plu.status).toBe(201);
  });

  it('refuses removing a consumed UOM on the UOM list, naming the UOM and its BOMs, and changes nothing', async () => {
    const outboxBefore = await outboxCount();
    const refused = await agent.put('/api/catalog/skus/FLOUR').send(skuInput('FLOUR', 'KG', ['BAG']));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CATALOG_SKU_UOM_IN_USE' });
    expect(fieldErrors(refused.body)).toEqual({
      uom_list: 'UOM G is used by BOM BOM-DOUGH, PB-1: it cannot be removed from this SKU',
    });
    const chinese = await agent
      .put('/api/catalog/skus/FLOUR')
      .set('Accept-Language', 'zh-CN')
      .send(skuInput('FLOUR', 'KG', ['BAG']));
    expect(fieldErrors(chinese.body)).toEqual({
      uom_list: '计量单位 G 正被 BOM BOM-DOUGH, PB-1 使用，无法从此 SKU 中移除',
    });
    expect(await uomNamesOf('FLOUR')).toEqual(['KG', 'G', 'BAG']);
    expect(await outboxCount()).toBe(outboxBefore);
  });

  it('refuses removing the UOM a SKU BOM outputs in, and one a PLU’s custom BOM consumes', async () => {
    const output = await agent.put('/api/catalog/skus/DOUGH').send(skuInput('DOUGH', 'KG', []));
    expect(output.status).toBe(409);
    expect(fieldErrors(output.body)).toEqual({
      uom_list: 'UOM G is used by BOM BOM-DOUGH: it cannot be removed from this SKU',
    });
    const custom = await agent.put('/api/catalog/skus/SUGAR').send(skuInput('SUGAR', 'KG', []));
    expect(custom.status).toBe(409);
    expect(fieldErrors(custom.body)).toEqual({
      uom_list: 'UOM BAG is used by BOM PLU-C: it cannot be removed from this SKU',
    });
  });

  it('still removes a UOM row no BOM uses, and a used one once its BOMs no longer use it', async () => {
    const unused = await agent.put('/api/catalog/skus/FLOUR').send(skuInput('FLOUR', 'KG', ['G']));
    expect(unused.status).toBe(200);
    expect(await uomNamesOf('FLOUR')).toEqual(['KG', 'G']);

    // BOM-DOUGH now consumes FLOUR in KG; PB-1 still uses G.
    expect((await agent.put('/api/catalog/sku-boms/BOM-DOUGH').send(doughBom('KG'))).status).toBe(200);
    const stillUsed = await agent.put('/api/catalog/skus/FLOUR').send(skuInput('FLOUR', 'KG', []));
    expect(fieldErrors(stillUsed.body)).toEqual({
      uom_list: 'UOM G is used by BOM PB-1: it cannot be removed from this SKU',
    });
    expect((await agent.delete('/api/catalog/plu-boms/PB-1')).status).toBe(200);
    const freed = await agent.put('/api/catalog/skus/FLOUR').send(skuInput('FLOUR', 'KG', []));
    expect(freed.status).toBe(200);
    expect(await uomNamesOf('FLOUR')).toEqual(['KG']);
  });
});
