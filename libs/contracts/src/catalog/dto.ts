import { z } from 'zod';
import type { MasterStatus } from '../common/list-query.js';
import { V, decimalString, digitString, optionalEmail, optionalText, requiredText } from '../common/schema.js';

/**
 * A unit of measure (SPEC.md §3): `uom_name` is the primary unit, `secondary_uom` a larger or smaller unit
 * and `uom_per_primary` how many primary units one secondary unit holds (e.g. CARTON = 24 x PCS).
 */
export const uomInputSchema = z
  .object({
    uom_name: requiredText(50, { noSlash: true }),
    secondary_uom: requiredText(50, { noSlash: true }),
    uom_per_primary: decimalString({ scale: 3, positive: true, max: '999999999' }),
  })
  .strict();

export type UomInput = z.input<typeof uomInputSchema>;
/** A UOM input after validation: trimmed names, the factor as a decimal string. */
export type ValidUomInput = z.output<typeof uomInputSchema>;

export interface UomView {
  uom_id: string;
  uom_name: string;
  secondary_uom: string;
  uom_per_primary: string;
  status: 'new' | 'active' | 'archived';
  in_use: boolean;
  created_time: string;
  last_updated_time: string;
  created_by: string | null;
  last_updated_by: string | null;
}

/** Record fields every master-data view carries. */
interface MasterRecordView {
  status: MasterStatus;
  in_use: boolean;
  created_time: string;
  last_updated_time: string;
  created_by: string | null;
  last_updated_by: string | null;
}

/** A region locations belong to (SPEC.md §2 /location/region). */
export const regionInputSchema = z
  .object({
    region_name: requiredText(100, { noSlash: true }),
    remark: optionalText(500),
  })
  .strict();

export type RegionInput = z.input<typeof regionInputSchema>;
export type ValidRegionInput = z.output<typeof regionInputSchema>;

export interface RegionView extends MasterRecordView {
  region_id: string;
  region_name: string;
  remark: string;
}

/** Most sub-categories one location category holds. */
export const MAX_SUB_CATEGORIES = 100;

/**
 * A location category with its sub-categories (SPEC.md §2 /location/category). A sub-category keeps its id
 * while renamed; an existing one left out of the list is removed (refused while a location uses it).
 */
export const locationCategoryInputSchema = z
  .object({
    category_name: requiredText(100, { noSlash: true }),
    sub_categories: z
      .array(
        z
          .object({
            sub_category_id: z.uuid({ error: V.invalid }).optional(),
            sub_category_name: requiredText(100, { noSlash: true }),
          })
          .strict(),
        { error: V.invalid },
      )
      .max(MAX_SUB_CATEGORIES, { error: V.max })
      .superRefine((rows, ctx) => {
        const seen = new Set<string>();
        rows.forEach((row, index) => {
          const name = row.sub_category_name.toLowerCase();
          if (seen.has(name)) {
            ctx.addIssue({ code: 'custom', message: V.duplicate, path: [index, 'sub_category_name'] });
          }
          seen.add(name);
        });
      })
      .optional()
      .transform((rows) => rows ?? []),
  })
  .strict();

export type LocationCategoryInput = z.input<typeof locationCategoryInputSchema>;
export type ValidLocationCategoryInput = z.output<typeof locationCategoryInputSchema>;

export interface LocationSubCategoryView {
  sub_category_id: string;
  sub_category_name: string;
  in_use: boolean;
}

export interface LocationCategoryView extends MasterRecordView {
  category_id: string;
  category_name: string;
  sub_categories: LocationSubCategoryView[];
}

/** A row of the location category list: the sub-category names joined with `, ` in their order. */
export type LocationCategoryListRow = Omit<LocationCategoryView, 'sub_categories'> & { sub_category_names: string };

/** SPEC.md §9: the countries a location (or supplier) may be in. */
export const COUNTRIES = ['Singapore', 'Malaysia'] as const;
export type Country = (typeof COUNTRIES)[number];

