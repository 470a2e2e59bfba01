import { decimalString, requiredText, toFixedScale } from './schema.js';

describe(decimalString.name, () => {
  const sut = decimalString({ scale: 3, positive: true, max: '1000' });
  const messages = (value: unknown) => (sut.safeParse(value).error?.issues ?? []).map((issue) => issue.message);

  it('accepts numbers and numeric strings and normalises them to the scale', () => {
    expect(sut.parse(12.5)).toBe('12.500');
    expect(sut.parse(' 007 ')).toBe('7.000');
    expect(sut.parse('0.125')).toBe('0.125');
  });

  it.each([
    [undefined, 'validation.required'],
    ['', 'validation.required'],
    ['abc', 'validation.number'],
    ['1e3', 'validation.number'],
    ['1.2345', 'validation.three_decimal'],
    ['0', 'validation.more_than_zero'],
    ['-1', 'validation.more_than_zero'],
    ['1000.001', 'validation.max'],
  ])('refuses %p with %s', (value, message) => {
    expect(messages(value)).toEqual([message]);
  });
});

describe(toFixedScale.name, () => {
  it.each([
    ['24', 3, '24.000'],
    ['-0.5', 2, '-0.50'],
    ['-0', 2, '0.00'],
    ['5', 0, '5'],
  ])('%s at scale %d is %s', (value, scale, expected) => {
    expect(toFixedScale(value, scale)).toBe(expected);
  });
});

describe(requiredText.name, () => {
  const sut = requiredText(5, { noSlash: true });

  it('trims and refuses empty, too long and slashed text with SPEC messages', () => {
    expect(sut.parse('  PCS ')).toBe('PCS');
    expect(sut.safeParse('   ').error?.issues[0]?.message).toBe('validation.required');
    expect(sut.safeParse('TOOLONG').error?.issues[0]?.message).toBe('validation.max_length');
    expect(sut.safeParse('A/B').error?.issues[0]?.message).toBe('validation.no_slash');
  });
});
