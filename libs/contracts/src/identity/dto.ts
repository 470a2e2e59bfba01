import { z } from 'zod';
import { V } from '../common/schema.js';

/** `username` accepts the user's email or username (SPEC.md §2: sign in with email or username). */
export const loginSchema = z
  .object({
    username: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(254),
    password: z.string({ error: V.required }).min(1, { error: V.required }).max(200),
  })
  .strict();

export type LoginInput = z.input<typeof loginSchema>;

/** Password rules (SPEC.md §5, OWASP ASVS L2): at least 10 characters with upper, lower, number and special. */
export const PASSWORD_MIN_LENGTH = 10;

export const passwordSchema = z
  .string({ error: V.required })
  .min(1, { error: V.required })
  .superRefine((value, ctx) => {
    if (value.length < PASSWORD_MIN_LENGTH) ctx.addIssue({ code: 'custom', message: 'validation.password_length', params: { min: PASSWORD_MIN_LENGTH } });
    if (!/[A-Z]/.test(value)) ctx.addIssue({ code: 'custom', message: 'validation.password_upper' });
    if (!/[a-z]/.test(value)) ctx.addIssue({ code: 'custom', message: 'validation.password_lower' });
    if (!/[0-9]/.test(value)) ctx.addIssue({ code: 'custom', message: 'validation.password_number' });
    if (!/[^A-Za-z0-9]/.test(value)) ctx.addIssue({ code: 'custom', message: 'validation.password_special' });
  });

/** Setting a password from a reset or invitation link; `confirm_password` must match. */
export const setPasswordSchema = z
  .object({
    token: z.string({ error: V.required }).min(1, { error: V.required }).max(500),
    password: passwordSchema,
    confirm_password: z.string({ error: V.required }).min(1, { error: V.required }),
  })
  .strict()
  .refine((value) => value.password === value.confirm_password, {
    path: ['confirm_password'],
    message: 'validation.password_mismatch',
  });

export const forgotPasswordSchema = z
  .object({ email: z.email({ error: V.email }).max(254) })
  .strict();