/** Most contact persons one location lists. */
export const MAX_CONTACT_PERSONS = 20;

export const contactPersonSchema = z
  .object({
    name: requiredText(100),
    mobile_no: digitString(8, V.contactNumber),
    email: optionalEmail(),
  })
  .strict();

export type ContactPerson = z.output<typeof contactPersonSchema>;

/** An optional reference chosen in a select: `''` (nothing chosen) and null both mean none. */
const optionalId = z
  .union([z.literal(''), z.uuid({ error: V.invalid })], { error: V.invalid })
  .nullish()
  .transform((value) => value || null);

/**
 * A location (SPEC.md §3). `location_id` is the user's code: it appears in URLs and in users' location lists,
 * so it has no slash and never changes once created.
 */
export const locationInputSchema = z
  .object({
    location_id: requiredText(50, { noSlash: true }),
    location_name: requiredText(200),
    is_operating: z.boolean({ error: V.required }),
    category_id: z.uuid({ error: V.required }),
    sub_category_id: optionalId,
    region_id: z.uuid({ error: V.required }),
    address: requiredText(500),
    country: z.enum(COUNTRIES, { error: V.required }),
    postal_code: digitString(6, V.postalCode),
    contact_person: z
      .array(contactPersonSchema, { error: V.invalid })
      .max(MAX_CONTACT_PERSONS, { error: V.max })
      .optional()
      .transform((rows) => rows ?? []),
    remark: optionalText(1000),
  })
  .strict();

export type LocationInput = z.input<typeof locationInputSchema>;
export type ValidLocationInput = z.output<typeof locationInputSchema>;

export interface LocationView extends MasterRecordView {
  location_id: string;
  location_name: string;
  is_operating: boolean;
  category_id: string;
  category_name: string;
  sub_category_id: string | null;
  sub_category_name: string | null;
  region_id: string;
  region_name: string;
  address: string;
  country: Country;
  postal_code: string;
  contact_person: ContactPerson[];
  remark: string;
}

/** A supplier category (SPEC.md §2 /supplier/category): a unique name every supplier chooses one of. */
export const supplierCategoryInputSchema = z
  .object({
    category_name: requiredText(100, { noSlash: true }),
  })
  .strict();

export type SupplierCategoryInput = z.input<typeof supplierCategoryInputSchema>;
export type ValidSupplierCategoryInput = z.output<typeof supplierCategoryInputSchema>;

export interface SupplierCategoryView extends MasterRecordView {
  category_id: string;
  category_name: string;
}

/** SPEC.md §9: a supplier's tax type. */
export const SUPPLIER_TAX_TYPES = ['ZERO RATED', 'GST'] as const;
export type SupplierTaxType = (typeof SUPPLIER_TAX_TYPES)[number];

/** SPEC.md §9: the tax (GST) rate options, in percent. */
export const TAX_RATES = [0, 7, 8, 9] as const;
export type TaxRate = (typeof TAX_RATES)[number];
/** Singapore's GST since 1 January 2024 (SPEC.md §9 names 7, the rate of its time); the seeded settings default too. */
export const DEFAULT_TAX_RATE: TaxRate = 9;

/** Whether a supplier's prices include GST or have it added. */
export const GST_PRICE_TYPES = ['inclusive', 'exclusive'] as const;
export type GstPriceType = (typeof GST_PRICE_TYPES)[number];

/** Most hashtags one supplier carries. */
export const MAX_HASHTAGS = 50;

/** A rate from TAX_RATES, given as a number or numeric text (a select's value). */
const taxRate = z
  .union([z.number({ error: V.required }), z.string({ error: V.required })], { error: V.required })
  .transform((value) => (typeof value === 'string' ? value.trim() : value))
  .superRefine((value, ctx) => {
    if (value === '') return void ctx.addIssue({ code: 'custom', message: V.required });
    if (!TAX_RATES.some((rate) => rate === Number(value))) ctx.addIssue({ code: 'custom', message: V.invalid });
  })
  .transform((value) => Number(value) as TaxRate);

