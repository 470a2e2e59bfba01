import { Injectable } from '@nestjs/common';
import { COUNTRIES, locationInputSchema } from '@scm/contracts';
import type { ContactPerson, LocationView, ValidLocationInput } from '@scm/contracts';
import { ALL_LOCATIONS_SCOPE, importColumn as column } from '@scm/platform';
import type { RowValues } from '@scm/platform';
import { LocationService } from '../../location/location.service.js';
import { existingCode, idByName, namesOf, valuesAsInput } from '../importer.js';
import type { CatalogImportColumn, EntityImporter, ImportContext } from '../importer.js';

const CATEGORY = { table: 'location_category', id: 'category_id', name: 'category_name' };
const SUB_CATEGORY = {
  table: 'location_sub_category',
  id: 'sub_category_id',
  name: 'sub_category_name',
  status: false,
};
const REGION = { table: 'region', id: 'region_id', name: 'region_name' };
const CONTACT_COLUMNS = new Set(['contact_name', 'contact_mobile_no', 'contact_email']);

/**
 * Locations from Excel (`/api/catalog/imports/locations`, key LOCATION): category, sub-category and region by
 * name, and one contact person per row. On an update the location's other contact persons are kept: the row's
 * contact replaces the one with the same name, or is added first.
 */
@Injectable()
export class LocationImporter implements EntityImporter<ValidLocationInput, LocationView> {
  static readonly entity = 'locations';
  static readonly permission = 'LOCATION';
  static readonly label = 'locations:location.exportFileName';
  static readonly needsAllLocations = true;

  readonly codeColumn = 'location_id';
  readonly schema = locationInputSchema;
  readonly columns: readonly CatalogImportColumn[] = [
    column.text('location_id', 'locations:location.fields.location_id', {
      required: true,
      example: 'SG-001',
      note: 'import:notes.code',
    }),
    column.text('location_name', 'locations:location.fields.location_name', {
      required: true,
      example: 'Orchard Outlet',
    }),
    column.boolean('is_operating', 'locations:location.fields.is_operating', { required: true, example: 'Yes' }),
    column.reference('category', 'locations:location.fields.category', {
      required: true,
      example: 'Retail',
      fields: ['category_id'],
      resolve: (name, _values, context: ImportContext) => idByName(context, CATEGORY, name),
      options: (context: ImportContext) => namesOf(context, CATEGORY),
    }),
    column.reference('sub_category', 'locations:location.fields.sub_category', {
      example: 'Kiosk',
      fields: ['sub_category_id'],
      note: 'import:notes.subCategory',
      // Within the row's category: unknown until the category is.
      resolve: async (name, values, context: ImportContext) =>
        typeof values.category === 'string'
          ? idByName(context, SUB_CATEGORY, name, { column: 'category_id', value: values.category })
          : undefined,
      options: async (context: ImportContext) => {
        const rows: { name: string }[] = await context.manager.query(
          `SELECT c.category_name || ' / ' || s.sub_category_name AS name
             FROM location_sub_category s JOIN location_category c ON c.category_id = s.category_id
            WHERE c.status <> 'archived' ORDER BY lower(c.category_name), s.position LIMIT 200`,
        );
        return rows.map((row) => row.name);
      },
    }),
    column.reference('region', 'locations:location.fields.region', {
      required: true,
      example: 'Central',
      fields: ['region_id'],
      resolve: (name, _values, context: ImportContext) => idByName(context, REGION, name),
      options: (context: ImportContext) => namesOf(context, REGION),
    }),
    column.text('address', 'locations:location.fields.address', { required: true, example: '2 Orchard Turn' }),
    column.choice('country', 'locations:location.fields.country', COUNTRIES, {
      required: true,
      example: 'Singapore',
      choiceLabels: 'locations:countries',
    }),
    column.text('postal_code', 'locations:location.fields.postal_code', {
      required: true,
      example: '238801',
      note: 'import:notes.postalCode',
    }),
    column.text('contact_name', 'import:columns.location.contactName', {
      example: 'Alice Tan',
      fields: ['contact_person.0.name', 'contact_person'],
      note: 'import:notes.locationContact',
    }),
    column.text('contact_mobile_no', 'import:columns.location.contactMobileNo', {
      example: '91234567',
      fields: ['contact_person.0.mobile_no'],
      note: 'import:notes.contactNumber',
    }),
    column.text('contact_email', 'import:columns.location.contactEmail', {
      example: 'alice@example.com',
      fields: ['contact_person.0.email'],
    }),
    column.text('remark', 'locations:location.fields.remark', { example: '' }),
  ];

  /** The upload needs every location (needsAllLocations), so the job acts with the all scope. */
  constructor(private readonly locations: LocationService) {}

  async findExisting(code: string, context: ImportContext): Promise<LocationView | null> {
    const stored = await existingCode(context, 'location', 'location_id', code);
    return stored === null ? null : this.locations.get(stored, ALL_LOCATIONS_SCOPE);
  }

  toInput(values: RowValues, existing: LocationView | null): unknown {
    const plain = this.columns.filter((item) => !CONTACT_COLUMNS.has(item.key));
    const input = valuesAsInput(plain, values, existing);
    if (existing) input.location_id = existing.location_id;
    input.contact_person = contactPersons(values, existing?.contact_person ?? []);
    return input;
  }

  create(input: ValidLocationInput): Promise<LocationView> {
    return this.locations.create(input, ALL_LOCATIONS_SCOPE);
  }

  update(existing: LocationView, input: ValidLocationInput): Promise<LocationView> {
    return this.locations.update(existing.location_id, input, ALL_LOCATIONS_SCOPE);
  }
}

/** The row's contact first (so its problems point at its columns), then the other existing ones. */
function contactPersons(values: RowValues, existing: ContactPerson[]): unknown[] {
  const name = values.contact_name;
  const mobile = values.contact_mobile_no;
  const email = values.contact_email;
  if (name === undefined && mobile === undefined && email === undefined) return existing;
  const others =
    typeof name === 'string' ? existing.filter((person) => person.name.toLowerCase() !== name.toLowerCase()) : existing;
  return [{ name, mobile_no: mobile, email }, ...others];
}
