import { z } from 'zod';
import { V, requiredText } from '../common/schema.js';

/** Most locations one SKU may buy from a supplier other than its default. */
export const MAX_LOCATION_SUPPLIERS = 500;

/**
 * The default suppliers of one SKU (SPEC.md §2 /supplier/defaultSupplier): the supplier orders go to unless a
 * location has its own, and those per-location exceptions. Every supplier must be one of the SKU's suppliers.
 */
export const defaultSupplierInputSchema = z
  .object({
    default_supplier_id: z
      .string({ error: V.invalid })
      .trim()
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
    location_suppliers: z
      .array(
        z
          .object({
            location_id: requiredText(50, { noSlash: true }),
            supplier_id: requiredText(50, { noSlash: true }),
          })
          .strict(),
        { error: V.invalid },
      )
      .max(MAX_LOCATION_SUPPLIERS, { error: V.max })
      .optional()
      .transform((rows) => rows ?? []),
  })
  .strict()
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.location_suppliers.forEach((row, index) => {
      const key = row.location_id.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', message: V.duplicate, path: ['location_suppliers', index, 'location_id'] });
      seen.add(key);
    });
  });

export type DefaultSupplierInput = z.input<typeof defaultSupplierInputSchema>;
export type ValidDefaultSupplierInput = z.output<typeof defaultSupplierInputSchema>;

/** A row of the default-supplier list: one per SKU. */
export interface DefaultSupplierListRow {
  sku_id: string;
  name: string;
  category_name: string;
  sku_status: string;
  default_supplier_id: string | null;
  default_supplier_name: string | null;
  supplier_count: number;
  location_supplier_count: number;
  last_updated_time: string;
}

/** One SKU's default suppliers, with the choices the form offers. */
export interface DefaultSupplierView {
  sku_id: string;
  name: string;
  sku_status: string;
  supplier_list: { supplier_id: string; company_name: string }[];
  default_supplier_id: string | null;
  location_suppliers: { location_id: string; location_name: string; supplier_id: string; company_name: string }[];
}