/** A whole number of days, 0 or more, given as a number or text. */
const wholeDays = z
  .union([z.number({ error: V.required }), z.string({ error: V.required })], { error: V.required })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .superRefine((value, ctx) => {
    if (value === '') return void ctx.addIssue({ code: 'custom', message: V.required });
    if (!/^-?\d+$/.test(value)) return void ctx.addIssue({ code: 'custom', message: V.number });
    const days = Number(value);
    if (days < 0) return void ctx.addIssue({ code: 'custom', message: V.moreOrEqualZero });
    if (days > 9999) ctx.addIssue({ code: 'custom', message: V.max, params: { max: '9999' } });
  })
  .transform(Number);

/**
 * A supplier (SPEC.md §3). `supplier_id` is the user's code: it appears in URLs and, later, on SKUs and purchase
 * orders, so it has no slash and never changes once created. A ZERO RATED supplier's rates are 0.
 */
export const supplierInputSchema = z
  .object({
    supplier_id: requiredText(50, { noSlash: true }),
    company_name: requiredText(200),
    account_no: optionalText(50),
    credit_term_in_days: wholeDays,
    contact_name: requiredText(100),
    contact_no: digitString(8, V.contactNumber),
    contact_email: optionalEmail(),
    company_uen: optionalText(50),
    company_website: optionalText(200),
    address: requiredText(500),
    postal_code: digitString(6, V.postalCode),
    country: z.enum(COUNTRIES, { error: V.required }),
    remark: optionalText(1000),
    minimum_order_value: decimalString({ scale: 2, nonNegative: true, max: '9999999999' }),
    category_id: z.uuid({ error: V.required }),
    terms_and_conditions: optionalText(5000),
    gst_price_type: z.enum(GST_PRICE_TYPES, { error: V.required }),
    gst_reg_no: optionalText(50),
    gst_rate: taxRate,
    tax_rate: taxRate,
    tax_type: z.enum(SUPPLIER_TAX_TYPES, { error: V.required }),
    tax_reg_no: optionalText(50),
    hashtag_list: z
      .array(requiredText(64), { error: V.invalid })
      .max(MAX_HASHTAGS, { error: V.max })
      .optional()
      .transform((tags) => [...new Set(tags ?? [])]),
  })
  .strict()
  .transform((input) =>
    input.tax_type === 'ZERO RATED' ? { ...input, gst_rate: 0 as TaxRate, tax_rate: 0 as TaxRate } : input,
  );

export type SupplierInput = z.input<typeof supplierInputSchema>;
export type ValidSupplierInput = z.output<typeof supplierInputSchema>;

export interface SupplierView extends MasterRecordView {
  supplier_id: string;
  company_name: string;
  account_no: string;
  credit_term_in_days: number;
  contact_name: string;
  contact_no: string;
  contact_email: string;
  company_uen: string;
  company_website: string;
  address: string;
  postal_code: string;
  country: Country;
  remark: string;
  minimum_order_value: string;
  category_id: string;
  category_name: string;
  terms_and_conditions: string;
  gst_price_type: GstPriceType;
  gst_reg_no: string;
  gst_rate: TaxRate;
  tax_rate: TaxRate;
  tax_type: SupplierTaxType;
  tax_reg_no: string;
  hashtag_list: string[];
}

