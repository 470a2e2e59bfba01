import {
  convertUnits,
  fromPrimary,
  inverseFactor,
  plainFactor,
  pricePerPrimary,
  pricePerUnit,
  sameFactor,
  toPrimary,
} from './units.js';

describe(toPrimary.name, () => {
  it('converts a quantity of a unit to the primary unit exactly: 2 BAG at 25 is 50 KG', () => {
    expect(toPrimary('2', '25')).toBe('50.000');
    expect(toPrimary('0.333', '3')).toBe('0.999');
    expect(toPrimary('1', '0.001')).toBe('0.001');
  });

  it('rounds once, half away from zero, at the quantity scale', () => {
    expect(toPrimary('1', '0.0005')).toBe('0.001');
    expect(toPrimary('1', '0.0004')).toBe('0.000');
    expect(toPrimary('-1', '0.0005')).toBe('-0.001');
    expect(toPrimary('0.1', '0.1')).toBe('0.010');
  });

  it('refuses a factor of 0 or below and a non-number', () => {
    expect(() => toPrimary('1', '0')).toThrow(RangeError);
    expect(() => toPrimary('1', '-2')).toThrow(RangeError);
    expect(() => toPrimary('abc', '2')).toThrow(RangeError);
    expect(() => toPrimary('', '2')).toThrow(RangeError);
  });
});

describe(fromPrimary.name, () => {
  it('converts a primary quantity back to the unit: 60 KG is 2.4 BAG at 25', () => {
    expect(fromPrimary('60', '25')).toBe('2.400');
    expect(fromPrimary('50.000', '25')).toBe('2.000');
  });

  it('rounds a quotient that does not end at the quantity scale half-up', () => {
    expect(fromPrimary('1', '3')).toBe('0.333');
    expect(fromPrimary('2', '3')).toBe('0.667');
  });

  it('goes both ways exactly where the numbers allow: BAG → KG → BAG', () => {
    expect(fromPrimary(toPrimary('3.5', '25'), '25')).toBe('3.500');
  });
});

describe(convertUnits.name, () => {
  it('converts between two units of one SKU through the primary, rounding once', () => {
    // 1 CARTON = 24 PCS, 1 BOX = 6 PCS: 2 CARTON = 8 BOX.
    expect(convertUnits('2', '24', '6')).toBe('8.000');
    expect(convertUnits('1', '1', '3')).toBe('0.333');
  });
});

describe(pricePerPrimary.name, () => {
  it('turns a price per BAG into a price per KG and back at the scale asked for', () => {
    expect(pricePerPrimary('50', '25', 4)).toBe('2.0000');
    expect(pricePerUnit('2', '25', 4)).toBe('50.0000');
    expect(pricePerPrimary('10', '3', 4)).toBe('3.3333');
  });
});

describe(inverseFactor.name, () => {
  it('reads a record backwards only when the inverse is exact at 6 decimals', () => {
    expect(inverseFactor('25')).toBe('0.040000');
    expect(inverseFactor('1000')).toBe('0.001000');
    expect(inverseFactor('3')).toBeNull();
  });
});

describe(sameFactor.name, () => {
  it('compares factors as numbers and prints them without trailing zeros', () => {
    expect(sameFactor('25', '25.000000')).toBe(true);
    expect(sameFactor('24', '12')).toBe(false);
    expect(plainFactor('25.000000')).toBe('25');
    expect(plainFactor('0.040000')).toBe('0.04');
  });
});
