import { productInputSchema, productPricing } from './product.js';

describe(productPricing.name, () => {
  it('derives the USD price from the native price and the rate (units per 1 USD), then adds the tax', () => {
    expect(
      productPricing({ retail_price_native: '1350.00', default_cost: '1000.00', tax: '9.00', rate: '1.350000' }),
    ).toEqual({ retail_price_usd: '1000.00', retail_with_tax_usd: '1090.00', mark_up: '35.00' });
  });

  it('rounds half away from zero to 2 decimals, exactly (no float drift)', () => {
    // 100 / 3 = 33.333.. ; 0.005 rounds up; 1.15 × 1.07 = 1.2305 → 1.23
    expect(
      productPricing({ retail_price_native: '100', default_cost: '0', tax: '0', rate: '3' }).retail_price_usd,
    ).toBe('33.33');
    expect(
      productPricing({ retail_price_native: '0.01', default_cost: '0', tax: '0', rate: '2' }).retail_price_usd,
    ).toBe('0.01');
    expect(
      productPricing({ retail_price_native: '1.15', default_cost: '0', tax: '7', rate: '1' }).retail_with_tax_usd,
    ).toBe('1.23');
  });

  it('has no mark-up without a cost, and a negative one below cost', () => {
    expect(productPricing({ retail_price_native: '10', default_cost: '0.00', tax: '7', rate: '1' }).mark_up).toBeNull();
    expect(productPricing({ retail_price_native: '80', default_cost: '100', tax: '7', rate: '1' }).mark_up).toBe(
      '-20.00',
    );
  });
});

describe('productInputSchema', () => {
  const valid = {
    product_code: 'RJ-001',
    product_name: 'Jade bangle',
    native_currency: 'SGD',
    retail_price_native: '1350',
    stock_type: 'Inventory',
    category_id: '0f3c2b1a-0000-4000-8000-000000000001',
  };

  it('fills defaults: no dimensions, no permit, discount 0, GMS off, tax from settings', () => {
    const parsed = productInputSchema.parse(valid);
    expect(parsed).toMatchObject({
      width: null,
      weight_grams: null,
      discount: '0.00',
      gross_margin_scheme: false,
      declaration_type: null,
      total_tax: null,
      hashtag_list: [],
    });
    expect(parsed.tax).toBeUndefined();
    expect(parsed.default_cost).toBeUndefined();
  });

  it('names each problem with the SPEC message key', () => {
    const result = productInputSchema.safeParse({
      ...valid,
      product_code: 'RJ/1',
      width: '-1',
      height: 'tall',
      weight_grams: '1.2345',
      native_currency: 'JPY',
      discount: '101',
      arrival_date: '2026-03-10',
      shipout_date: '2026-03-01',
      shipping_method: 'Pigeon',
    });
    const issues = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(issues).toMatchObject({
      product_code: 'validation.no_slash',
      width: 'validation.more_or_equal_zero',
      height: 'validation.number',
      weight_grams: 'validation.three_decimal',
      discount: 'validation.max',
      shipping_method: 'validation.invalid',
    });
    expect(issues.native_currency).toBeDefined();
  });

  it('refuses a ship-out date before the arrival date', () => {
    const result = productInputSchema.safeParse({ ...valid, arrival_date: '2026-03-10', shipout_date: '2026-03-01' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['shipout_date'], message: 'validation.shipout_before_arrival' }),
    ]);
  });
});
