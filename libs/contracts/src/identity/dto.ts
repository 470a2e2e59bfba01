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