/** SPEC.md §9: a customer's salutation, gender and preferred contact mode. */
export const SALUTATIONS = ['Ms', 'Mr', 'Mrs', 'Mdm', 'Sir'] as const;
export type Salutation = (typeof SALUTATIONS)[number];
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
export const CONTACT_MODES = ['SMS', 'Call', 'WhatsApp/Telegram', 'Email'] as const;
export type ContactMode = (typeof CONTACT_MODES)[number];
export const ADDRESS_TYPES = ['billing', 'shipping'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** Most addresses and tags one customer carries. */
export const MAX_CUSTOMER_ADDRESSES = 20;
export const MAX_CUSTOMER_TAGS = 50;

/** The message of a customer's address list without exactly one default of a type it has. */
export const CUSTOMER_ADDRESS_DEFAULT_MESSAGE = 'validation.one_default_address';

export const customerAddressSchema = z
  .object({
    address_type: z.enum(ADDRESS_TYPES, { error: V.required }),
    address: requiredText(500),
    country: z.enum(COUNTRIES, { error: V.required }),
    postal_code: digitString(6, V.postalCode),
    is_default: z.boolean({ error: V.required }),
  })
  .strict();

export type CustomerAddress = z.output<typeof customerAddressSchema>;

/** An optional calendar date `YYYY-MM-DD`: blank and null are none. */
const optionalDate = z
  .union([z.literal(''), z.iso.date({ error: V.invalid })], { error: V.invalid })
  .nullish()
  .transform((value) => value || null);

/** An optional 8-digit contact number: blank is `''`. */
const optionalContactNumber = optionalText(8).refine((value) => value === '' || /^\d{8}$/.test(value), {
  error: V.contactNumber,
});

/**
 * A customer (SPEC.md §3, RJ area). `customer_code` is the user's code: it appears in URLs, so it has no slash
 * and never changes once created. Of each address type present, exactly one is the default.
 * transaction_count and total_spending are read-only (sales set them).
 */
export const customerInputSchema = z
  .object({
    customer_code: requiredText(50, { noSlash: true }),
    customer_name: requiredText(200),
    salutation: z.enum(SALUTATIONS, { error: V.required }),
    chinese_name: optionalText(100),
    gender: z.enum(GENDERS, { error: V.required }),
    email: optionalEmail(),
    primary_contact_no: digitString(8, V.contactNumber),
    secondary_contact_no: optionalContactNumber,
    birthday: optionalDate,
    wedding_anniversary: optionalDate,
    mailing_list: z.boolean({ error: V.required }),
    contact_mode: z.enum(CONTACT_MODES, { error: V.required }),
    occupation: optionalText(100),
    company: optionalText(200),
    department: optionalText(100),
    tags: z
      .array(requiredText(64), { error: V.invalid })
      .max(MAX_CUSTOMER_TAGS, { error: V.max })
      .optional()
      .transform((tags) => [...new Set(tags ?? [])]),
    address_list: z
      .array(customerAddressSchema, { error: V.invalid })
      .max(MAX_CUSTOMER_ADDRESSES, { error: V.max })
      .optional()
      .transform((rows) => rows ?? []),
  })
  .strict()
  .superRefine((input, ctx) => {
    for (const type of ADDRESS_TYPES) {
      const rows = input.address_list.filter((row) => row.address_type === type);
      if (rows.length > 0 && rows.filter((row) => row.is_default).length !== 1) {
        ctx.addIssue({ code: 'custom', message: CUSTOMER_ADDRESS_DEFAULT_MESSAGE, path: ['address_list'] });
      }
    }
  });

export type CustomerInput = z.input<typeof customerInputSchema>;
export type ValidCustomerInput = z.output<typeof customerInputSchema>;

export interface CustomerView extends MasterRecordView {
  customer_code: string;
  customer_name: string;
  salutation: Salutation;
  chinese_name: string;
  gender: Gender;
  email: string;
  primary_contact_no: string;
  secondary_contact_no: string;
  birthday: string | null;
  wedding_anniversary: string | null;
  mailing_list: boolean;
  contact_mode: ContactMode;
  occupation: string;
  company: string;
  department: string;
  tags: string[];
  address_list: CustomerAddress[];
  transaction_count: number;
  total_spending: string;
}
