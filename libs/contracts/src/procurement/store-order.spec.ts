import { availableActions } from '../documents/kit.js';
import type { PermissionEntry } from '../access/permission-rule.js';
import { STORE_ORDER_MACHINE, storeOrderInputSchema, suggestedQuantity } from './store-order.js';

const grant = (edit: boolean): PermissionEntry[] => [{ permission: { key: 'OR' }, view: true, edit, approval: false }];

describe('STORE_ORDER_MACHINE', () => {
  const sut = STORE_ORDER_MACHINE;

  it('is submitted (split) or cancelled from DRAFT, by edit on OR; nothing after', () => {
    expect(availableActions(sut, 'DRAFT', grant(true))).toEqual(['submit', 'cancel']);
    expect(availableActions(sut, 'DRAFT', grant(false))).toEqual([]);
    for (const status of sut.final) expect(availableActions(sut, status, grant(true))).toEqual([]);
  });
});

describe(suggestedQuantity.name, () => {
  const sut = suggestedQuantity;
  const base = { par_level: '20', on_hand: '8', avg_weekly_usage: '1.5', days_until_delivery: 7, factor: '10' };

  it('is par − on hand + weekly usage × days / 7, rounded up to whole order units', () => {
    // 20 − 8 + 1.5 = 13.5 KG: 2 cartons of 10, or 14 KG.
    expect(sut(base)).toBe('2');
    expect(sut({ ...base, factor: '1' })).toBe('14');
    // Three days: 20 − 8 + 1.5 × 3 / 7 = 12.642… KG → 13 KG.
    expect(sut({ ...base, factor: '1', days_until_delivery: 3 })).toBe('13');
  });

  it('suggests nothing to order when enough is on hand, and nothing at all without a par level', () => {
    expect(sut({ ...base, on_hand: '40' })).toBe('0');
    expect(sut({ ...base, on_hand: '21.5' })).toBe('0');
    expect(sut({ ...base, par_level: null })).toBeNull();
  });

  it('counts exactly (no float drift): 0.3 short in units of 0.3 is one unit, not two', () => {
    expect(sut({ par_level: '0.3', on_hand: '0', avg_weekly_usage: '0', days_until_delivery: 0, factor: '0.3' })).toBe(
      '1',
    );
  });
});

describe('storeOrderInputSchema', () => {
  it('refuses a quantity of 0 and unknown fields, and defaults a line to its supplier', () => {
    const order = {
      location_id: 'OUT',
      delivery_time: '2026-12-01T09:00:00+08:00',
      order_type: 'Business Order',
      lines: [{ sku_id: 'FLOUR', uom_name: 'KG', quantity: '2' }],
    };
    const parsed = storeOrderInputSchema.parse(order);
    expect(parsed.lines[0]).toMatchObject({ source: 'supplier', supplier_id: null, quantity: '2.000' });
    expect(storeOrderInputSchema.safeParse({ ...order, lines: [{ ...order.lines[0], quantity: 0 }] }).success).toBe(
      false,
    );
    expect(storeOrderInputSchema.safeParse({ ...order, extra: 1 }).success).toBe(false);
  });
});
