import { AppException } from '../http/app-exception.js';
import { CatalogErrorCode } from '@scm/contracts';
import {
  ALL_LOCATIONS_SCOPE,
  assertAllLocations,
  assertLocationsInScope,
  assertRecordInScope,
  inLocationScope,
  locationScopeOf,
} from './access.js';
import type { LocationScope } from './access.js';

describe(locationScopeOf.name, () => {
  it('gives a user holding * the explicit all scope and others exactly their own locations', () => {
    expect(locationScopeOf({ locs: ['*'] })).toEqual({ locations: 'all' });
    expect(locationScopeOf({ locs: ['A', 'B'] })).toEqual({ locations: ['A', 'B'] });
    expect(locationScopeOf({ locs: [] })).toEqual({ locations: [] });
  });

  it('covers every location for all, and only the listed ones otherwise', () => {
    expect(inLocationScope(ALL_LOCATIONS_SCOPE, 'OUTLET-9')).toBe(true);
    expect(inLocationScope({ locations: ['OUTLET-1'] }, 'OUTLET-1')).toBe(true);
    expect(inLocationScope({ locations: ['OUTLET-1'] }, 'OUTLET-2')).toBe(false);
    expect(inLocationScope({ locations: [] }, 'OUTLET-1')).toBe(false);
  });

  it('fails closed: a missing or malformed scope throws instead of meaning every location', () => {
    expect(() => inLocationScope(undefined as unknown as LocationScope, 'A')).toThrow(/location scope/);
    expect(() => inLocationScope({} as LocationScope, 'A')).toThrow(/location scope/);
    expect(() => assertRecordInScope(undefined as unknown as LocationScope, 'A', () => new Error('nf'))).toThrow(
      /location scope/,
    );
    expect(() => locationScopeOf({} as { locs: string[] })).toThrow();
  });
});

describe(assertRecordInScope.name, () => {
  const notFound = () => new AppException(CatalogErrorCode.LOCATION_NOT_FOUND);

  it('answers a record of another location as the resource not found, so ids cannot be probed', () => {
    expect(() => assertRecordInScope({ locations: ['A'] }, 'B', notFound)).toThrow('LOCATION_NOT_FOUND');
    expect(() => assertRecordInScope({ locations: ['A'] }, 'A', notFound)).not.toThrow();
    expect(() => assertRecordInScope({ locations: [] }, null, notFound)).not.toThrow();
  });
});

describe(assertLocationsInScope.name, () => {
  it('refuses named locations outside the scope with LOCATION_FORBIDDEN on each field', () => {
    let error: unknown;
    try {
      assertLocationsInScope({ locations: ['A'] }, [
        { field: 'location_list.0', locationId: 'A' },
        { field: 'location_list.1', locationId: 'B' },
      ]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({
      code: 'LOCATION_FORBIDDEN',
      fieldProblems: [{ field: 'location_list.1', rule: 'errors.LOCATION_FORBIDDEN' }],
    });
    expect(() => assertLocationsInScope(ALL_LOCATIONS_SCOPE, [{ field: 'x', locationId: 'B' }])).not.toThrow();
  });

  it('lets only an all-locations caller do what needs every location', () => {
    expect(() => assertAllLocations({ locations: ['A'] })).toThrow('LOCATION_FORBIDDEN');
    expect(() => assertAllLocations(ALL_LOCATIONS_SCOPE)).not.toThrow();
  });
});
