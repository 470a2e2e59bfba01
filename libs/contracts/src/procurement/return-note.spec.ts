import type { PermissionEntry } from '../access/permission-rule.js';
import { availableActions, canRunAction } from '../documents/kit.js';
import { RETURN_NOTE_MACHINE, returnNoteInputSchema } from './return-note.js';

const grant = (edit: boolean, approval: boolean): PermissionEntry[] => [
  { permission: { key: 'GR' }, view: true, edit, approval },
];

describe('RETURN_NOTE_MACHINE', () => {
  const sut = RETURN_NOTE_MACHINE;

  it('has SPEC.md §4 statuses only: DRAFT → PENDING APPROVAL → RECEIVED on approval, REJECTED with a remark', () => {
    expect(sut.statuses).toEqual(['DRAFT', 'PENDING APPROVAL', 'REJECTED', 'RECEIVED']);
    expect(sut.type).toBe('GR');
    expect(sut.actions.submit).toMatchObject({ from: ['DRAFT'], to: 'PENDING APPROVAL', check: 'edit' });
    expect(sut.actions.recall).toMatchObject({ from: ['PENDING APPROVAL'], to: 'DRAFT' });
    expect(sut.actions.approve).toMatchObject({ to: 'RECEIVED', check: 'approval', approval: true, confirm: true });
    expect(sut.actions.reject).toMatchObject({ to: 'REJECTED', remarkRequired: true });
    expect(canRunAction(sut, 'DRAFT', 'approve')).toBe(false);
  });

  it('offers approve and reject only with the approval right, nothing once final', () => {
    expect(availableActions(sut, 'DRAFT', grant(true, false))).toEqual(['submit']);
    expect(availableActions(sut, 'PENDING APPROVAL', grant(true, false))).toEqual(['recall']);
    expect(availableActions(sut, 'PENDING APPROVAL', grant(true, true))).toEqual(['recall', 'approve', 'reject']);
    for (const status of sut.final) expect(availableActions(sut, status, grant(true, true))).toEqual([]);
  });
});

describe('returnNoteInputSchema', () => {
  const base = { receiving_order_id: '0190a6b2-1f3c-7c3e-8a4b-2d5e6f708192' };

  it('needs a receiving order and at least one line', () => {
    const parsed = returnNoteInputSchema.safeParse({ return_list: [] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'receiving_order_id',
      'return_list',
    ]);
  });

  it('refuses an unknown reason, a zero quantity and unknown fields', () => {
    const parsed = returnNoteInputSchema.safeParse({
      ...base,
      return_list: [{ ro_line_no: 1, return_qty: '0', reason: 'BROKEN', location_id: 'OUT1' }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'return_list.0',
      'return_list.0.reason',
      'return_list.0.return_qty',
    ]);
  });

  it('writes the quantity at three decimals and defaults the remarks', () => {
    expect(
      returnNoteInputSchema.parse({ ...base, return_list: [{ ro_line_no: 2, return_qty: '1.25', reason: 'EXPIRED' }] }),
    ).toEqual({
      ...base,
      remark: '',
      return_list: [{ ro_line_no: 2, return_qty: '1.250', reason: 'EXPIRED', remark: '' }],
    });
  });
});
