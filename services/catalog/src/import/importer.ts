import type { Type } from '@nestjs/common';
import type { PermissionKey } from '@scm/contracts';
import type { ImportColumn, LocationScope, RowValues } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import type { ZodType } from 'zod';

/**
 * What an importer's lookups and writes get: the import's one transaction (read through it; write only through
 * services), and who uploaded the file (the jobs runs as them; `canSeeCost` for services that ask a viewer;
 * `scope`, their locations, for services that read or write location-bound records).
 */
export interface ImportContext {
  manager: EntityManager;
  actor: string;
  canSeeCost: boolean;
  scope: LocationScope;
}

export type CatalogImportColumn = ImportColumn<ImportContext>;

/**
 * How one kind of master record is imported from Excel (see README.md beside this file). The framework reads
 * the sheet, converts cells by column kind, resolves reference columns, calls `toInput`, validates it with
 * `schema` (errors named by column and row), and applies the row through the entity's own service —
 * `update` when `findExisting` finds the code, `create` otherwise — inside the import's transaction.
 */
export interface EntityImporter<Input = unknown, Existing = unknown> {
  /** The columns, in template order. */
  readonly columns: readonly CatalogImportColumn[];
  /** Key of the column holding the record's code (its identity): repeated codes in one file are refused. */
  readonly codeColumn: string;
  /**
   * Optional: the record's identity when it is more than the code column (e.g. a UOM's name and secondary
   * UOM); what `findExisting` gets and what must not repeat in a file. Default: the code column's text.
   */
  codeOf?(values: RowValues): string | undefined;
  /**
   * Optional: records that span several rows (a BOM and its consume lines). Rows with the same code are then one
   * record instead of a repeated code: the record's columns are read from its first row (a later row may leave
   * them blank, or must repeat them as they are), each row is one item of the input's `lines.field` list.
   */
  readonly lines?: ImportLines;
  /** Optional: i18n keys (`ns:path`) of paragraphs added to the template's introduction (how rows go together). */
  readonly templateNotes?: readonly string[];
  /** The entity's input schema (the one its controller validates with). */
  readonly schema: ZodType<Input>;
  /** The record with this code (case-insensitive), or null when the row creates one. */
  findExisting(code: string, context: ImportContext): Promise<Existing | null>;
  /**
   * The row's values (references already ids) as the schema's input; `existing` keeps what the sheet omits. With
   * `lines`, `values` are the record's columns (from its first row) and `lines` each row's line columns, in order.
   */
  toInput(values: RowValues, existing: Existing | null, lines?: RowValues[]): unknown;
  create(input: Input, context: ImportContext): Promise<unknown>;
  update(existing: Existing, input: Input, context: ImportContext): Promise<unknown>;
  /**
   * Optional: the column of an input field's problem when `fields` cannot say (list items whose position
   * depends on the row); undefined falls back to the columns' `fields`.
   */
  columnOf?(field: string, values: RowValues): string | null | undefined;
}

/**
 * How the rows of a multi-row record become a list of its input. Problems of item `i` of `field`
 * (`consume_sku_list.2.uom_id`) are named on that item's row, in the line column whose `fields` (or key) is the
 * rest of the path (`uom_id`); other problems on the record's first row.
 */
export interface ImportLines {
  /** The input's list field, one item per row of the record (e.g. `consume_sku_list`). */
  field: string;
  /** Keys of the columns that belong to a line; every other column belongs to the record. */
  columns: readonly string[];
}

/**
 * An importer class: a Nest provider with its URL segment and the permission key whose edit right it needs, or
 * several keys of which any one with edit is enough (one master reached from two pages, e.g. products under
 * PRODUCT and RJ_PRODUCT, as `@AnyPermission`: no "PRODUCT edit is always allowed" leniency).
 */
export type ImporterClass = Type<EntityImporter> & {
  /** URL segment under `/api/catalog/imports/`, e.g. `suppliers` (never `jobs`). */
  readonly entity: string;
  readonly permission: PermissionKey | readonly PermissionKey[];
  /** i18n key (`ns:path`) of the entity's plural name, e.g. `suppliers:supplier.exportFileName` ("Suppliers"). */
  readonly label: string;
  /**
   * The rows carry locations (locations themselves, BOMs owned by a location): the import job runs without the
   * uploader's location scope, so only a caller holding every location may upload
   * (docs/architecture.md, "Access rules").
   */
  readonly needsAllLocations?: boolean;
};

/**
 * The default `toInput`: each column's value under its field (`fields[0]`, else its key). A column the sheet
 * does not have keeps the existing record's value on an update (and is left to the schema's default on a
 * create); an empty cell is undefined, so the schema's "required" message or its default applies.
 */
export function valuesAsInput(
  columns: readonly CatalogImportColumn[],
  values: RowValues,
  existing: object | null,
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const column of columns) {
    const field = column.fields?.[0] ?? column.key;
    if (column.key in values) input[field] = values[column.key];
    else if (existing && field in existing) input[field] = (existing as Record<string, unknown>)[field];
  }
  return input;
}

/** The stored code of a record whose code matches `code` case-insensitively, or null (table and column are ours). */
export async function existingCode(
  context: ImportContext,
  table: string,
  column: string,
  code: string,
): Promise<string | null> {
  const rows: Record<string, string>[] = await context.manager.query(
    `SELECT ${column} AS code FROM ${table} WHERE lower(${column}) = lower($1) LIMIT 1`,
    [code],
  );
  return rows[0]?.code ?? null;
}

/**
 * The id of a record named `name` (case-insensitive) that may be chosen (not archived), or null; `extra`
 * narrows it (e.g. the sub-categories of one category).
 */
export async function idByName(
  context: ImportContext,
  lookup: { table: string; id: string; name: string; status?: boolean },
  name: string,
  extra?: { column: string; value: unknown },
): Promise<string | null> {
  const conditions = [`lower(${lookup.name}) = lower($1)`];
  const params: unknown[] = [name];
  if (lookup.status !== false) conditions.push(`status <> 'archived'`);
  if (extra) {
    params.push(extra.value);
    conditions.push(`${extra.column} = $${params.length}`);
  }
  const rows: { id: string }[] = await context.manager.query(
    `SELECT ${lookup.id} AS id FROM ${lookup.table} WHERE ${conditions.join(' AND ')} LIMIT 1`,
    params,
  );
  return rows[0]?.id ?? null;
}

/** The names that may be chosen (not archived), sorted, for the template's notes. */
export async function namesOf(
  context: ImportContext,
  lookup: { table: string; name: string; status?: boolean },
  limit = 200,
): Promise<string[]> {
  const where = lookup.status === false ? '' : `WHERE status <> 'archived'`;
  const rows: { name: string }[] = await context.manager.query(
    `SELECT ${lookup.name} AS name FROM ${lookup.table} ${where} ORDER BY lower(${lookup.name}) LIMIT ${limit}`,
  );
  return rows.map((row) => row.name);
}
