import {
  canSeeMenuEntry,
  checkTypeOf,
  hasAnyPermission,
  hasPermission,
  InvalidPermissionDirectiveError,
  isRestrictedRjUser,
} from './permission-rule.js';
import type { PermissionEntry } from './permission-rule.js';

const entry = (key: string, view: boolean, edit: boolean, approval: boolean): PermissionEntry => ({
  permission: { key },
  view,
  edit,
  approval,
});

describe('hasPermission', () => {
  describe('check type is the route type; view by default; create and clone count as edit', () => {
    it.each([
      [undefined, 'view'],
      ['view', 'view'],
      ['create', 'edit'],
      ['clone', 'edit'],
      ['edit', 'edit'],
      ['new', 'edit'],
      ['approval', 'approval'],
      ['something-else', 'view'],
    ])('route type %s checks %s', (routeType, expected) => {
      expect(checkTypeOf(routeType)).toBe(expected);
    });
  });

  describe('a single key', () => {
    it('edit needs edit or approval', () => {
      expect(hasPermission([entry('PO', true, false, false)], 'PO', 'edit')).toBe(false);
      expect(hasPermission([entry('PO', false, true, false)], 'PO', 'edit')).toBe(true);
      expect(hasPermission([entry('PO', false, false, true)], 'PO', 'edit')).toBe(true);
    });

    it('view needs view, edit or approval', () => {
      expect(hasPermission([entry('PO', false, false, false)], 'PO', 'view')).toBe(false);
      expect(hasPermission([entry('PO', true, false, false)], 'PO', 'view')).toBe(true);
      expect(hasPermission([entry('PO', false, true, false)], 'PO', 'view')).toBe(true);
      expect(hasPermission([entry('PO', false, false, true)], 'PO', 'view')).toBe(true);
    });

    it('approval needs approval', () => {
      expect(hasPermission([entry('PO', true, true, false)], 'PO', 'approval')).toBe(false);
      expect(hasPermission([entry('PO', false, false, true)], 'PO', 'approval')).toBe(true);
    });

    it('view is the default check', () => {
      expect(hasPermission([entry('PO', true, false, false)], 'PO')).toBe(true);
    });

    it('a key the user does not hold is refused', () => {
      expect(hasPermission([entry('RO', true, true, true)], 'PO', 'view')).toBe(false);
      expect(hasPermission([], 'PO', 'view')).toBe(false);
    });

    it('the product key with edit is always allowed', () => {
      expect(hasPermission([], 'PRODUCT', 'edit')).toBe(true);
      expect(hasPermission([entry('PRODUCT', false, false, false)], 'PRODUCT', 'edit')).toBe(true);
      expect(hasPermission([], 'PRODUCT', 'view')).toBe(false);
      expect(hasPermission([], 'RJ_PRODUCT', 'edit')).toBe(false);
    });
  });

  describe('a list of keys', () => {
    it('every listed key must be among the user permissions', () => {
      expect(hasPermission([entry('SKU', true, true, true)], ['SKU', 'PLU'], 'view')).toBe(false);
    });

    it('at least one listed key must grant access', () => {
      const list = [entry('SKU', false, false, false), entry('PLU', true, false, false)];
      expect(hasPermission(list, ['SKU', 'PLU'], 'view')).toBe(true);
      expect(hasPermission(list, ['SKU', 'PLU'], 'edit')).toBe(false);
    });

    it('no key granting access is refused even when all are held', () => {
      const list = [entry('SKU', false, false, false), entry('PLU', false, false, false)];
      expect(hasPermission(list, ['SKU', 'PLU'], 'view')).toBe(false);
    });
  });

  describe('the directive requires a non-empty list of keys', () => {
    it('throws on an empty list', () => {
      expect(() => hasPermission([], [], 'view')).toThrow(InvalidPermissionDirectiveError);
    });

    it('throws on an empty key', () => {
      expect(() => hasPermission([], '', 'view')).toThrow(InvalidPermissionDirectiveError);
      expect(() => hasPermission([], ['PO', ''], 'view')).toThrow(InvalidPermissionDirectiveError);
    });
  });
});

describe('hasAnyPermission', () => {
  it('allows a user holding only one of the keys when that key grants the check', () => {
    const rjOnly = [entry('RJ_SUPPLIER', false, true, false)];
    expect(hasAnyPermission(rjOnly, ['SUPPLIER', 'RJ_SUPPLIER'], 'view')).toBe(true);
    expect(hasAnyPermission(rjOnly, ['SUPPLIER', 'RJ_SUPPLIER'], 'edit')).toBe(true);
    expect(hasAnyPermission(rjOnly, ['SUPPLIER', 'RJ_SUPPLIER'], 'approval')).toBe(false);
  });

  it('refuses a user holding none of the keys, or holding them without the right', () => {
    expect(hasAnyPermission([entry('UOM', true, true, true)], ['SUPPLIER', 'RJ_SUPPLIER'], 'view')).toBe(false);
    const viewers = [entry('SUPPLIER', true, false, false), entry('RJ_SUPPLIER', true, false, false)];
    expect(hasAnyPermission(viewers, ['SUPPLIER', 'RJ_SUPPLIER'], 'edit')).toBe(false);
  });

  it('does not carry the PRODUCT + edit leniency of the single-key route rule', () => {
    expect(hasAnyPermission([], ['PRODUCT', 'RJ_PRODUCT'], 'edit')).toBe(false);
    expect(hasAnyPermission([entry('PRODUCT', true, false, false)], ['PRODUCT', 'RJ_PRODUCT'], 'edit')).toBe(false);
    expect(hasAnyPermission([entry('PRODUCT', false, true, false)], ['PRODUCT', 'RJ_PRODUCT'], 'edit')).toBe(true);
  });

  it('throws on an empty list or key', () => {
    expect(() => hasAnyPermission([], [], 'view')).toThrow(InvalidPermissionDirectiveError);
    expect(() => hasAnyPermission([], ['PO', ''], 'view')).toThrow(InvalidPermissionDirectiveError);
  });
});

describe('canSeeMenuEntry', () => {
  it('shows an entry when the role holds view, edit or approval on at least one attached key', () => {
    expect(canSeeMenuEntry([entry('PO', false, false, true)], 'PO')).toBe(true);
    expect(canSeeMenuEntry([entry('PO', false, false, false)], 'PO')).toBe(false);
    expect(canSeeMenuEntry([entry('PLU', false, true, false)], ['SKU', 'PLU'])).toBe(true);
    expect(canSeeMenuEntry([], ['SKU', 'PLU'])).toBe(false);
  });
});

describe('isRestrictedRjUser', () => {
  it('is a user whose every granted key is an RJ_ key', () => {
    expect(isRestrictedRjUser([entry('RJ_PRODUCT', true, false, false), entry('PO', false, false, false)])).toBe(true);
  });

  it('is not a user holding any other key, nor one holding nothing', () => {
    expect(isRestrictedRjUser([entry('RJ_PRODUCT', true, true, true), entry('UOM', true, false, false)])).toBe(false);
    expect(isRestrictedRjUser([])).toBe(false);
  });
});
