import { z } from 'zod';
import { PERMISSION_KEYS } from '../access/permission-keys.js';
import type { PermissionEntry } from '../access/permission-rule.js';
import { V, decimalString, requiredText } from '../common/schema.js';

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
    if (value.length < PASSWORD_MIN_LENGTH)
      ctx.addIssue({ code: 'custom', message: 'validation.password_length', params: { min: PASSWORD_MIN_LENGTH } });
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

export const forgotPasswordSchema = z.object({ email: z.email({ error: V.email }).max(254) }).strict();

const email = z
  .string({ error: V.required })
  .trim()
  .toLowerCase()
  .min(1, { error: V.required })
  .max(254)
  .pipe(z.email({ error: V.email }));

/** Inviting or editing a user (SPEC.md §3 User). `location_list` holds location ids, or `*` for all. */
export const userInputSchema = z
  .object({
    employee_code: requiredText(30, { noSlash: true }),
    employee_name: requiredText(100),
    email,
    username: requiredText(50, { noSlash: true })
      .transform((value) => value.toLowerCase())
      .refine((value) => /^[a-z0-9._-]+$/.test(value), { error: 'validation.username' }),
    role_id: z.uuid({ error: V.required }),
    location_list: z.array(z.string().trim().min(1).max(64)).max(500),
    language: z.enum(['en', 'zh-CN']).nullable().optional(),
  })
  .strict();

export type UserInput = z.input<typeof userInputSchema>;
export type ValidUserInput = z.output<typeof userInputSchema>;

const permissionEntryInput = z
  .object({
    permission: z.object({ key: z.enum(PERMISSION_KEYS, { error: V.invalid }) }).strict(),
    view: z.boolean(),
    edit: z.boolean(),
    approval: z.boolean(),
  })
  .strict();

/**
 * A role (SPEC.md §3, §6). Approval implies edit and view, edit implies view: the schema completes the
 * entries so that what is stored always obeys it. `approval_limit` null means No Limit.
 */
export const roleInputSchema = z
  .object({
    role_name: requiredText(50, { noSlash: true }),
    can_see_cost: z.boolean(),
    approval_limit: decimalString({ scale: 2, nonNegative: true, max: '9999999999999999' }).nullable(),
    permission_list: z.array(permissionEntryInput).max(200),
  })
  .strict()
  .transform((role) => ({ ...role, permission_list: normalisePermissions(role.permission_list) }));

export type RoleInput = z.input<typeof roleInputSchema>;
export type ValidRoleInput = z.output<typeof roleInputSchema>;

/** One entry per key (the last wins), implied flags set, entries granting nothing dropped, keys in order. */
export function normalisePermissions(list: readonly PermissionEntry[]): PermissionEntry[] {
  const byKey = new Map<string, PermissionEntry>();
  for (const entry of list) {
    const approval = entry.approval;
    const edit = entry.edit || approval;
    const view = entry.view || edit;
    byKey.set(entry.permission.key, { permission: { key: entry.permission.key }, view, edit, approval });
  }
  return PERMISSION_KEYS.flatMap((key) => {
    const entry = byKey.get(key);
    return entry && entry.view ? [entry] : [];
  });
}

/** SPEC.md §6: enabling approval for Stock Adjustment forces can_see_cost (the form asks first). */
export function requiresCostVisibility(list: readonly PermissionEntry[]): boolean {
  return list.some((entry) => entry.permission.key === 'SA' && entry.approval);
}

export const USER_STATUSES = ['Invited', 'Active', 'Inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A user as the API answers it: never the password hash. */
export interface UserView {
  user_id: string;
  employee_code: string;
  employee_name: string;
  email: string;
  username: string;
  role_id: string;
  role_name: string;
  status: UserStatus;
  location_list: string[];
  language: string | null;
  revision: number;
  last_sign_in_at: string | null;
  created_by: string | null;
  last_updated_by: string | null;
  created_time: string;
  last_updated_time: string;
}

export interface RoleView {
  role_id: string;
  role_name: string;
  permission_list: PermissionEntry[];
  can_see_cost: boolean;
  approval_limit: string | null;
  user_count: number;
  revision: number;
  created_by: string | null;
  last_updated_by: string | null;
  created_time: string;
  last_updated_time: string;
}
