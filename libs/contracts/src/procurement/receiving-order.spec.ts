import { availableActions, canRunAction } from '../documents/kit.js';
import type { PermissionEntry } from '../access/permission-rule.js';
import { RECEIVING_ORDER_MACHINE, receivingOrderInputSchema } from './receiving-order.js';

const grant = (edit: boolean, approval: boolean): PermissionEntry[] => [
  { permission: { key: 'RO' }, view: true, edit, approval },
];

describe('RECEIVING_ORDER_MACHINE', () => {
  const sut = RECEIVING_ORDER_MACHINE;

  it('goes DRAFT → PENDING APPROVAL → APPROVED → RECEIVED, REJECTED on reject with a remark', () => {
    expect(sut.actions.submit).toMatchObject({ from: ['DRAFT'], to: 'PENDING APPROVAL' });
    expect(sut.actions.approve).toMatchObject({ to: 'APPROVED', check: 'approval', approval: true });
    expect(sut.actions.reject).toMatchObject({ to: 'REJECTED', remarkRequired: true });
    expect(sut.actions.receive).toMatchObject({ from: ['APPROVED'], to: 'RECEIVED', check: 'edit' });
    expect(canRunAction(sut, 'RECEIVED', 'receive')).toBe(false);
  });

  it('offers approve and reject only with the approval right, receive once approved', () => {
    expect(availableActions(sut, 'PENDING APPROVAL', grant(true, false))).toEqual(['recall', 'cancel']);
    expect(availableActions(sut, 'PENDING APPROVAL', grant(true, true))).toEqual([
      'recall',
      'approve',
      'reject',
      'cancel',
    ]);
    expect(availableActions(sut, 'APPROVED', grant(true, false))).toEqual(['receive', 'cancel']);
    for (const status of sut.final) expect(availableActions(sut, status, grant(true, true))).toEqual([]);
  });
});

describe('receivingOrderInputSchema', () => {
  const base = { location_id: 'OUT1', receive_time: '2026-03-01T09:00:00+08:00' };

  it('defaults the lists, tax, shipping and the GMS flag', () => {
    expect(receivingOrderInputSchema.parse(base)).toMatchObject({
      receiving_list: [],
      additional_list: [],
      rejected_list: [],
      tax_amount: '0',
      shipping_amount: '0',
      is_gms: false,
    });
  });

  it('refuses an unknown reject reason and a zero quantity', () => {
    const parsed = receivingOrderInputSchema.safeParse({
      ...base,
      rejected_list: [{ sku_id: 'A', uom_name: 'KG', reject_qty: '0', reason: 'BROKEN' }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'rejected_list.0.reason',
      'rejected_list.0.reject_qty',
    ]);
  });
});
