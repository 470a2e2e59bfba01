import type {
  LocationCategoryInput,
  LocationCategoryListRow,
  LocationCategoryView,
  LocationInput,
  LocationView,
  RegionInput,
  RegionView,
} from '@scm/contracts';
import { masterDataApi } from './master-data';

/** Regions (SPEC.md §2 /location/region; `catalog/regions` API). */
export const regionsApi = masterDataApi<RegionView, RegionView, RegionInput>(
  'regions',
  '/api/catalog/regions',
  (region) => region.region_id,
);

/** Location categories with sub-categories (SPEC.md §2 /location/category; `catalog/location-categories` API). */
export const locationCategoriesApi = masterDataApi<
  LocationCategoryView,
  LocationCategoryListRow,
  LocationCategoryInput
>('location-categories', '/api/catalog/location-categories', (category) => category.category_id);

/** Locations (SPEC.md §2 /location/list; `catalog/locations` API); the id is the location code. */
export const locationsApi = masterDataApi<LocationView, LocationView, LocationInput>(
  'locations',
  '/api/catalog/locations',
  (location) => location.location_id,
);
