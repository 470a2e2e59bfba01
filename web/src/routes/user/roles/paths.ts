/** Route of the role pages (route-tree.ts); the form is `${ROLE_PATH}/{type}?id=`. */
export const ROLE_PATH = '/user/role';
