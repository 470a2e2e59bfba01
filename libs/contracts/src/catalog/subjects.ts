/** Subjects catalog publishes: `<service>.<entity>.<past-tense verb>`. */
export const CatalogSubjects = {
  UomUpserted: 'catalog.uom.upserted',
  UomDeleted: 'catalog.uom.deleted',
} as const;
