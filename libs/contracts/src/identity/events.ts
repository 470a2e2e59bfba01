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

export type UserSnapshot = z.infer<typeof userSnapshotSchema>;
export type RoleSnapshot = z.infer<typeof roleSnapshotSchema>;

export const IDENTITY_EVENT_SCHEMAS = {
  [IdentitySubjects.UserInvited]: userSnapshotSchema,
  [IdentitySubjects.UserActivated]: userSnapshotSchema,
  [IdentitySubjects.UserDeactivated]: userSnapshotSchema,
  [IdentitySubjects.UserUpdated]: userSnapshotSchema,
  [IdentitySubjects.RoleUpserted]: roleSnapshotSchema,
  [IdentitySubjects.RoleDeleted]: roleDeletedSchema,
} as const;
