import { PERMISSION_KEYS, roleInputSchema } from '@scm/contracts';
import {
  approvesStockAdjustment,
  fullMatrix,
  groupState,
  toRoleInput,
  withFlag,
  withFlags,
} from '../../web/src/routes/user/roles/permission-matrix.js';
import type { MatrixEntry } from '../../web/src/routes/user/roles/permission-matrix.js';

const flags = (list: MatrixEntry[], key: string) => {
  const entry = list.find((item) => item.permission.key === key)!;
  return { view: entry.view, edit: entry.edit, approval: entry.approval };
};

describe('role form permission matrix', () => {
  it('shows every permission key, with what a stored role grants and what that implies', () => {
    const sut = fullMatrix([{ permission: { key: 'PO' }, view: false, edit: false, approval: true }]);
    expect(sut.map((entry) => entry.permission.key)).toEqual([...PERMISSION_KEYS]);
    expect(flags(sut, 'PO')).toEqual({ view: true, edit: true, approval: true });
    expect(flags(sut, 'RO')).toEqual({ view: false, edit: false, approval: false });
  });

  it('checking approval checks edit and view; checking edit checks view', () => {
    const blank = fullMatrix([]).find((entry) => entry.permission.key === 'PO')!;
    expect(withFlag(blank, 'approval', true)).toMatchObject({ view: true, edit: true, approval: true });
    expect(withFlag(blank, 'edit', true)).toMatchObject({ view: true, edit: true, approval: false });
  });

  it('unchecking view unchecks edit and approval; unchecking edit unchecks approval', () => {
    const full: MatrixEntry = { permission: { key: 'PO' }, view: true, edit: true, approval: true };
    expect(withFlag(full, 'view', false)).toMatchObject({ view: false, edit: false, approval: false });
    expect(withFlag(full, 'edit', false)).toMatchObject({ view: true, edit: false, approval: false });
    expect(withFlag(full, 'approval', false)).toMatchObject({ view: true, edit: true, approval: false });
  });

  it("a group's all toggle sets the flag on each of its keys and reports all, some or none", () => {
    const keys = ['PO', 'RO', 'GR', 'PC'] as const;
    const some = withFlag(
      fullMatrix([]).find((entry) => entry.permission.key === 'RO')!,
      'edit',
      true,
    );
    const start = fullMatrix([some]);
    expect(groupState(start, keys, 'view')).toBe('some');
    const all = withFlags(start, keys, 'edit', true);
    expect(groupState(all, keys, 'edit')).toBe('all');
    expect(groupState(all, keys, 'view')).toBe('all');
    expect(groupState(withFlags(all, keys, 'view', false), keys, 'edit')).toBe('none');
    expect(flags(all, 'SA')).toEqual({ view: false, edit: false, approval: false });
  });

  it('knows when Stock Adjustment holds approval (which needs can_see_cost)', () => {
    expect(approvesStockAdjustment(withFlags(fullMatrix([]), ['SA'], 'edit', true))).toBe(false);
    expect(approvesStockAdjustment(withFlags(fullMatrix([]), ['SA'], 'approval', true))).toBe(true);
  });

  it('sends only the granted keys, and what it sends passes the role schema', () => {
    const matrix = withFlags(withFlags(fullMatrix([]), ['UOM'], 'edit', true), ['DASHBOARD'], 'view', true);
    const valid = roleInputSchema.parse({
      role_name: 'Outlet manager',
      can_see_cost: false,
      approval_limit: null,
      permission_list: matrix,
    });
    const sut = toRoleInput(valid);
    expect(sut.permission_list.map((entry) => entry.permission.key)).toEqual(['DASHBOARD', 'UOM']);
    expect(roleInputSchema.safeParse(sut).success).toBe(true);
  });
});
