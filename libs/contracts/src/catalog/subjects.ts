/** Subjects catalog publishes: `<service>.<entity>.<past-tense verb>`. */
export const CatalogSubjects = {
  UomUpserted: 'catalog.uom.upserted',
  UomDeleted: 'catalog.uom.deleted',
  RegionUpserted: 'catalog.region.upserted',
  RegionDeleted: 'catalog.region.deleted',
  LocationCategoryUpserted: 'catalog.location-category.upserted',
  LocationCategoryDeleted: 'catalog.location-category.deleted',
  LocationUpserted: 'catalog.location.upserted',
  LocationDeleted: 'catalog.location.deleted',
  SettingsUpdated: 'catalog.settings.updated',
  ExchangeRateUpserted: 'catalog.exchange-rate.upserted',
  ExchangeRateDeleted: 'catalog.exchange-rate.deleted',
  SupplierCategoryUpserted: 'catalog.supplier-category.upserted',
  SupplierCategoryDeleted: 'catalog.supplier-category.deleted',
  SupplierUpserted: 'catalog.supplier.upserted',
  SupplierDeleted: 'catalog.supplier.deleted',
} as const;
