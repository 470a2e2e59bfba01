import { customerInputSchema, locationInputSchema, supplierCategoryInputSchema } from '@scm/contracts';
import { maxLengthAt } from '../../web/src/components/form/schema-limits.js';

/** Issue 10: a text field shows "12 / 200" from the same schema the server validates with. */
describe('the form kit reads a text field’s limit from its contracts schema', () => {
  it('finds a required, an optional (transformed) and a nested array row text’s maximum', () => {
    expect(maxLengthAt(locationInputSchema, 'location_name')).toBe(200);
    expect(maxLengthAt(locationInputSchema, 'location_id')).toBe(50);
    expect(maxLengthAt(locationInputSchema, 'remark')).toBe(1000);
    expect(maxLengthAt(locationInputSchema, 'contact_person.0.name')).toBe(100);
    expect(maxLengthAt(supplierCategoryInputSchema, 'category_name')).toBe(100);
    expect(maxLengthAt(customerInputSchema, 'address_list.1.address')).toBe(500);
  });

  it('has no limit for what is not a bounded text: numbers, digit strings, booleans, unknown paths', () => {
    expect(maxLengthAt(locationInputSchema, 'is_operating')).toBeUndefined();
    expect(maxLengthAt(locationInputSchema, 'postal_code')).toBeUndefined();
    expect(maxLengthAt(locationInputSchema, 'no_such_field')).toBeUndefined();
    expect(maxLengthAt(locationInputSchema, 'contact_person.name')).toBeUndefined();
  });
});
