import { z } from 'zod';
import { itemCategoryDeletedSchema, itemCategorySnapshotSchema } from './item-category.js';
import { bomDeletedSchema, bomSnapshotSchema } from './bom.js';
import { pluDeletedSchema, pluSnapshotSchema } from './plu.js';
import { productDeletedSchema, productSnapshotSchema } from './product.js';
import { skuCategoryDeletedSchema, skuCategorySnapshotSchema, skuDeletedSchema, skuSnapshotSchema } from './sku.js';
import { CatalogSubjects } from './subjects.js';

/** The full snapshot a replica needs; `revision` orders snapshots so a late redelivery never wins. */
export const uomSnapshotSchema = z
  .object({
    uom_id: z.uuid(),
    uom_name: z.string(),
    secondary_uom: z.string(),
    uom_per_primary: z.string(),
    status: z.enum(['new', 'active', 'archived']),
    revision: z.number().int().positive(),
    last_updated_time: z.string(),
  })
  .strict();

export const uomDeletedSchema = z.object({ uom_id: z.uuid(), revision: z.number().int().positive() }).strict();

export type UomSnapshot = z.infer<typeof uomSnapshotSchema>;
export type UomDeleted = z.infer<typeof uomDeletedSchema>;

const masterStatus = z.enum(['new', 'active', 'archived']);
const revision = z.number().int().positive();

export const regionSnapshotSchema = z
  .object({
    region_id: z.uuid(),
    region_name: z.string(),
    remark: z.string(),
    status: masterStatus,
    revision,
    last_updated_time: z.string(),
  })
  .strict();

export const regionDeletedSchema = z.object({ region_id: z.uuid(), revision }).strict();

export const locationCategorySnapshotSchema = z
  .object({
    category_id: z.uuid(),
    category_name: z.string(),
    sub_categories: z.array(z.object({ sub_category_id: z.uuid(), sub_category_name: z.string() }).strict()),
    status: masterStatus,
    revision,
    last_updated_time: z.string(),
  })
  .strict();

export const locationCategoryDeletedSchema = z.object({ category_id: z.uuid(), revision }).strict();

/** References are ids: names follow from the region and category snapshots. */
export const locationSnapshotSchema = z
  .object({
    location_id: z.string(),
    location_name: z.string(),
    is_operating: z.boolean(),
    category_id: z.uuid(),
    sub_category_id: z.uuid().nullable(),
    region_id: z.uuid(),
    address: z.string(),
    country: z.string(),
    postal_code: z.string(),
    contact_person: z.array(z.object({ name: z.string(), mobile_no: z.string(), email: z.string() }).strict()),
    remark: z.string(),
    status: masterStatus,
    revision,
    last_updated_time: z.string(),
  })
  .strict();

export const locationDeletedSchema = z.object({ location_id: z.string(), revision }).strict();

export const supplierCategorySnapshotSchema = z
  .object({
    category_id: z.uuid(),
    category_name: z.string(),
    status: masterStatus,
    revision,
    last_updated_time: z.string(),
  })
  .strict();

export const supplierCategoryDeletedSchema = z.object({ category_id: z.uuid(), revision }).strict();

/** The category is an id: its name follows from the supplier category snapshots. */
export const supplierSnapshotSchema = z
  .object({
    supplier_id: z.string(),
    company_name: z.string(),
    account_no: z.string(),
    credit_term_in_days: z.number().int(),
    contact_name: z.string(),
    contact_no: z.string(),
    contact_email: z.string(),
    company_uen: z.string(),
    company_website: z.string(),
    address: z.string(),
    postal_code: z.string(),
    country: z.string(),
    remark: z.string(),
    minimum_order_value: z.string(),
    category_id: z.uuid(),
    terms_and_conditions: z.string(),
    gst_price_type: z.enum(['inclusive', 'exclusive']),
    gst_reg_no: z.string(),
    gst_rate: z.number(),
    tax_rate: z.number(),
    tax_type: z.enum(['ZERO RATED', 'GST']),
    tax_reg_no: z.string(),
    hashtag_list: z.array(z.string()),
    status: masterStatus,
    revision,
    last_updated_time: z.string(),
  })
  .strict();

export const supplierDeletedSchema = z.object({ supplier_id: z.string(), revision }).strict();

export type SupplierCategorySnapshot = z.infer<typeof supplierCategorySnapshotSchema>;
export type SupplierSnapshot = z.infer<typeof supplierSnapshotSchema>;

/** A customer's full snapshot, addresses included; transaction_count and total_spending as catalog holds them. */
export const customerSnapshotSchema = z
  .object({
    customer_code: z.string(),
    customer_name: z.string(),
    salutation: z.string(),
    chinese_name: z.string(),
    gender: z.string(),
    email: z.string(),
    primary_contact_no: z.string(),
    secondary_contact_no: z.string(),
    birthday: z.string().nullable(),
    wedding_anniversary: z.string().nullable(),
    mailing_list: z.boolean(),
    contact_mode: z.string(),
    occupation: z.string(),
    company: z.string(),
    department: z.string(),
    tags: z.array(z.string()),
    address_list: z.array(
      z
        .object({
          address_type: z.enum(['billing', 'shipping']),
          address: z.string(),
          country: z.string(),
          postal_code: z.string(),
          is_default: z.boolean(),
        })
        .strict(),
    ),
    transaction_count: z.number().int(),
    total_spending: z.string(),
    status: masterStatus,
    revision,
    last_updated_time: z.string(),
  })
  .strict();

