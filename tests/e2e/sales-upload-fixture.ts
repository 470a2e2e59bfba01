import request from 'supertest';
import type { StockFixture } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';

type Server = Parameters<typeof request>[0];
type SkuBody = (skuId: string, name: string, categoryId: string) => Record<string, unknown>;

/** How many PLUs the suites sell, and the POS shifts of the day. */
export const PLU_COUNT = 50;
const SHIFTS = ['S1', 'S2', 'S3'];

export const pluId = (tag: string, index: number) => `${tag}-PLU-${String(index).padStart(2, '0')}`;

/** SAUCE per PLU sold, in tenths of a KG: PLU-01 0.2, PLU-02 0.3, PLU-03 0.4, PLU-04 0.5, PLU-05 0.1 ... */
const sauceTenths = (index: number) => (index % 5) + 1;

/** A day of POS lines: every PLU in every shift, an even quantity (so every SKU total is exact at 3 decimals). */
export const SALES_CASE: { shift_code: string; stock_code: string; quantity: string; amount: string }[] = [];
for (let index = 1; index <= PLU_COUNT; index++) {
  SHIFTS.forEach((shift, s) => {
    const quantity = 2 * (((index * (s + 1)) % 3) + 1);
    SALES_CASE.push({
      shift_code: shift,
      stock_code: pluId('SUP', index),
      quantity: String(quantity),
      amount: (quantity * 4.5).toFixed(2),
    });
  });
}

/**
 * What SALES_CASE consumes, by hand: a PLU makes 1 of its BOM's output from SAUCE (its tenths) and EGG 0.05 KG.
 * SAUCE (1 KG from BASE 0.5 KG and OIL 0.2 KG + 25 % wastage) is not inventorised; neither is BASE (2 KG from
 * FLOUR 1 KG + 10 % wastage and SUGAR 0.5 KG). Per KG of SAUCE: FLOUR 0.275, SUGAR 0.125, OIL 0.25.
 */
export function salesCaseExpectation(skus: { flour: string; sugar: string; oil: string; egg: string }) {
  let sauceTenthsTotal = 0;
  let sold = 0;
  for (const line of SALES_CASE) {
    const index = Number(line.stock_code.slice(-2));
    sauceTenthsTotal += Number(line.quantity) * sauceTenths(index);
    sold += Number(line.quantity);
  }
  // Exact integer arithmetic in thousandths of a KG.
  const thousandths = (value: number) => (value / 1000).toFixed(3);
  return {
    [skus.egg]: thousandths(sold * 50),
    [skus.flour]: thousandths((sauceTenthsTotal * 275) / 10),
    [skus.oil]: thousandths((sauceTenthsTotal * 250) / 10),
    [skus.sugar]: thousandths((sauceTenthsTotal * 125) / 10),
  };
}

/**
 * The recipes through catalog's API: SKUs OIL and EGG (kept in stock), SAUCE and BASE (not: made by SKU BOMs), the
 * two SKU BOMs, and PLUs 01..50 each on its PLU BOM. Answers the inventorised SKUs.
 */
export async function seedSalesRecipes(
  server: Server,
  fx: StockFixture,
  tag: string,
  skuBody: SkuBody,
): Promise<{ flour: string; sugar: string; oil: string; egg: string }> {
  const send = async (path: string, body: unknown) => {
    const response = await request(server)
      .post(path)
      .set('Authorization', fx.admin)
      .send(body as object);
    if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return (response.body as { data: Record<string, string> }).data;
  };
  const { flour, sugar } = fx.skus;
  const oil = `${tag}-OIL`;
  const egg = `${tag}-EGG`;
  const sauce = `${tag}-SAUCE`;
  const base = `${tag}-BASE`;
  for (const [id, name, stocked] of [
    [oil, `Oil ${tag}`, true],
    [egg, `Egg ${tag}`, true],
    [sauce, `Sauce ${tag}`, false],
    [base, `Base ${tag}`, false],
  ] as const) {
    await send('/api/catalog/skus', { ...skuBody(id, name, fx.categoryId), is_inventorise: stocked });
  }
  const skuBoms = await send('/api/catalog/item-categories/sku-bom', { category_name: `Kitchen ${tag}` });
  const pluBoms = await send('/api/catalog/item-categories/plu-bom', { category_name: `Menu ${tag}` });
  const plus = await send('/api/catalog/item-categories/plu', { category_name: `Dishes ${tag}` });
  await send('/api/catalog/sku-boms', {
    bom_id: `${tag}-BASE-BOM`,
    bom_name: `Base ${tag}`,
    output_sku_id: base,
    output_quantity: '2',
    output_uom_name: 'KG',
    category_id: skuBoms.category_id,
    consume_sku_list: [
      { sku_id: flour, quantity_per_uom: '1', uom_name: 'KG', wastage_percentage: '10' },
      { sku_id: sugar, quantity_per_uom: '0.5', uom_name: 'KG', wastage_percentage: '0' },
    ],
  });
  await send('/api/catalog/sku-boms', {
    bom_id: `${tag}-SAUCE-BOM`,
    bom_name: `Sauce ${tag}`,
    output_sku_id: sauce,
    output_quantity: '1',
    output_uom_name: 'KG',
    category_id: skuBoms.category_id,
    consume_sku_list: [
      { sku_id: base, quantity_per_uom: '0.5', uom_name: 'KG', wastage_percentage: '0' },
      { sku_id: oil, quantity_per_uom: '0.2', uom_name: 'KG', wastage_percentage: '25' },
    ],
  });
  for (let index = 1; index <= PLU_COUNT; index++) {
    const id = pluId(tag, index);
    await send('/api/catalog/plu-boms', {
      bom_id: `${id}-BOM`,
      bom_name: `Dish ${index} ${tag}`,
      output_quantity: '1',
      output_uom_name: 'KG',
      category_id: pluBoms.category_id,
      consume_sku_list: [
        {
          sku_id: sauce,
          quantity_per_uom: (sauceTenths(index) / 10).toFixed(1),
          uom_name: 'KG',
          wastage_percentage: '0',
        },
        { sku_id: egg, quantity_per_uom: '0.05', uom_name: 'KG', wastage_percentage: '0' },
      ],
    });
    await send('/api/catalog/plus', {
      plu_id: id,
      plu_name: `Dish ${index} ${tag}`,
      ch_display_name: `菜 ${index}`,
      suggested_price: '4.5',
      category_id: plus.category_id,
      bom_type: 'existing',
      bom_id: `${id}-BOM`,
    });
  }
  return { flour, sugar, oil, egg };
}
