import type { RoleInput, RoleView } from '@scm/contracts';
import useSWR, { mutate } from 'swr';
import { api } from './client';
import { listSource, resourceKeys, revalidate } from './resource';
import { userKeys } from './users';

/** Roles (SPEC.md §2 /user/role; `identity/roles` API). */
const BASE = '/api/identity/roles';

export const roleKeys = resourceKeys('roles');

export const roleList = listSource<RoleView>(roleKeys, `${BASE}/list`);

const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** One record; a failure is shown by the form (not found, or the server's message), not by the warning dialog. */
export function useRole(id: string | undefined) {
  return useSWR<RoleView, Error>(
    id ? roleKeys.detail(id) : null,
    async () => (await api.get<RoleView>(path(id!), { silent: true })).data,
    {
      shouldRetryOnError: false,
    },
  );
}

/** A changed role also changes the role names users show and the role options of the user form. */
async function changed(role: RoleView): Promise<RoleView> {
  await Promise.all([
    mutate(roleKeys.detail(role.role_id), role, { revalidate: false }),
    revalidate(roleKeys.lists()),
    revalidate(userKeys.all),
  ]);
  return role;
}

const formOptions = (idempotencyKey: string) => ({ idempotencyKey, silent: true, success: true, loading: true });

export async function createRole(input: RoleInput, idempotencyKey: string): Promise<RoleView> {
  return changed((await api.post<RoleView>(BASE, input, formOptions(idempotencyKey))).data);
}

export async function updateRole(id: string, input: RoleInput, idempotencyKey: string): Promise<RoleView> {
  return changed((await api.put<RoleView>(path(id), input, formOptions(idempotencyKey))).data);
}

export async function deleteRole(id: string, idempotencyKey: string): Promise<void> {
  await api.delete(path(id), { idempotencyKey, success: true, loading: true });
  await Promise.all([
    mutate(roleKeys.detail(id), undefined, { revalidate: false }),
    revalidate(roleKeys.lists()),
    revalidate(userKeys.all),
  ]);
}
