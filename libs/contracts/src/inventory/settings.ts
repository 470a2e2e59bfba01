import { z } from 'zod';
import { isoDateSchema } from './posting.js';

/** PUT /api/inventory/settings (SETTING edit): the period lock date (null: nothing locked). */
export const inventorySettingsInputSchema = z
  .object({ period_lock_date: isoDateSchema.nullable(), revision: z.number().int().nonnegative() })
  .strict();
export type InventorySettingsInput = z.input<typeof inventorySettingsInputSchema>;
