export const IdentitySubjects = {
  UserInvited: 'identity.user.invited',
  UserActivated: 'identity.user.activated',
  UserDeactivated: 'identity.user.deactivated',
  UserUpdated: 'identity.user.updated',
  RoleUpserted: 'identity.role.upserted',
  RoleDeleted: 'identity.role.deleted',
} as const;
