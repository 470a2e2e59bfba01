import { z } from 'zod';

/**
 * The list query body every `POST .../list` accepts (SPEC.md §7). Unknown top-level fields are refused;
 * `other_params` is an open bag of filters that each resource whitelists.
 */
export const sortTypeSchema = z
  .string()
  .max(10)
  .refine((value) => /^(asc|desc)$/i.test(value), { message: 'validation.sort_type' })
  .transform((value) => value.toUpperCase() as 'ASC' | 'DESC');

/**
 * The deepest `start` an offset list accepts: deeper pages cost the database a scan of every row before them.
 * A deep, append-only table pages by `cursor` instead (keyset lists).
 */
export const MAX_LIST_START = 100_000;

export const listQuerySchema = z
  .object({
    search_str: z.string().max(200).optional().default(''),
    other_params: z.record(z.string(), z.unknown()).optional().default({}),
    draw: z.number().int().min(0).optional().default(1),
    limit: z.number().int().min(1).max(1000).optional().default(10),
    start: z.number().int().min(0).max(MAX_LIST_START).optional().default(0),
    /** Keyset lists only: the `next_cursor` of the previous page (opaque); absent or null for the first page. */
    cursor: z.string().max(2000).nullable().optional(),
    columns: z.array(z.string().max(100)).max(200).optional().default([]),
    order_by: z
      .array(z.object({ column: z.string().max(100), sort_type: sortTypeSchema.optional() }).strict())
      .max(10)
      .optional()
      .default([]),
  })
  .strict();

export type ListQueryInput = z.input<typeof listQuerySchema>;
export type ListQuery = z.output<typeof listQuerySchema>;

/**
 * `sort_type` ASC means ascending, DESC (or none) descending (SPEC.md §7); the body schema refuses any other
 * value (`sortTypeSchema`, case-insensitive), so only code-made values reach this.
 */
export function normaliseSortType(sortType: string | undefined): 'ASC' | 'DESC' {
  return sortType?.toUpperCase() === 'ASC' ? 'ASC' : 'DESC';
}

/** Master-data status (SPEC.md §4) and the combined filter value offered by list pages. */
export const MASTER_STATUSES = ['new', 'active', 'archived'] as const;
export type MasterStatus = (typeof MASTER_STATUSES)[number];
export const NEW_OR_ACTIVE = 'new_or_active';
