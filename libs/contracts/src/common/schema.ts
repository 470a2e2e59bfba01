import { z } from 'zod';

/**
 * Field schemas whose messages are i18n keys of SPEC.md §5 wording (`validation.*` in libs/i18n). The
 * server's validation pipe and the web forms translate the key; `params` travel in the issue's `params`.
 */
export const V = {
  required: 'validation.required',
  number: 'validation.number',
  twoDecimal: 'validation.two_decimal',
  threeDecimal: 'validation.three_decimal',
  max: 'validation.max',
  moreThanZero: 'validation.more_than_zero',
  moreOrEqualZero: 'validation.more_or_equal_zero',
  noSlash: 'validation.no_slash',
  maxLength: 'validation.max_length',
  email: 'validation.email',
  contactNumber: 'validation.contact_number',
  postalCode: 'validation.postal_code',
  invalid: 'validation.invalid',
  /** A NUL character anywhere in the input (refused once, by the platform, for every route). */
  nulCharacter: 'validation.nul_character',
  duplicate: 'validation.duplicate',
  unknownField: 'validation.unknown_field',
} as const;

/** Trimmed, non-empty text of at most `max` characters; optionally refusing `/` (ids that appear in URLs). */
export function requiredText(max: number, options: { noSlash?: boolean } = {}) {
  return z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(max, { error: V.maxLength })
    .refine((value) => !(options.noSlash ?? false) || !value.includes('/'), { error: V.noSlash });
}

/** Optional text of at most `max` characters, trimmed; absent or blank is `''`. */
export function optionalText(max: number) {
  return z
    .string({ error: V.invalid })
    .trim()
    .max(max, { error: V.maxLength })
    .optional()
    .transform((value) => value ?? '');
}

/**
 * Exactly `length` digits (SPEC.md §9: postal code 6, contact number 8), given as text or a number; blank is
 * required, anything else is `message` (`V.postalCode`, `V.contactNumber`).
 */
export function digitString(length: number, message: string) {
  const pattern = new RegExp(`^\\d{${length}}$`);
  return z
    .union([z.string({ error: V.required }), z.number({ error: V.required })], { error: V.required })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .superRefine((value, ctx) => {
      if (value === '') return void ctx.addIssue({ code: 'custom', message: V.required });
      if (!pattern.test(value)) ctx.addIssue({ code: 'custom', message });
    });
}

/** An optional email address: blank is `''`, anything else must be a valid address. */
export function optionalEmail() {
  return optionalText(254).refine((value) => value === '' || z.email().safeParse(value).success, {
    error: V.email,
  });
}

/**
 * A decimal carried as a string (never a JS float): accepts a number or a numeric string, normalises to a
 * string, and checks the scale, sign and maximum with SPEC.md §5's messages.
 */
export function decimalString(options: {
  scale: 2 | 3 | 4 | 6;
  positive?: boolean;
  nonNegative?: boolean;
  max?: string;
}) {
  const scaleMessage = options.scale === 2 ? V.twoDecimal : options.scale === 3 ? V.threeDecimal : V.number;
  return z
    .union([z.string({ error: V.required }), z.number({ error: V.required })], { error: V.required })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .superRefine((value, ctx) => {
      if (value === '') return void ctx.addIssue({ code: 'custom', message: V.required });
      if (!/^-?\d+(\.\d+)?$/.test(value)) return void ctx.addIssue({ code: 'custom', message: V.number });
      const decimals = value.split('.')[1]?.length ?? 0;
      if (decimals > options.scale) return void ctx.addIssue({ code: 'custom', message: scaleMessage });
      const n = Number(value);
      if (options.positive && !(n > 0)) return void ctx.addIssue({ code: 'custom', message: V.moreThanZero });
      if (options.nonNegative && n < 0) return void ctx.addIssue({ code: 'custom', message: V.moreOrEqualZero });
      if (options.max !== undefined && n > Number(options.max)) {
        ctx.addIssue({ code: 'custom', message: V.max, params: { max: options.max } });
      }
    })
    .transform((value) => toFixedScale(value, options.scale));
}

/** `12.5` at scale 3 is `12.500`: the form PostgreSQL's numeric(18,3) gives back, so every answer agrees. */
export function toFixedScale(value: string, scale: number): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const digits = whole.replace(/^0+(?=\d)/, '');
  const fixed = scale > 0 ? `${digits}.${fraction.padEnd(scale, '0')}` : digits;
  return negative && /[1-9]/.test(fixed) ? `-${fixed}` : fixed;
}
