import { nulFieldOf } from './input-guard.js';

describe(nulFieldOf.name, () => {
  it('names the field holding a NUL character, at any depth', () => {
    expect(nulFieldOf({ name: 'ok', lines: [{ note: 'fine' }, { note: 'b\u0000ad' }] })).toBe('lines.1.note');
    expect(nulFieldOf({ id: '\u0000' })).toBe('id');
    expect(nulFieldOf('raw\u0000text')).toBe('body');
  });

  it('names a key that holds a NUL character, without the character', () => {
    expect(nulFieldOf({ other_params: { ['sta\u0000tus']: 'x' } })).toBe('other_params.status');
  });

  it('finds nothing in clean input, numbers, null or nothing at all', () => {
    expect(nulFieldOf({ a: 'text', b: 1, c: null, d: [true, { e: 'ü' }] })).toBeUndefined();
    expect(nulFieldOf(undefined)).toBeUndefined();
  });
});
