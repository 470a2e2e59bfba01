import { availableActions, canRunAction } from '../documents/kit.js';
import type { PermissionEntry } from '../access/permission-rule.js';
import { PURCHASE_ORDER_MACHINE } from './purchase-order.js';

const grant = (edit: boolean, approval: boolean): PermissionEntry[] => [
  { permission: { key: 'PO' }, view: true, edit, approval },
];

describe('PURCHASE_ORDER_MACHINE', () => {
  const sut = PURCHASE_ORDER_MACHINE;

  it('goes DRAFT → PENDING APPROVAL → PENDING SUPPLIER on approve, REJECTED on reject', () => {
    expect(sut.actions.submit).toMatchObject({ from: ['DRAFT'], to: 'PENDING APPROVAL' });
    expect(sut.actions.approve).toMatchObject({ to: 'PENDING SUPPLIER', check: 'approval', approval: true });
    expect(sut.actions.reject).toMatchObject({ to: 'REJECTED', remarkRequired: true });
  });

  it("leaves the supplier's answer and the receipts to the system", () => {
    expect(availableActions(sut, 'PENDING SUPPLIER', grant(true, true))).toEqual(['resend', 'cancel']);
    expect(canRunAction(sut, 'PENDING SUPPLIER', 'supplierConfirm')).toBe(true);
    expect(canRunAction(sut, 'CONFIRMED BY SUPPLIER', 'receivePart')).toBe(true);
    expect(canRunAction(sut, 'PARTIALLY RECEIVED', 'receiveAll')).toBe(true);
    expect(canRunAction(sut, 'RECEIVED', 'receivePart')).toBe(false);
  });

  it('offers approve and reject only with the approval right, cancel before any receipt, close after one', () => {
    expect(availableActions(sut, 'PENDING APPROVAL', grant(true, false))).toEqual(['recall', 'cancel']);
    expect(availableActions(sut, 'PENDING APPROVAL', grant(true, true))).toEqual([
      'recall',
      'approve',
      'reject',
      'cancel',
    ]);
    expect(availableActions(sut, 'PARTIALLY RECEIVED', grant(true, false))).toEqual(['close']);
    for (const status of sut.final) expect(availableActions(sut, status, grant(true, true))).toEqual([]);
  });
});
