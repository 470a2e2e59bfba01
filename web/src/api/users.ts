import type { UserInput, UserView } from '@scm/contracts';
import useSWR, { mutate } from 'swr';
import { api } from './client';
import { listSource, resourceKeys, revalidate } from './resource';

/** Users (SPEC.md §2 /user/list; `identity/users` API). */
const BASE = '/api/identity/users';

export const userKeys = resourceKeys('users');

export const userList = listSource<UserView>(userKeys, `${BASE}/list`);

const path = (id: string, action = '') => `${BASE}/${encodeURIComponent(id)}${action}`;

/** One record; a failure is shown by the form (not found, or the server's message), not by the warning dialog. */
export function useUser(id: string | undefined) {
  return useSWR<UserView, Error>(
    id ? userKeys.detail(id) : null,
    async () => (await api.get<UserView>(path(id!), { silent: true })).data,
    {
      shouldRetryOnError: false,
    },
  );
}

export interface RoleOption {
  role_id: string;
  role_name: string;
}

/** The roles a user may be given (readable with USER view, without USER_ROLE). */
export function useRoleOptions() {
  return useSWR<RoleOption[], Error>(
    [...userKeys.all, 'role-options'],
    async () => (await api.get<RoleOption[]>(`${BASE}/role-options`)).data,
  );
}

async function changed(user: UserView): Promise<UserView> {
  await Promise.all([mutate(userKeys.detail(user.user_id), user, { revalidate: false }), revalidate(userKeys.lists())]);
  return user;
}

const formOptions = (idempotencyKey: string) => ({ idempotencyKey, silent: true, success: true, loading: true });
const actionOptions = (idempotencyKey: string) => ({ idempotencyKey, success: true, loading: true });

export async function inviteUser(input: UserInput, idempotencyKey: string): Promise<UserView> {
  return changed((await api.post<UserView>(BASE, input, formOptions(idempotencyKey))).data);
}

export async function updateUser(id: string, input: UserInput, idempotencyKey: string): Promise<UserView> {
  return changed((await api.put<UserView>(path(id), input, formOptions(idempotencyKey))).data);
}

export async function activateUser(id: string, idempotencyKey: string): Promise<UserView> {
  return changed((await api.post<UserView>(path(id, '/activate'), undefined, actionOptions(idempotencyKey))).data);
}

export async function deactivateUser(id: string, idempotencyKey: string): Promise<UserView> {
  return changed((await api.post<UserView>(path(id, '/deactivate'), undefined, actionOptions(idempotencyKey))).data);
}

export async function sendPasswordReset(id: string, idempotencyKey: string): Promise<void> {
  await api.post(path(id, '/reset-password'), undefined, actionOptions(idempotencyKey));
}

/** SPEC.md §7 `POST /resend_invitation/{id}`. */
export async function resendInvitation(id: string, idempotencyKey: string): Promise<void> {
  await api.post(`/api/resend_invitation/${encodeURIComponent(id)}`, undefined, actionOptions(idempotencyKey));
}

export async function deleteUser(id: string, idempotencyKey: string): Promise<void> {
  await api.delete(path(id), actionOptions(idempotencyKey));
  await Promise.all([mutate(userKeys.detail(id), undefined, { revalidate: false }), revalidate(userKeys.lists())]);
}
