import type { UserSnapshot } from '@scm/contracts';
import type { UserEntity } from './user.entity.js';

/** The user as other services may know it: never credentials. */
export function userSnapshot(user: UserEntity): UserSnapshot {
  return {
    user_id: user.user_id,
    employee_code: user.employee_code,
    employee_name: user.employee_name,
    email: user.email,
    username: user.username,
    role_id: user.role_id,
    status: user.status,
    location_list: user.location_list,
    revision: user.revision,
  };
}
