/** Routes of the location pages (route-tree.ts); each form is `${PATH}/{type}?id=`. */
export const LOCATION_PATH = '/location/list';
export const LOCATION_CATEGORY_PATH = '/location/category';
export const REGION_PATH = '/location/region';
