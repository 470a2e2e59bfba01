import { z } from 'zod';
import { V, decimalString, digitString, optionalEmail, optionalText, requiredText } from '../common/schema.js';
import { COUNTRIES } from './dto.js';
import type { Country } from './dto.js';

/** SPEC.md §9: USD is the reference currency (rate 1); every other rate is "how many per 1 USD". */
export const REFERENCE_CURRENCY = 'USD';
/** SPEC.md §9: the supported currencies, the reference first. */
export const CURRENCIES = ['USD', 'SGD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Currencies that carry dated exchange rates (all but the reference). */
export const RATED_CURRENCIES = ['SGD', 'EUR', 'GBP'] as const;
export type RatedCurrency = (typeof RATED_CURRENCIES)[number];
/** SPEC.md §9: currency amounts are shown en-US with 2 decimals. */
export const CURRENCY_FORMAT = { locale: 'en-US', decimals: 2 } as const;

/** SPEC.md §9: the GST rate options seeded, and the default among them. */
export const SEEDED_GST_RATES = ['0.00', '7.00', '8.00', '9.00'] as const;
export const SEEDED_DEFAULT_GST_RATE = '7.00';

/** A GST rate option in percent: 0 to 100, at most 2 decimals, unique among the options. */
export const gstRateInputSchema = z
  .object({ rate: decimalString({ scale: 2, nonNegative: true, max: '100' }) })
  .strict();
export type GstRateInput = z.input<typeof gstRateInputSchema>;
export type ValidGstRateInput = z.output<typeof gstRateInputSchema>;

/** Which GST rate option is the default. */
export const defaultGstRateInputSchema = z.object({ gst_rate_id: z.uuid({ error: V.required }) }).strict();
export type DefaultGstRateInput = z.input<typeof defaultGstRateInputSchema>;
export type ValidDefaultGstRateInput = z.output<typeof defaultGstRateInputSchema>;

const isoDate = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}$/.test(value) &&
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    { error: V.invalid },
  );

/** A dated exchange rate: how many units of `currency` one USD buys from `effective_date` on. */
export const exchangeRateInputSchema = z
  .object({
    currency: z.enum(RATED_CURRENCIES, { error: V.required }),
    effective_date: isoDate,
    rate: decimalString({ scale: 6, positive: true, max: '999999999' }),
  })
  .strict();
export type ExchangeRateInput = z.input<typeof exchangeRateInputSchema>;
export type ValidExchangeRateInput = z.output<typeof exchangeRateInputSchema>;

/** The query of "the rate of a currency on a date": the latest effective_date on or before it. */
export const exchangeRateLookupSchema = z
  .object({ currency: z.enum(CURRENCIES, { error: V.required }), date: isoDate })
  .strict();
export type ExchangeRateLookup = z.output<typeof exchangeRateLookupSchema>;

/** The company details printed on documents. */
export const companyDetailsInputSchema = z
  .object({
    company_name: requiredText(200),
    company_uen: requiredText(50),
    gst_reg_no: optionalText(50),
    address: requiredText(500),
    postal_code: digitString(6, V.postalCode),
    country: z.enum(COUNTRIES, { error: V.required }),
    phone: digitString(8, V.contactNumber),
    email: optionalEmail(),
    website: optionalText(200),
  })
  .strict();
export type CompanyDetailsInput = z.input<typeof companyDetailsInputSchema>;
export type ValidCompanyDetailsInput = z.output<typeof companyDetailsInputSchema>;

export interface CompanyDetails {
  company_name: string;
  company_uen: string;
  gst_reg_no: string;
  address: string;
  postal_code: string;
  country: Country | '';
  phone: string;
  email: string;
  website: string;
}

export interface GstRateView {
  gst_rate_id: string;
  rate: string;
  is_default: boolean;
}

/** GET /catalog/settings: the GST options with the default, and the company details. */
export interface SettingsView {
  gst_rates: GstRateView[];
  default_gst_rate_id: string;
  default_gst_rate: string;
  company: CompanyDetails;
  revision: number;
  last_updated_time: string;
  last_updated_by: string | null;
}

export interface ExchangeRateView {
  exchange_rate_id: string;
  currency: RatedCurrency;
  effective_date: string;
  rate: string;
  created_time: string;
  last_updated_time: string;
  created_by: string | null;
  last_updated_by: string | null;
}

/** A currency with its rate in effect today (null before its first rate) and its dated rates, newest first. */
export interface CurrencyView {
  currency: Currency;
  is_reference: boolean;
  current_rate: string | null;
  current_effective_date: string | null;
  history: ExchangeRateView[];
}

/** The rate of a currency on a date; the reference currency is always 1 (effective_date null). */
export interface ExchangeRateOnDate {
  currency: Currency;
  date: string;
  rate: string;
  effective_date: string | null;
}
