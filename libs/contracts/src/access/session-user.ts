import type { PermissionEntry } from './permission-rule.js';

/** The signed-in user as `/api/token` returns it and the browser keeps it (SPEC.md §3 Session user). */
export interface SessionUser {
  user_id: string;
  employee_name: string;
  email: string;
  username: string;
  role: {
    role_id: string;
    role_name: string;
    permission_list: PermissionEntry[];
    can_see_cost: boolean;
    /** null means No Limit. */
    approval_limit: string | null;
  };
  /** Location ids the user may act on; `['*']` means every location. */
  locations: string[];
  language: string | null;
}

/** The claims of the signed access token every service verifies locally. */
export interface AccessTokenClaims {
  /** user id */
  sub: string;
  /** session id, revocable */
  sid: string;
  name: string;
  role: string;
  perms: PermissionEntry[];
  cost: boolean;
  limit: string | null;
  locs: string[];
  lang: string | null;
}
