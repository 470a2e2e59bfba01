import { uomInputSchema } from '@scm/contracts';
import { z } from 'zod';
import { AppException } from './app-exception.js';
import { fieldProblemsOf, parseOrThrow } from './validation.js';

describe(fieldProblemsOf.name, () => {
  it('names each field with the SPEC rule and its parameters', () => {
    const result = uomInputSchema.safeParse(
      { uom_name: 'x'.repeat(51), uom_per_primary: 'abc', extra: 1 },
      { reportInput: true },
    );
    expect(fieldProblemsOf(result.error!)).toEqual(
      expect.arrayContaining([
        { field: 'uom_name', rule: 'validation.max_length', params: { max: 50 } },
        { field: 'secondary_uom', rule: 'validation.required' },
        { field: 'uom_per_primary', rule: 'validation.number' },
        { field: 'extra', rule: 'validation.unknown_field' },
      ]),
    );
  });

  it('maps plain zod issues to generic rules', () => {
    const result = z
      .object({ qty: z.number(), tag: z.enum(['A']) })
      .safeParse({ qty: 'x', tag: 'B' }, { reportInput: true });
    expect(fieldProblemsOf(result.error!)).toEqual([
      { field: 'qty', rule: 'validation.number' },
      { field: 'tag', rule: 'validation.invalid' },
    ]);
  });
});

describe(parseOrThrow.name, () => {
  it('throws the validation exception with the field problems', () => {
    expect(() => parseOrThrow(uomInputSchema, {})).toThrow(AppException);
  });
});
