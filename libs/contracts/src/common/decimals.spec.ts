import {
  MONEY_SCALE,
  PERCENT_SCALE,
  QUANTITY_SCALE,
  UNIT_COST_SCALE,
  marginOf,
  roundMoney,
  roundPercent,
  roundQuantity,
  roundTo,
  roundUnitCost,
  sumAt,
} from '../index.js';

describe('one rounding rule', () => {
  it('states one scale per kind: money 2, unit cost 4, quantity 3, percentage 2', () => {
    expect([MONEY_SCALE, UNIT_COST_SCALE, QUANTITY_SCALE, PERCENT_SCALE]).toEqual([2, 4, 3, 2]);
  });

  it('shows money at 2 decimals: the margin "5.1753" of the list is the "5.18" of the view', () => {
    expect(roundMoney('5.1753')).toBe('5.18');
    expect(roundMoney('58')).toBe('58.00');
    expect(roundMoney('58.0000')).toBe('58.00');
  });

  it('rounds half away from zero, as PostgreSQL casts a numeric to its scale', () => {
    expect(roundMoney('0.005')).toBe('0.01');
    expect(roundMoney('0.015')).toBe('0.02');
    expect(roundMoney('-0.005')).toBe('-0.01');
    expect(roundUnitCost('1.72475')).toBe('1.7248');
    expect(roundUnitCost('-1.72475')).toBe('-1.7248');
    expect(roundQuantity('0.0125')).toBe('0.013');
    expect(roundPercent('12.345')).toBe('12.35');
  });

  it('is exact where a JS float is not: 1.005 is 1.01, 0.1 + 0.2 is 0.30', () => {
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(roundMoney('1.005')).toBe('1.01');
    expect(sumAt(['0.1', '0.2'], MONEY_SCALE)).toBe('0.30');
  });

  it('never answers a negative zero', () => {
    expect(roundMoney('-0.001')).toBe('0.00');
    expect(roundTo('-0.00004', 4)).toBe('0.0000');
  });

  it('refuses what is not a finite number', () => {
    expect(() => roundMoney('')).toThrow(RangeError);
    expect(() => roundMoney('abc')).toThrow();
    expect(() => roundMoney(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('adds rounded figures exactly: a BOM total is the sum of the costs of its rows as shown', () => {
    expect(sumAt(['0.7200', '1.1000', '0.0048'], UNIT_COST_SCALE)).toBe('1.8248');
  });
});

describe(marginOf.name, () => {
  it('answers the margin in money and the margin % from the same cost', () => {
    expect(marginOf('4.50', '0.9100')).toEqual({ margin: '3.59', margin_percentage: '79.78' });
    expect(marginOf('6.90', '1.7247')).toEqual({ margin: '5.18', margin_percentage: '75.00' });
  });

  it('answers no margin % on a price of 0, and a negative margin below cost', () => {
    expect(marginOf('0', '0.3650')).toEqual({ margin: '-0.37', margin_percentage: null });
  });
});
