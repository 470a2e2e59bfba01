import { z } from 'zod';

/**
 * The list query body every `POST .../list` accepts (SPEC.md §7). Unknown top-level fields are refused;
 * `other_params` is an open bag of filters that each resource whitelists.
 */
export const sortTypeSchema = z
  .enum(['ASC', 'DESC', 'asc', 'desc'])
  .transform((v) => v.toUpperCase() as 'ASC' | 'DESC');

export const listQuerySchema = z
  .object({
    search_str: z.string().max(200).optional().default(''),
    other_params: z.record(z.string(), z.unknown()).optional().default({}),
    draw: z.number().int().min(0).optional().default(1),
    limit: z.number().int().min(1).max(1000).optional().default(10),
    start: z.number().int().min(0).optional().default(0),
    columns: z.array(z.string().max(100)).max(200).optional().default([]),
    order_by: z
      .array(z.object({ column: z.string().max(100), sort_type: z.string().max(10).optional() }).strict())
      .max(10)
      .optional()
      .default([]),
  })
  .strict();

export type ListQueryInput = z.input<typeof listQuerySchema>;
export type ListQuery = z.output<typeof listQuerySchema>;

/** `sort_type` ASC means ascending; anything else descending (SPEC.md §7). */
export function normaliseSortType(sortType: string | undefined): 'ASC' | 'DESC' {
  return sortType?.toUpperCase() === 'ASC' ? 'ASC' : 'DESC';
}

/** Master-data status (SPEC.md §4) and the combined filter value offered by list pages. */
export const MASTER_STATUSES = ['new', 'active', 'archived'] as const;
export type MasterStatus = (typeof MASTER_STATUSES)[number];
export const NEW_OR_ACTIVE = 'new_or_active';
