/** Route of the UOM pages (route-tree.ts); the form is `${UOM_PATH}/{type}?id=`. */
export const UOM_PATH = '/PLUSKU/uom';
