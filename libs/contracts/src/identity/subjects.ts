export const IdentitySubjects = {
  UserInvited: 'identity.user.invited',
  UserActivated: 'identity.user.activated',
  UserDeactivated: 'identity.user.deactivated',
  UserUpdated: 'identity.user.updated',
  RoleUpserted: 'identity.role.upserted',
  RoleDeleted: 'identity.role.deleted',
  // For the activity log (SYSTEM): who signed in, who failed to, who was refused a permission.
  SignedIn: 'identity.session.signed-in',
  SignInFailed: 'identity.session.sign-in-failed',
  AccessDenied: 'identity.access.denied',
} as const;
