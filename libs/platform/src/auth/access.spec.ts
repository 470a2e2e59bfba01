import { AppException } from '../http/app-exception.js';
import { assertLocationAccess, canAccessLocation, listScopeOf, withoutCost } from './access.js';

describe(canAccessLocation.name, () => {
  it('lets a user with * reach every location and others only their own', () => {
    expect(canAccessLocation({ locs: ['*'] }, 'OUTLET-9')).toBe(true);
    expect(canAccessLocation({ locs: ['OUTLET-1'] }, 'OUTLET-1')).toBe(true);
    expect(canAccessLocation({ locs: ['OUTLET-1'] }, 'OUTLET-2')).toBe(false);
    expect(canAccessLocation({ locs: [] }, 'OUTLET-1')).toBe(false);
  });

  it('answers an object of another location as not found, so ids cannot be probed', () => {
    expect(() => assertLocationAccess({ locs: ['OUTLET-1'] }, 'OUTLET-2')).toThrow(AppException);
    expect(() => assertLocationAccess({ locs: ['OUTLET-1'] }, 'OUTLET-2')).toThrow('NOT_FOUND');
  });

  it('scopes lists to the user locations', () => {
    expect(listScopeOf({ locs: ['*'] })).toEqual({ locations: 'all' });
    expect(listScopeOf({ locs: ['A', 'B'] })).toEqual({ locations: ['A', 'B'] });
  });
});

describe(withoutCost.name, () => {
  const row = { sku_id: 'S1', name: 'Rice', unit_cost: '1.2000', value: '12.00' };

  it('removes cost fields from one row or many for roles without can_see_cost', () => {
    expect(withoutCost({ cost: false }, row, ['unit_cost', 'value'])).toEqual({ sku_id: 'S1', name: 'Rice' });
    expect(withoutCost({ cost: false }, [row, row], ['unit_cost'])).toEqual([
      { sku_id: 'S1', name: 'Rice', value: '12.00' },
      { sku_id: 'S1', name: 'Rice', value: '12.00' },
    ]);
  });

  it('keeps them for roles that can see cost', () => {
    expect(withoutCost({ cost: true }, row, ['unit_cost'])).toBe(row);
  });
});
