import { runInContext } from '../logging/request-context.js';
import { isUniqueViolation, stampChange } from './record-changes.js';

describe(isUniqueViolation.name, () => {
  it('recognises a unique violation, of a named constraint when asked', () => {
    const error = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'uom_names_unique' });
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'uom_names_unique')).toBe(true);
    expect(isUniqueViolation(error, 'other')).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error('fk'), { code: '23503' }))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

describe(stampChange.name, () => {
  it('grows the revision and stamps the current actor and time', () => {
    const sut = { revision: 3, last_updated_time: new Date(0), last_updated_by: null as string | null };
    runInContext({ actor: 'user-7' }, () => stampChange(sut));
    expect(sut.revision).toBe(4);
    expect(sut.last_updated_by).toBe('user-7');
    expect(sut.last_updated_time.getTime()).toBeGreaterThan(0);
  });
});
