/** A POST to the product's API answering the record made (201), in either mode. */
export type Send = (path: string, body: unknown) => Promise<Record<string, string>>;

/** How many PLUs the suites sell, and the POS shifts of the day. */
export const PLU_COUNT = 50;
const SHIFTS = ['S1', 'S2', 'S3'];

export const pluId = (tag: string, index: number) => `${tag}-PLU-${String(index).padStart(2, '0')}`;

/** SAUCE per PLU sold, in tenths of a KG: PLU-01 0.2, PLU-02 0.3, PLU-03 0.4, PLU-04 0.5, PLU-05 0.1 ... */
const sauceTenths = (index: number) => (index % 5) + 1;

/** A day of POS lines: every PLU in every shift, an even quantity (so every SKU total is exact at 3 decimals). */
export function salesCase(tag: string): { shift_code: string; stock_code: string; quantity: string; amount: string }[] {
  const lines: { shift_code: string; stock_code: string; quantity: string; amount: string }[] = [];
  for (let index = 1; index <= PLU_COUNT; index++) {
    SHIFTS.forEach((shift, s) => {
      const quantity = 2 * (((index * (s + 1)) % 3) + 1);
      lines.push({
        shift_code: shift,
        stock_code: pluId(tag, index),
        quantity: String(quantity),
        amount: (quantity * 4.5).toFixed(2),
      });
    });
  }
  return lines;
}

/**
 * What SALES_CASE consumes, by hand: a PLU makes 1 of its BOM's output from SAUCE (its tenths) and EGG 0.05 KG.
 * SAUCE (1 KG from BASE 0.5 KG and OIL 0.2 KG + 25 % wastage) is not inventorised; neither is BASE (2 KG from
 * FLOUR 1 KG + 10 % wastage and SUGAR 0.5 KG). Per KG of SAUCE: FLOUR 0.275, SUGAR 0.125, OIL 0.25.
 */
export function salesCaseExpectation(tag: string, skus: { flour: string; sugar: string; oil: string; egg: string }) {
  let sauceTenthsTotal = 0;
  let sold = 0;
  for (const line of salesCase(tag)) {
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
  send: Send,
  given: { flour: string; sugar: string; categoryId: string },
  tag: string,
): Promise<{ flour: string; sugar: string; oil: string; egg: string }> {
  const { flour, sugar } = given;
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
    await send('/api/catalog/skus', kgSku(id, name, given.categoryId, stocked));
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

/** A SKU kept in KG, as catalog's API takes it. */
export function kgSku(skuId: string, name: string, categoryId: string, stocked = true): Record<string, unknown> {
  return {
    sku_id: skuId,
    name,
    display_name: name,
    category_id: categoryId,
    primary_uom_name: 'KG',
    purchasing_uom_name: 'KG',
    receiving_uom_name: 'KG',
    counting_uom_name: 'KG',
    uom_list: [{ uom_name: 'KG', factor: '1' }],
    supplier_list: [],
    default_supplier_id: null,
    threshold: '0',
    is_inventorise: stocked,
    default_wastage_percentage: '0',
  };
}
