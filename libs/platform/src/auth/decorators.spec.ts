import type { PermissionEntry } from '@scm/contracts';
import { allowsPermission } from './decorators.js';

const entry = (key: string, view: boolean, edit = false): PermissionEntry => ({
  permission: { key },
  view,
  edit,
  approval: false,
});

describe(allowsPermission.name, () => {
  it('applies SPEC.md §5 list rule to @Permission with a list: every key must be held', () => {
    const rjOnly = [entry('RJ_SUPPLIER', true, true)];
    expect(allowsPermission(rjOnly, { keys: ['SUPPLIER', 'RJ_SUPPLIER'], check: 'view' })).toBe(false);
  });

  it('lets @AnyPermission pass with any one key that grants the check', () => {
    const rjOnly = [entry('RJ_SUPPLIER', true, true)];
    const required = { keys: ['SUPPLIER', 'RJ_SUPPLIER'] as const, check: 'edit' as const, anyOf: true };
    expect(allowsPermission(rjOnly, required)).toBe(true);
    expect(allowsPermission([entry('SUPPLIER', true)], required)).toBe(false);
    expect(allowsPermission([entry('UOM', true, true)], required)).toBe(false);
  });

  it('keeps the single-key rule for @Permission with one key', () => {
    expect(allowsPermission([entry('UOM', true)], { keys: 'UOM', check: 'view' })).toBe(true);
    expect(allowsPermission([entry('UOM', true)], { keys: 'UOM', check: 'edit' })).toBe(false);
  });
});
