import { z } from 'zod';
import { IdentitySubjects } from './subjects.js';

const permissionEntrySchema = z
  .object({
    permission: z.object({ key: z.string() }).strict(),
    view: z.boolean(),
    edit: z.boolean(),
    approval: z.boolean(),
  })
  .strict();

/** What other services keep of a user (notifications, activity log): never credentials. */
export const userSnapshotSchema = z
  .object({
    user_id: z.uuid(),
    employee_code: z.string(),
    employee_name: z.string(),
    email: z.string(),
    username: z.string(),
    role_id: z.uuid(),
    status: z.enum(['Invited', 'Active', 'Inactive']),
    location_list: z.array(z.string()),
    revision: z.number().int().positive(),
  })
  .strict();

export const roleSnapshotSchema = z
  .object({
    role_id: z.uuid(),
    role_name: z.string(),
    permission_list: z.array(permissionEntrySchema),
    can_see_cost: z.boolean(),
    approval_limit: z.string().nullable(),
    revision: z.number().int().positive(),
  })
  .strict();

export const roleDeletedSchema = z.object({ role_id: z.uuid(), revision: z.number().int().positive() }).strict();

/** A sign-in: the session opened (its own aggregate, one event each). */
export const signedInSchema = z
  .object({ session_id: z.uuid(), user_id: z.uuid(), employee_name: z.string(), ip: z.string().nullable() })
  .strict();

/**
 * A refused sign-in. `login` is what was typed (never the password); `user_id` only when it names a user. The
 * throttle already bounds how many a login or address can cause.
 */
export const signInFailedSchema = z
  .object({
    attempt_id: z.uuid(),
    login: z.string().max(200),
    user_id: z.uuid().nullable(),
    employee_name: z.string().nullable(),
    reason: z.enum(['invalid_credentials', 'inactive']),
    ip: z.string().nullable(),
  })
  .strict();

/**
 * Permission denials of one user on one permission key, aggregated over a window (`count` refusals between
 * `first_time` and `last_time`): a caller hammering a forbidden route makes one event per window, not one per
 * request.
 */
export const accessDeniedSchema = z
  .object({
    report_id: z.uuid(),
    user_id: z.string(),
    employee_name: z.string(),
    permission_key: z.string(),
    check: z.string(),
    count: z.number().int().positive(),
    first_time: z.string(),
    last_time: z.string(),
  })
  .strict();

export type SignedIn = z.infer<typeof signedInSchema>;
export type SignInFailed = z.infer<typeof signInFailedSchema>;
export type AccessDenied = z.infer<typeof accessDeniedSchema>;
export type UserSnapshot = z.infer<typeof userSnapshotSchema>;
export type RoleSnapshot = z.infer<typeof roleSnapshotSchema>;

export const IDENTITY_EVENT_SCHEMAS = {
  [IdentitySubjects.UserInvited]: userSnapshotSchema,
  [IdentitySubjects.UserActivated]: userSnapshotSchema,
  [IdentitySubjects.UserDeactivated]: userSnapshotSchema,
  [IdentitySubjects.UserUpdated]: userSnapshotSchema,
  [IdentitySubjects.RoleUpserted]: roleSnapshotSchema,
  [IdentitySubjects.RoleDeleted]: roleDeletedSchema,
  [IdentitySubjects.SignedIn]: signedInSchema,
  [IdentitySubjects.SignInFailed]: signInFailedSchema,
  [IdentitySubjects.AccessDenied]: accessDeniedSchema,
} as const;
