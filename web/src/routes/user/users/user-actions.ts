import type { UserView } from '@scm/contracts';

/**
 * Which account actions apply to a user (SPEC.md §4 statuses, §6): activate an Inactive user, deactivate or
 * send a reset link to an Active one, resend the invitation to an Invited one. Nobody deactivates or deletes
 * their own account (the server refuses it too).
 */
export const userActionRules = {
  activate: (user: UserView) => user.status === 'Inactive',
  deactivate: (user: UserView, selfId: string | undefined) => user.status === 'Active' && user.user_id !== selfId,
  resendInvitation: (user: UserView) => user.status === 'Invited',
  sendPasswordReset: (user: UserView) => user.status === 'Active',
  delete: (user: UserView, selfId: string | undefined) => user.user_id !== selfId,
};

/** `*` in a user's location list means every location, now and later. */
export const ALL_LOCATIONS = '*';

export function hasAllLocations(list: readonly string[]): boolean {
  return list.includes(ALL_LOCATIONS);
}
