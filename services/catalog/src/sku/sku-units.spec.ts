import type { UomConversionOption } from '@scm/contracts';
import { resolveUnits } from './sku-units.js';

const records: UomConversionOption[] = [
  { uom_id: 'r-bag', uom_name: 'KG', secondary_uom: 'BAG', uom_per_primary: '25.000' },
  { uom_id: 'r-carton', uom_name: 'PCS', secondary_uom: 'CARTON', uom_per_primary: '24.000' },
  { uom_id: 'r-g', uom_name: 'G', secondary_uom: 'KG', uom_per_primary: '1000.000' },
  { uom_id: 'r-dozen', uom_name: 'PCS', secondary_uom: 'DOZEN', uom_per_primary: '12.000' },
];

const units = (primary: string, rows: [string, string | null][], roles: Partial<Record<string, string>> = {}) => ({
  primary_uom_name: primary,
  purchasing_uom_name: roles.purchasing ?? primary,
  receiving_uom_name: roles.receiving ?? primary,
  counting_uom_name: roles.counting ?? primary,
  uom_list: rows.map(([uom_name, factor]) => ({ uom_name, factor })),
});

describe(resolveUnits.name, () => {
  it('takes a factor from the record linking the unit to the primary: 1 BAG = 25 KG', () => {
    const sut = resolveUnits(
      units(
        'kg',
        [
          ['kg', null],
          ['bag', null],
        ],
        { purchasing: 'Bag' },
      ),
      records,
    );
    expect(sut).toEqual({
      primary_uom_name: 'KG',
      purchasing_uom_name: 'BAG',
      receiving_uom_name: 'KG',
      counting_uom_name: 'KG',
      uom_list: [
        { uom_name: 'KG', factor: '1.000000', uom_id: null },
        { uom_name: 'BAG', factor: '25.000000', uom_id: 'r-bag' },
      ],
    });
  });

  it('reads a record backwards only when exact: G is 0.001 KG, PCS is not 1/12 DOZEN', () => {
    expect(
      resolveUnits(
        units('KG', [
          ['KG', null],
          ['G', null],
        ]),
        records,
      ).uom_list[1],
    ).toEqual({
      uom_name: 'G',
      factor: '0.001000',
      uom_id: 'r-g',
    });
    expect(() =>
      resolveUnits(
        units('DOZEN', [
          ['DOZEN', null],
          ['PCS', null],
        ]),
        records,
      ),
    ).toThrow(expect.objectContaining({ code: 'CATALOG_SKU_UNIT_NO_CONVERSION' }));
  });

  it('never follows a chain: CARTON on a SKU kept in G needs its own factor', () => {
    expect(() =>
      resolveUnits(
        units('G', [
          ['G', null],
          ['CARTON', null],
        ]),
        records,
      ),
    ).toThrow(expect.objectContaining({ code: 'CATALOG_SKU_UNIT_NO_CONVERSION' }));
    expect(
      resolveUnits(
        units('G', [
          ['G', null],
          ['CARTON', '1200'],
        ]),
        records,
      ).uom_list[1],
    ).toEqual({
      uom_name: 'CARTON',
      factor: '1200.000000',
      uom_id: null,
    });
  });

  it("keeps a SKU's own pack apart from the record: a CARTON of 12 where the record says 24", () => {
    const own = resolveUnits(
      units('PCS', [
        ['PCS', '1'],
        ['CARTON', '12'],
      ]),
      records,
    );
    expect(own.uom_list[1]).toEqual({ uom_name: 'CARTON', factor: '12.000000', uom_id: null });
    const same = resolveUnits(
      units('PCS', [
        ['PCS', '1'],
        ['CARTON', '24'],
      ]),
      records,
    );
    expect(same.uom_list[1]).toEqual({ uom_name: 'CARTON', factor: '24.000000', uom_id: 'r-carton' });
  });

  it('refuses a name no record names, unless the SKU already had it', () => {
    expect(() =>
      resolveUnits(
        units('KG', [
          ['KG', null],
          ['SACK', '50'],
        ]),
        records,
      ),
    ).toThrow(expect.objectContaining({ code: 'CATALOG_SKU_UNIT_UNKNOWN' }));
    const kept = resolveUnits(
      units('KG', [
        ['KG', null],
        ['sack', '50'],
      ]),
      records,
      [{ uom_name: 'SACK', factor: '50.000000', uom_id: null }],
    );
    expect(kept.uom_list[1]).toEqual({ uom_name: 'SACK', factor: '50.000000', uom_id: null });
  });
});