export const customerDeletedSchema = z.object({ customer_code: z.string(), revision }).strict();

export type CustomerSnapshot = z.infer<typeof customerSnapshotSchema>;

/** Full settings snapshot (GST options, the default, company details) for other services' replicas. */
export const settingsUpdatedSchema = z
  .object({
    gst_rates: z.array(z.object({ gst_rate_id: z.uuid(), rate: z.string() }).strict()),
    default_gst_rate_id: z.uuid(),
    default_gst_rate: z.string(),
    company: z
      .object({
        company_name: z.string(),
        company_uen: z.string(),
        gst_reg_no: z.string(),
        address: z.string(),
        postal_code: z.string(),
        country: z.string(),
        phone: z.string(),
        email: z.string(),
        website: z.string(),
      })
      .strict(),
    revision,
    last_updated_time: z.string(),
  })
  .strict();

export const exchangeRateSnapshotSchema = z
  .object({
    exchange_rate_id: z.uuid(),
    currency: z.string(),
    effective_date: z.string(),
    rate: z.string(),
    revision,
    last_updated_time: z.string(),
  })
  .strict();

export const exchangeRateDeletedSchema = z
  .object({ exchange_rate_id: z.uuid(), currency: z.string(), effective_date: z.string(), revision })
  .strict();

export type SettingsSnapshot = z.infer<typeof settingsUpdatedSchema>;
export type ExchangeRateSnapshot = z.infer<typeof exchangeRateSnapshotSchema>;
export type ExchangeRateDeleted = z.infer<typeof exchangeRateDeletedSchema>;

export type RegionSnapshot = z.infer<typeof regionSnapshotSchema>;
export type LocationCategorySnapshot = z.infer<typeof locationCategorySnapshotSchema>;
export type LocationSnapshot = z.infer<typeof locationSnapshotSchema>;

/** An import job's end, for its uploader's notification: counts only, the row problems stay on the job. */
export const importJobEndedSchema = z
  .object({
    job_id: z.uuid(),
    entity: z.string(),
    file_name: z.string(),
    status: z.enum(['succeeded', 'failed']),
    created_count: z.number().int().nonnegative(),
    updated_count: z.number().int().nonnegative(),
    error_count: z.number().int().nonnegative(),
    requested_by: z.string(),
  })
  .strict();

export type ImportJobEnded = z.infer<typeof importJobEndedSchema>;

export const CATALOG_EVENT_SCHEMAS = {
  [CatalogSubjects.UomUpserted]: uomSnapshotSchema,
  [CatalogSubjects.UomDeleted]: uomDeletedSchema,
  [CatalogSubjects.RegionUpserted]: regionSnapshotSchema,
  [CatalogSubjects.RegionDeleted]: regionDeletedSchema,
  [CatalogSubjects.LocationCategoryUpserted]: locationCategorySnapshotSchema,
  [CatalogSubjects.LocationCategoryDeleted]: locationCategoryDeletedSchema,
  [CatalogSubjects.LocationUpserted]: locationSnapshotSchema,
  [CatalogSubjects.LocationDeleted]: locationDeletedSchema,
  [CatalogSubjects.SettingsUpdated]: settingsUpdatedSchema,
  [CatalogSubjects.ExchangeRateUpserted]: exchangeRateSnapshotSchema,
  [CatalogSubjects.ExchangeRateDeleted]: exchangeRateDeletedSchema,
  [CatalogSubjects.SupplierCategoryUpserted]: supplierCategorySnapshotSchema,
  [CatalogSubjects.SupplierCategoryDeleted]: supplierCategoryDeletedSchema,
  [CatalogSubjects.SupplierUpserted]: supplierSnapshotSchema,
  [CatalogSubjects.SupplierDeleted]: supplierDeletedSchema,
  [CatalogSubjects.CustomerUpserted]: customerSnapshotSchema,
  [CatalogSubjects.CustomerDeleted]: customerDeletedSchema,
  [CatalogSubjects.SkuCategoryUpserted]: skuCategorySnapshotSchema,
  [CatalogSubjects.SkuCategoryDeleted]: skuCategoryDeletedSchema,
  [CatalogSubjects.SkuUpserted]: skuSnapshotSchema,
  [CatalogSubjects.SkuDeleted]: skuDeletedSchema,
  [CatalogSubjects.ItemCategoryUpserted]: itemCategorySnapshotSchema,
  [CatalogSubjects.ItemCategoryDeleted]: itemCategoryDeletedSchema,
  [CatalogSubjects.SkuBomUpserted]: bomSnapshotSchema,
  [CatalogSubjects.SkuBomDeleted]: bomDeletedSchema,
  [CatalogSubjects.PluBomUpserted]: bomSnapshotSchema,
  [CatalogSubjects.PluBomDeleted]: bomDeletedSchema,
  [CatalogSubjects.PluUpserted]: pluSnapshotSchema,
  [CatalogSubjects.PluDeleted]: pluDeletedSchema,
  [CatalogSubjects.ProductUpserted]: productSnapshotSchema,
  [CatalogSubjects.ProductDeleted]: productDeletedSchema,
  [CatalogSubjects.ImportFinished]: importJobEndedSchema,
  [CatalogSubjects.ImportFailed]: importJobEndedSchema,
} as const;
