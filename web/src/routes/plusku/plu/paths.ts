/** Routes of the PLU pages (route-tree.ts); each form is `${PATH}/{type}?id=`. */
export const PLU_PATH = '/PLUSKU/plu/list';
