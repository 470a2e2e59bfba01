/** Route of the user pages (route-tree.ts); the form is `${USER_PATH}/{type}?id=`. */
export const USER_PATH = '/user/list';
