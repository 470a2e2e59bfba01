import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ImportJobView } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { readWorkbook, writeWorkbook } from '@scm/platform';
import type { Runtime, WriteCell } from '@scm/platform';
import {
  SUITE_HOOK_TIMEOUT_MS,
  binaryBody,
  expectEventually,
  permission,
  startCatalogSuite,
  tokenWithPermissions,
} from '@scm/testing';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';

const SKU_BOM_HEADER = [
  'BOM ID',
  'BOM name',
  'Output SKU',
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
const PLU_BOM_HEADER = SKU_BOM_HEADER.filter((name) => name !== 'Output SKU');
const PLU_HEADER = ['PLU ID', 'PLU name', 'Chinese name', 'Suggested price', 'Barcode', 'Category', 'BOM'];

/** A row under `header` from cells by header name (the others blank). */
function row(header: readonly string[], cells: Record<string, WriteCell>): WriteCell[] {
  return header.map((name) => cells[name] ?? null);
}

/** The first row of a SKU BOM: the BOM's own columns and its first consume line. */
const skuBomRow = (cells: Record<string, WriteCell>) =>
  row(SKU_BOM_HEADER, {
    'Output quantity': '2',
    'Output UOM': 'KG',
    Category: 'Pastry',
    'Owner type': 'Text',
    Owner: 'Central kitchen',
    ...cells,
  });
/** A further consume line of a BOM: only its code and the line's columns. */
const lineRow = (header: readonly string[], cells: Record<string, WriteCell>) => row(header, cells);

/**
 * Excel import of SKU BOMs, PLU BOMs and PLUs through the gateway (embedded mode): the templates in English and
 * Chinese (no cost column), multi-line BOMs (one row per consumed SKU, the BOM's columns from its first row, rows
 * of one BOM anywhere in the file) creating and updating BOMs whose consume list the rows replace, PLUs on an
 * existing PLU BOM (a custom BOM kept when the BOM cell is blank), bad rows named by row and column with nothing
 * applied, a cycle formed inside one file refused, and the SKU_BOM / PLU_BOM / PLU edit keys.
 */
describe('Excel import of SKU BOMs, PLU BOMs and PLUs (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let agent: TestAgent;
  let catalogDb: DataSource;
  let close: () => Promise<void>;
  let adminId: string;
  const uoms: Record<string, string> = {};

  beforeAll(async () => {
    ({ app, runtime, agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
    adminId = (await agent.get('/api/token')).body.data.user.user_id;
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(() => close?.(), SUITE_HOOK_TIMEOUT_MS);

  const xlsx = (rows: WriteCell[][]) => writeWorkbook([{ name: 'Data', rows }]);
  const upload = async (entity: string, rows: WriteCell[][]) => {
    const started = await agent.post(`/api/catalog/imports/${entity}`).attach('file', await xlsx(rows), 'file.xlsx');
    expect(started.status).toBe(201);
    return started.body.data.job_id as string;
  };
  const finished = (jobId: string, language = 'en') =>
    expectEventually(async () => {
      const response = await agent.get(`/api/catalog/imports/jobs/${jobId}`).set('Accept-Language', language);
      expect(response.status).toBe(200);
      const job = response.body.data as ImportJobView;
      expect(['succeeded', 'failed']).toContain(job.status);
      return job;
    });
  const importFile = async (entity: string, rows: WriteCell[][]) => finished(await upload(entity, rows));
  const count = async (sql: string) => Number((await catalogDb.query(sql))[0].n as string);
  const outboxCount = () => count(`SELECT count(*) AS n FROM catalog.outbox WHERE subject NOT LIKE 'catalog.import.%'`);
  const bomCount = () => count(`SELECT count(*) AS n FROM catalog.bom`);
  const pluCount = () => count(`SELECT count(*) AS n FROM catalog.plu`);
  const errorsOf = (job: ImportJobView) => job.errors.map((error) => [error.row, error.column_label, error.message]);
  const lines = (bom: { consume_sku_list: Record<string, string>[] }) =>
    bom.consume_sku_list.map((line) => [line.sku_id, line.quantity_per_uom, line.uom_name, line.wastage_percentage]);

  it('sets up UOMs, SKUs, categories and a location through their APIs', async () => {
    for (const [name, secondary] of [
      ['KG', 'KG-PACK'],
      ['G', 'G-PACK'],
      ['PCS', 'PCS-PACK'],
      ['PORTION', 'PORTION-PACK'],
      // Two boxes are two units by name (docs/units-of-measure.md).
      ['BOX-6', 'BOX-6-PACK'],
      ['BOX-12', 'BOX-12-PACK'],
    ]) {
      const created = await agent
        .post('/api/catalog/uoms')
        .send({ uom_name: name, secondary_uom: secondary, uom_per_primary: '1' });
      expect(created.status).toBe(201);
      uoms[name] = created.body.data.uom_name as string;
    }
    uoms['BOX/BOX-6'] = 'BOX-6';
    uoms['BOX/BOX-12'] = 'BOX-12';
    const skuCategory = (await agent.post('/api/catalog/sku-categories').send({ category_name: 'Baking' })).body.data
      .category_id as string;
    const sku = async (skuId: string, primary: string, others: [string, string][], wastage = '0') => {
      const created = await agent.post('/api/catalog/skus').send({
        sku_id: skuId,
        name: `${skuId[0]}${skuId.slice(1).toLowerCase()}`,
        display_name: skuId,
        category_id: skuCategory,
        primary_uom_name: uoms[primary],
        purchasing_uom_name: uoms[primary],
        receiving_uom_name: uoms[primary],
        counting_uom_name: uoms[primary],
        uom_list: [
          { uom_name: uoms[primary], factor: '1' },
          ...others.map(([uom, factor]) => ({ uom_name: uoms[uom], factor })),
        ],
        supplier_list: [],
        default_supplier_id: null,
        threshold: '0',
        is_inventorise: true,
        default_wastage_percentage: wastage,
      });
      expect(created.status).toBe(201);
    };
    await sku('FLOUR', 'KG', [['G', '0.001']], '2');
    await sku('SUGAR', 'KG', [['G', '0.001']]);
    await sku('EGG', 'PCS', [['BOX/BOX-6', '6']]);
    await sku('MILK', 'KG', [
      ['BOX/BOX-6', '6'],
      ['BOX/BOX-12', '12'],
    ]);
    await sku('DOUGH', 'KG', [['G', '0.001']]);
    await sku('CAKE', 'PCS', []);
    const category = async (kind: string, name: string) => {
      const created = await agent.post(`/api/catalog/item-categories/${kind}`).send({ category_name: name });
      expect(created.status).toBe(201);
    };
    await category('sku-bom', 'Pastry');
    await category('plu-bom', 'Desserts');
    await category('plu', 'Cakes');
    const locationCategory = await agent.post('/api/catalog/location-categories').send({ category_name: 'Kitchens' });
    const region = await agent.post('/api/catalog/regions').send({ region_name: 'West' });
    const location = await agent.post('/api/catalog/locations').send({
      location_id: 'CK-1',
      location_name: 'Central Kitchen West',
      is_operating: true,
      category_id: locationCategory.body.data.category_id,
      region_id: region.body.data.region_id,
      address: '1 Jurong Road',
      country: 'Singapore',
      postal_code: '600001',
    });
    expect(location.status).toBe(201);
  });

  it('downloads the three templates in English and Chinese: BOM and line columns, no cost, the notes', async () => {
    const template = async (entity: string, language: string) => {
      const response = await agent
        .get(`/api/catalog/imports/${entity}/template?lang=${language}`)
        .buffer(true)
        .parse(binaryBody);
      expect(response.status).toBe(200);
      return { fileName: response.headers['content-disposition'], sheets: await readWorkbook(response.body as Buffer) };
    };
    const skuBoms = await template('sku-boms', 'en');
    expect(skuBoms.fileName).toContain('SKU BOM import template.xlsx');
    const [data, notes] = skuBoms.sheets;
    expect(data.rows[0]).toEqual([
      'BOM ID *',
      'BOM name *',
      'Output SKU *',
      'Output quantity *',
      'Output UOM *',
      'Category *',
      'Owner type',
      'Owner',
      'Hashtags',
      'Consumed SKU *',
      'Quantity per UOM *',
      'Consumed UOM *',
      'Wastage %',
    ]);
    const noteText = notes.rows.map((cells) => cells.join(' ')).join('\n');
    expect(noteText).toContain('One row per consumed SKU: repeat the BOM ID on each row of a BOM');
    expect(noteText).toContain('importing an existing BOM replaces its consume list');
    expect(noteText).toContain('Costs are not imported');
    expect(notes.rows.find((cells) => cells[0] === 'Category')![2]).toContain('Pastry');
    expect(notes.rows.find((cells) => cells[0] === 'Consumed UOM')![2]).toContain('BOX-12');
    expect(notes.rows.find((cells) => cells[0] === 'Owner')![2]).toContain('Central Kitchen West');

    const [zhData, zhNotes] = (await template('sku-boms', 'zh-CN')).sheets;
    expect(zhData.rows[0].slice(0, 3)).toEqual(['BOM 编号 *', 'BOM 名称 *', '产出 SKU *']);
    expect(zhData.rows[0].slice(9)).toEqual(['消耗 SKU *', '每单位用量 *', '消耗单位 *', '损耗率 %']);
    expect(zhNotes.rows.map((cells) => cells.join(' ')).join('\n')).toContain('每个消耗的 SKU 占一行');

    const [pluBomData, pluBomNotes] = (await template('plu-boms', 'en')).sheets;
    expect(pluBomData.rows[0]).not.toContain('Output SKU *');
    expect(pluBomData.rows[0]).toHaveLength(12);
    expect(pluBomNotes.rows.find((cells) => cells[0] === 'Category')![2]).toContain('Desserts');

    const plus = await template('plus', 'en');
    expect(plus.fileName).toContain('PLU import template.xlsx');
    const [pluData, pluNotes] = plus.sheets;
    expect(pluData.rows[0]).toEqual([
      'PLU ID *',
      'PLU name *',
      'Chinese name',
      'Suggested price *',
      'Barcode',
      'Category *',
      'BOM *',
    ]);
    expect(pluNotes.rows.find((cells) => cells[0] === 'BOM')![2]).toContain('Custom BOMs are not imported');
    const [zhPlu] = (await template('plus', 'zh-CN')).sheets;
    expect(zhPlu.rows[0]).toEqual(['PLU 编号 *', 'PLU 名称 *', '中文名称', '建议售价 *', '条码', '类别 *', 'BOM *']);
    for (const sheet of [data, pluBomData, pluData]) {
      expect(sheet.rows[0].some((header) => String(header).toLowerCase().includes('cost'))).toBe(false);
    }
  });

  it('creates and updates multi-line SKU BOMs: one row per consumed SKU, the BOM from its first row', async () => {
    const existing = await agent.post('/api/catalog/sku-boms').send({
      bom_id: 'BOM-CAKE',
      bom_name: 'Old cake',
      output_sku_id: 'CAKE',
      output_quantity: '1',
      output_uom_name: uoms.PCS,
      category_id: (await catalogDb.query(`SELECT category_id FROM catalog.item_category WHERE kind = 'sku_bom'`))[0]
        .category_id,
      owner: 'Old kitchen',
      hashtag_list: ['old'],
      consume_sku_list: [
        { sku_id: 'SUGAR', quantity_per_uom: '1', uom_name: uoms.KG },
        { sku_id: 'EGG', quantity_per_uom: '1', uom_name: uoms.PCS },
        { sku_id: 'FLOUR', quantity_per_uom: '1', uom_name: uoms.KG },
      ],
    });
    expect(existing.status).toBe(201);
    const outboxBefore = await outboxCount();

    const header = SKU_BOM_HEADER;
    const job = await importFile('sku-boms', [
      header,
      // BOM-DOUGH: three lines; the BOM's columns on the first only (or repeated the same, in another case).
      skuBomRow({
        'BOM ID': 'BOM-DOUGH',
        'BOM name': 'Sweet dough',
        'Output SKU': 'DOUGH',
        Hashtags: 'dough, base',
        'Consumed SKU': 'FLOUR',
        'Quantity per UOM': '1.5',
        'Consumed UOM': 'KG',
      }),
      lineRow(header, {
        'BOM ID': 'BOM-DOUGH',
        'BOM name': 'sweet dough',
        'Consumed SKU': 'EGG',
        'Quantity per UOM': '4',
        'Consumed UOM': 'PCS',
        'Wastage %': '0',
      }),
      // BOM-CAKE (exists, in another case): its BOM row on its own, then its lines; the lines replace its list.
      skuBomRow({
        'BOM ID': 'bom-cake',
        'BOM name': 'Sponge cake',
        'Output SKU': 'CAKE',
        'Output quantity': '10',
        'Output UOM': 'PCS',
        'Owner type': '地点',
        Owner: 'Central Kitchen West',
      }),
      lineRow(header, {
        'BOM ID': 'BOM-CAKE',
        'Consumed SKU': 'DOUGH',
        'Quantity per UOM': '500',
        'Consumed UOM': 'g',
        'Wastage %': '10',
      }),
      lineRow(header, {
        'BOM ID': 'BOM-CAKE',
        'Consumed SKU': 'EGG',
        'Quantity per UOM': '1',
        'Consumed UOM': 'box-6',
      }),
      [],
      // Back to BOM-DOUGH further down: still the same BOM.
      lineRow(header, {
        'BOM ID': 'BOM-DOUGH',
        'Consumed SKU': 'SUGAR',
        'Quantity per UOM': '200',
        'Consumed UOM': 'G',
        'Wastage %': '5',
      }),
      // MILK has two boxes: each is a unit of its own name, in any case.
      skuBomRow({
        'BOM ID': 'BOM-MILKY',
        'BOM name': 'Milky dough',
        'Output SKU': 'DOUGH',
        'Consumed SKU': 'MILK',
        'Quantity per UOM': '1',
        'Consumed UOM': 'box-12',
        'Owner type': null,
        Owner: null,
      }),
    ]);
    expect(job).toMatchObject({
      status: 'succeeded',
      total_rows: 7,
      processed_rows: 7,
      created_count: 2,
      updated_count: 1,
      errors: [],
    });

    const dough = (await agent.get('/api/catalog/sku-boms/BOM-DOUGH')).body.data;
    expect(dough).toMatchObject({
      bom_name: 'Sweet dough',
      output_sku_id: 'DOUGH',
      output_quantity: '2.000',
      output_uom_name: 'KG',
      category_name: 'Pastry',
      owner_type: 'text',
      owner: 'Central kitchen',
      hashtag_list: ['dough', 'base'],
      created_by: adminId,
    });
    // FLOUR's wastage left blank: its default 2%.
    expect(lines(dough)).toEqual([
      ['FLOUR', '1.500', 'KG', '2.00'],
      ['EGG', '4.000', 'PCS', '0.00'],
      ['SUGAR', '200.000', 'G', '5.00'],
    ]);
    const cake = (await agent.get('/api/catalog/sku-boms/BOM-CAKE')).body.data;
    expect(cake).toMatchObject({
      bom_name: 'Sponge cake',
      output_quantity: '10.000',
      owner_type: 'location',
      owner: 'CK-1',
      owner_name: 'Central Kitchen West',
      hashtag_list: [],
      last_updated_by: adminId,
    });
    expect(lines(cake)).toEqual([
      ['DOUGH', '500.000', 'G', '10.00'],
      ['EGG', '1.000', 'BOX-6', '0.00'],
    ]);
    expect(cake.consume_sku_list[1].uom_name).toBe('BOX-6');
    const milky = (await agent.get('/api/catalog/sku-boms/BOM-MILKY')).body.data;
    expect(milky.consume_sku_list[0].uom_name).toBe('BOX-12');
    // One event per BOM, not per row (the import's events share its transaction's time).
    const events: { bom_id: string; lines: number }[] = await catalogDb.query(
      `SELECT envelope->'data'->>'bom_id' AS bom_id, jsonb_array_length(envelope->'data'->'consume_sku_list') AS lines
         FROM catalog.outbox
        WHERE subject = 'catalog.sku-bom.upserted' AND created_at = (SELECT max(created_at) FROM catalog.outbox)
        ORDER BY 1`,
    );
    expect(events).toEqual([
      { bom_id: 'BOM-CAKE', lines: 2 },
      { bom_id: 'BOM-DOUGH', lines: 3 },
      { bom_id: 'BOM-MILKY', lines: 1 },
    ]);
    expect(await outboxCount()).toBe(outboxBefore + 3);
  });

  it('names every bad row by row and column, in the reader’s language, and applies nothing', async () => {
    const bomsBefore = await bomCount();
    const outboxBefore = await outboxCount();
    const header = SKU_BOM_HEADER;
    const job = await importFile('sku-boms', [
      header,
      // Row 2: fine on its own, but nothing may be applied.
      skuBomRow({
        'BOM ID': 'OK-1',
        'BOM name': 'Fine',
        'Output SKU': 'DOUGH',
        'Consumed SKU': 'FLOUR',
        'Quantity per UOM': '1',
        'Consumed UOM': 'KG',
      }),
      // Rows 3-4: the second line names the BOM differently.
      skuBomRow({
        'BOM ID': 'BAD-NAME',
        'BOM name': 'One',
        'Output SKU': 'DOUGH',
        'Consumed SKU': 'FLOUR',
        'Quantity per UOM': '1',
        'Consumed UOM': 'KG',
      }),
      lineRow(header, {
        'BOM ID': 'BAD-NAME',
        'BOM name': 'Two',
        'Consumed SKU': 'SUGAR',
        'Quantity per UOM': '1',
        'Consumed UOM': 'KG',
      }),
      // Rows 5-6: a line quantity that is no number and a SKU twice.
      skuBomRow({
        'BOM ID': 'BAD-LINES',
        'BOM name': 'Lines',
        'Output SKU': 'DOUGH',
        'Consumed SKU': 'FLOUR',
        'Quantity per UOM': 'lots',
        'Consumed UOM': 'KG',
      }),
      lineRow(header, {
        'BOM ID': 'BAD-LINES',
        'Consumed SKU': 'flour',
        'Quantity per UOM': '2',
        'Consumed UOM': 'KG',
        'Wastage %': '100',
      }),
      // Rows 7-8: the second line's UOM is not EGG's (the service's own rule), named on that row.
      skuBomRow({
        'BOM ID': 'BAD-UOM',
        'BOM name': 'Uom',
        'Output SKU': 'DOUGH',
        'Consumed SKU': 'FLOUR',
        'Quantity per UOM': '1',
        'Consumed UOM': 'KG',
      }),
      lineRow(header, { 'BOM ID': 'BAD-UOM', 'Consumed SKU': 'EGG', 'Quantity per UOM': '1', 'Consumed UOM': 'KG' }),
      // Row 9: unknown category, a unit no UOM record names (BOX), a missing output SKU.
      skuBomRow({
        'BOM ID': 'BAD-REFS',
        'BOM name': 'Refs',
        Category: 'Nuts',
        'Consumed SKU': 'MILK',
        'Quantity per UOM': '1',
        'Consumed UOM': 'BOX',
      }),
      // Rows 10-11: an unknown SKU on the second line (the service's rule) and an unknown location owner.
      skuBomRow({
        'BOM ID': 'BAD-SKU',
        'BOM name': 'Sku',
        'Output SKU': 'DOUGH',
        'Consumed SKU': 'FLOUR',
        'Quantity per UOM': '1',
        'Consumed UOM': 'KG',
      }),
      lineRow(header, { 'BOM ID': 'BAD-SKU', 'Consumed SKU': 'NOPE', 'Quantity per UOM': '1', 'Consumed UOM': 'KG' }),
      // Row 12: a BOM consuming its own output.
      skuBomRow({
        'BOM ID': 'BAD-SELF',
        'BOM name': 'Self',
        'Output SKU': 'DOUGH',
        'Consumed SKU': 'DOUGH',
        'Quantity per UOM': '1',
        'Consumed UOM': 'KG',
      }),
      // Row 13: a slash in the code; row 14: a location owner that does not exist.
      skuBomRow({
        'BOM ID': 'BAD/13',
        'BOM name': 'Slash',
        'Output SKU': 'DOUGH',
        'Consumed SKU': 'FLOUR',
        'Quantity per UOM': '1',
        'Consumed UOM': 'KG',
      }),
      skuBomRow({
        'BOM ID': 'BAD-OWNER',
        'BOM name': 'Owner',
        'Output SKU': 'DOUGH',
        'Owner type': 'Location',
        Owner: 'Mars',
        'Consumed SKU': 'FLOUR',
        'Quantity per UOM': '1',
        'Consumed UOM': 'KG',
      }),
    ]);
    expect(job.status).toBe('failed');
    expect(errorsOf(job)).toEqual([
      [4, 'BOM name', 'This differs from row 3, the first row of the same code: leave it blank or write the same'],
      [5, 'Quantity per UOM', 'Please enter valid number'],
      [6, 'Consumed SKU', 'This value is already in the list'],
      [6, 'Wastage %', 'Value cannot be more than 99.99'],
      [8, 'Consumed UOM', "Choose one of this SKU's UOMs"],
      [9, 'Output SKU', 'This field is required'],
      [9, 'Category', '"Nuts" was not found (or is archived)'],
      [9, 'Consumed UOM', '"BOX" was not found (or is archived)'],
      [11, 'Consumed SKU', 'The chosen record does not exist or is archived'],
      [12, 'Consumed SKU', 'A BOM cannot consume the SKU it produces'],
      [13, 'BOM ID', 'Value cannot have slash'],
      [14, 'Owner', '"Mars" was not found (or is archived)'],
    ]);
    expect(await bomCount()).toBe(bomsBefore);
    expect(await outboxCount()).toBe(outboxBefore);
    expect((await agent.get('/api/catalog/sku-boms/OK-1')).status).toBe(404);

    const chinese = await finished(job.job_id, 'zh-CN');
    expect(chinese.errors[0]).toMatchObject({
      row: 4,
      column: 'bom_name',
      column_label: 'BOM 名称',
      message: '与同一编码的第一行（第 3 行）不同：请留空或填写相同内容',
    });
    expect(chinese.errors.find((error) => error.row === 8)).toMatchObject({
      column_label: '消耗单位',
      message: '请选择该 SKU 的计量单位之一',
    });

    const report = await agent
      .get(`/api/catalog/imports/jobs/${job.job_id}/errors.xlsx`)
      .buffer(true)
      .parse(binaryBody);
    expect(report.status).toBe(200);
    const [sheet] = await readWorkbook(report.body as Buffer);
    expect(sheet.rows[3].slice(0, 2)).toEqual([
      'BOM name: This differs from row 3, the first row of the same code: leave it blank or write the same',
      'BAD-NAME',
    ]);
    expect(sheet.rows[7][0]).toBe("Consumed UOM: Choose one of this SKU's UOMs");
  });

  it('refuses a cycle formed inside one file, on the row of the line that closes it, and applies nothing', async () => {
    const bomsBefore = await bomCount();
    const outboxBefore = await outboxCount();
    const header = SKU_BOM_HEADER;
    const job = await importFile('sku-boms', [
      header,
      // SUGAR from FLOUR, then FLOUR from SUGAR: the second closes the loop through the first.
      skuBomRow({
        'BOM ID': 'CY-1',
        'BOM name': 'Sugar',
        'Output SKU': 'SUGAR',
        'Consumed SKU': 'FLOUR',
        'Quantity per UOM': '1',
        'Consumed UOM': 'KG',
      }),
      skuBomRow({
        'BOM ID': 'CY-2',
        'BOM name': 'Flour',
        'Output SKU': 'FLOUR',
        'Consumed SKU': 'EGG',
        'Quantity per UOM': '1',
        'Consumed UOM': 'PCS',
      }),
      lineRow(header, { 'BOM ID': 'CY-2', 'Consumed SKU': 'SUGAR', 'Quantity per UOM': '1', 'Consumed UOM': 'KG' }),
    ]);
    expect(job.status).toBe('failed');
    expect(errorsOf(job)).toEqual([[4, 'Consumed SKU', 'A BOM cannot consume itself: CY-2 → SUGAR → CY-1 → FLOUR']]);
    expect(await bomCount()).toBe(bomsBefore);
    expect(await outboxCount()).toBe(outboxBefore);
  });

  it('imports PLU BOMs, then PLUs on them; a PLU on a custom BOM keeps it when its BOM cell is blank', async () => {
    const bomJob = await importFile('plu-boms', [
      PLU_BOM_HEADER,
      row(PLU_BOM_HEADER, {
        'BOM ID': 'PB-CAKE',
        'BOM name': 'Cake slice',
        'Output quantity': '8',
        'Output UOM': 'PORTION',
        Category: 'Desserts',
        'Consumed SKU': 'CAKE',
        'Quantity per UOM': '1',
        'Consumed UOM': 'PCS',
      }),
      row(PLU_BOM_HEADER, {
        'BOM ID': 'PB-CAKE',
        'Consumed SKU': 'SUGAR',
        'Quantity per UOM': '10',
        'Consumed UOM': 'G',
      }),
      row(PLU_BOM_HEADER, {
        'BOM ID': 'PB-TART',
        'BOM name': 'Tart',
        'Output quantity': '1',
        'Output UOM': 'portion',
        Category: 'desserts',
        'Consumed SKU': 'DOUGH',
        'Quantity per UOM': '100',
        'Consumed UOM': 'G',
      }),
    ]);
    expect(bomJob).toMatchObject({ status: 'succeeded', created_count: 2, updated_count: 0 });
    const pluBom = (await agent.get('/api/catalog/plu-boms/PB-CAKE')).body.data;
    expect(pluBom).toMatchObject({ bom_kind: 'plu_bom', output_sku_id: null, output_uom_name: 'PORTION' });
    expect(lines(pluBom)).toEqual([
      ['CAKE', '1.000', 'PCS', '0.00'],
      ['SUGAR', '10.000', 'G', '0.00'],
    ]);
    // A SKU BOM code is not a PLU BOM's.
    expect((await agent.get('/api/catalog/plu-boms/BOM-DOUGH')).status).toBe(404);

    const pluCategory = (await catalogDb.query(`SELECT category_id FROM catalog.item_category WHERE kind = 'plu'`))[0]
      .category_id as string;
    const custom = await agent.post('/api/catalog/plus').send({
      plu_id: 'PLU-CUSTOM',
      plu_name: 'Custom',
      suggested_price: '3',
      category_id: pluCategory,
      bom_type: 'custom',
      custom_bom: {
        consume_sku_list: [{ sku_id: 'EGG', quantity_per_uom: '2', uom_name: uoms.PCS }],
        output_quantity: '1',
        output_uom_name: uoms.PORTION,
      },
    });
    expect(custom.status).toBe(201);
    const moving = await agent.post('/api/catalog/plus').send({
      plu_id: 'PLU-MOVE',
      plu_name: 'Moving',
      suggested_price: '3',
      category_id: pluCategory,
      bom_type: 'custom',
      custom_bom: {
        consume_sku_list: [{ sku_id: 'EGG', quantity_per_uom: '1', uom_name: uoms.PCS }],
        output_quantity: '1',
        output_uom_name: uoms.PORTION,
      },
    });
    expect(moving.status).toBe(201);

    const job = await importFile('plus', [
      PLU_HEADER,
      row(PLU_HEADER, {
        'PLU ID': 'PLU-SLICE',
        'PLU name': 'Cake slice',
        'Chinese name': '蛋糕',
        'Suggested price': '6.5',
        Barcode: '8888001',
        Category: 'Cakes',
        BOM: 'pb-cake',
      }),
      row(PLU_HEADER, {
        'PLU ID': 'plu-custom',
        'PLU name': 'Custom renamed',
        'Suggested price': '4',
        Category: 'Cakes',
      }),
      row(PLU_HEADER, {
        'PLU ID': 'PLU-MOVE',
        'PLU name': 'Moving',
        'Suggested price': '3',
        Category: 'Cakes',
        BOM: 'PB-TART',
      }),
    ]);
    expect(job).toMatchObject({ status: 'succeeded', created_count: 1, updated_count: 2, errors: [] });
    expect((await agent.get('/api/catalog/plus/PLU-SLICE')).body.data).toMatchObject({
      plu_name: 'Cake slice',
      ch_display_name: '蛋糕',
      suggested_price: '6.50',
      barcode: '8888001',
      category_name: 'Cakes',
      bom_type: 'existing',
      bom_id: 'PB-CAKE',
      created_by: adminId,
    });
    const kept = (await agent.get('/api/catalog/plus/PLU-CUSTOM')).body.data;
    expect(kept).toMatchObject({
      plu_name: 'Custom renamed',
      suggested_price: '4.00',
      bom_type: 'custom',
      bom_id: null,
    });
    expect(lines(kept.bom)).toEqual([['EGG', '2.000', 'PCS', '0.00']]);
    expect((await agent.get('/api/catalog/plus/PLU-MOVE')).body.data).toMatchObject({
      bom_type: 'existing',
      bom_id: 'PB-TART',
    });
    // The PLU BOM now refuses archive: a PLU uses it.
    expect((await agent.post('/api/catalog/plu-boms/PB-CAKE/archive')).status).toBe(409);
  });

  it('names bad PLU rows (unknown or SKU BOM code, no BOM, bad price) and applies nothing', async () => {
    const plusBefore = await pluCount();
    const outboxBefore = await outboxCount();
    const job = await importFile('plus', [
      PLU_HEADER,
      row(PLU_HEADER, {
        'PLU ID': 'P-OK',
        'PLU name': 'Fine',
        'Suggested price': '1',
        Category: 'Cakes',
        BOM: 'PB-CAKE',
      }),
      row(PLU_HEADER, {
        'PLU ID': 'P-2',
        'PLU name': 'Sku bom',
        'Suggested price': '1',
        Category: 'Cakes',
        BOM: 'BOM-DOUGH',
      }),
      row(PLU_HEADER, {
        'PLU ID': 'P-3',
        'PLU name': 'Bad',
        'Suggested price': '-1',
        Category: 'Drinks',
        BOM: 'PB-CAKE',
      }),
      row(PLU_HEADER, { 'PLU ID': 'P-4', 'PLU name': 'No BOM', 'Suggested price': '1', Category: 'Cakes' }),
      row(PLU_HEADER, {
        'PLU ID': 'P-OK',
        'PLU name': 'Again',
        'Suggested price': '1',
        Category: 'Cakes',
        BOM: 'PB-CAKE',
      }),
    ]);
    expect(job.status).toBe('failed');
    expect(errorsOf(job)).toEqual([
      [3, 'BOM', '"BOM-DOUGH" was not found (or is archived)'],
      [4, 'Suggested price', 'Value must be more than or equal to 0'],
      [4, 'Category', '"Drinks" was not found (or is archived)'],
      [5, 'BOM', 'This field is required'],
      [6, 'PLU ID', 'The same code is already on row 2'],
    ]);
    expect(await pluCount()).toBe(plusBefore);
    expect(await outboxCount()).toBe(outboxBefore);
  });

  it('needs SKU_BOM, PLU_BOM or PLU edit for its own import only', async () => {
    const server = app.getHttpServer();
    const body = await xlsx([PLU_HEADER, row(PLU_HEADER, { 'PLU ID': 'X' })]);
    const pluBomEditor = await tokenWithPermissions(runtime, [
      permission('SKU_BOM', true),
      permission('PLU_BOM', true, true),
      permission('PLU', true),
    ]);
    const as = (token: string) => ({
      template: async (entity: string) =>
        (await request(server).get(`/api/catalog/imports/${entity}/template`).set('Authorization', `Bearer ${token}`))
          .status,
      upload: async (entity: string) =>
        (
          await request(server)
            .post(`/api/catalog/imports/${entity}`)
            .set('Authorization', `Bearer ${token}`)
            .attach('file', body, 'x.xlsx')
        ).status,
    });
    const editor = as(pluBomEditor);
    expect(await editor.template('plu-boms')).toBe(200);
    expect(await editor.template('sku-boms')).toBe(403);
    expect(await editor.template('plus')).toBe(403);
    expect(await editor.upload('sku-boms')).toBe(403);
    expect(await editor.upload('plus')).toBe(403);

    const others = as(
      await tokenWithPermissions(runtime, [
        permission('SKU_BOM', true, true),
        permission('PLU_BOM', true),
        permission('PLU', true, true),
      ]),
    );
    expect(await others.template('sku-boms')).toBe(200);
    expect(await others.template('plus')).toBe(200);
    expect(await others.template('plu-boms')).toBe(403);
    expect(await others.upload('plu-boms')).toBe(403);
  });
});
