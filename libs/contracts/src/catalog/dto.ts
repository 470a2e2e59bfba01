import { z } from 'zod';
import { decimalString, requiredText } from '../common/schema.js';

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
