import { STOCK_ADJUSTMENT_MACHINE, STOCK_TAKE_MACHINE } from '@scm/contracts';
import type { AccessTokenClaims, PermissionEntry } from '@scm/contracts';
import {
  actorOf,
  approvalLimitCovers,
  approvalValueOf,
  assertActionPermitted,
  assertEditable,
  assertRemarkGiven,
  assertRevision,
  assertWithinApprovalLimit,
  availableActionsFor,
  ruleOf,
} from './document-rules.js';
import { formatDocumentNumber } from './document-number.js';

const entry = (key: string, grants: Partial<Omit<PermissionEntry, 'permission'>>): PermissionEntry => ({
  permission: { key },
  view: false,
  edit: false,
  approval: false,
  ...grants,
});

function user(perms: PermissionEntry[], limit: string | null = null): AccessTokenClaims {
  return { sub: 'u-1', sid: 's-1', name: 'Ann', role: 'r-1', perms, cost: true, limit, locs: ['*'], lang: null };
}

/** The error a call throws (its code and params), or undefined. */
function thrown(call: () => unknown): { code?: string; params?: Record<string, unknown> } | undefined {
  try {
    call();
  } catch (error) {
    return error as { code?: string; params?: Record<string, unknown> };
  }
  return undefined;
}

describe(assertEditable.name, () => {
  it('allows edits only in the machine editable statuses, and names the status otherwise', () => {
    expect(() => assertEditable(STOCK_ADJUSTMENT_MACHINE, 'DRAFT')).not.toThrow();
    expect(() => assertEditable(STOCK_TAKE_MACHINE, 'RECOUNT')).not.toThrow();
    expect(thrown(() => assertEditable(STOCK_ADJUSTMENT_MACHINE, 'PENDING APPROVAL'))).toMatchObject({
      code: 'DOCUMENT_NOT_EDITABLE',
      params: { status: 'PENDING APPROVAL' },
    });
  });
});

describe(assertRevision.name, () => {
  it('accepts the current revision only: a missing or an older one is stale', () => {
    expect(() => assertRevision(3, 3)).not.toThrow();
    expect(() => assertRevision('3', 3)).not.toThrow();
    expect(thrown(() => assertRevision(3, 2))).toMatchObject({ code: 'DOCUMENT_STALE_REVISION' });
    expect(thrown(() => assertRevision(3, 4))).toMatchObject({ code: 'DOCUMENT_STALE_REVISION' });
    expect(thrown(() => assertRevision(3, undefined))).toMatchObject({ code: 'DOCUMENT_STALE_REVISION' });
  });
});

describe(ruleOf.name, () => {
  it('answers the rule of an action the status allows', () => {
    expect(ruleOf(STOCK_ADJUSTMENT_MACHINE, 'PENDING APPROVAL', 'approve').to).toBe('APPROVED');
  });

  it('refuses an action from another status, an unknown action and a system action, naming action and status', () => {
    expect(thrown(() => ruleOf(STOCK_ADJUSTMENT_MACHINE, 'DRAFT', 'approve'))).toMatchObject({
      code: 'DOCUMENT_ACTION_NOT_ALLOWED',
      params: { action: 'approve', status: 'DRAFT' },
    });
    expect(thrown(() => ruleOf(STOCK_ADJUSTMENT_MACHINE, 'DRAFT', 'toString'))).toMatchObject({
      code: 'DOCUMENT_ACTION_NOT_ALLOWED',
    });
    expect(thrown(() => ruleOf(STOCK_TAKE_MACHINE, 'PENDING SA', 'complete'))).toMatchObject({
      code: 'DOCUMENT_ACTION_NOT_ALLOWED',
    });
    expect(ruleOf(STOCK_TAKE_MACHINE, 'PENDING SA', 'complete', true).to).toBe('COMPLETED');
  });
});

describe(availableActionsFor.name, () => {
  it('offers what the machine allows from the status and the role grants, never a system action', () => {
    const editor = user([entry('SA', { view: true, edit: true })]);
    const approver = user([entry('SA', { approval: true })]);
    expect(availableActionsFor(STOCK_ADJUSTMENT_MACHINE, 'PENDING APPROVAL', editor)).toEqual(['recall', 'discard']);
    expect(availableActionsFor(STOCK_ADJUSTMENT_MACHINE, 'PENDING APPROVAL', approver)).toEqual([
      'recall',
      'approve',
      'reject',
      'discard',
    ]);
    expect(availableActionsFor(STOCK_ADJUSTMENT_MACHINE, 'APPROVED', approver)).toEqual([]);
    expect(availableActionsFor(STOCK_TAKE_MACHINE, 'PENDING SA', user([entry('ST', { approval: true })]))).toEqual([]);
  });
});

describe(assertActionPermitted.name, () => {
  it('asks the rule check on the machine key: edit for submit, approval for approve', () => {
    const editor = user([entry('SA', { edit: true })]);
    const submit = ruleOf(STOCK_ADJUSTMENT_MACHINE, 'DRAFT', 'submit');
    const approve = ruleOf(STOCK_ADJUSTMENT_MACHINE, 'PENDING APPROVAL', 'approve');
    expect(() => assertActionPermitted(STOCK_ADJUSTMENT_MACHINE, submit, editor)).not.toThrow();
    expect(thrown(() => assertActionPermitted(STOCK_ADJUSTMENT_MACHINE, approve, editor))).toMatchObject({
      code: 'FORBIDDEN',
    });
    // Approval on another key grants nothing here.
    expect(
      thrown(() => assertActionPermitted(STOCK_ADJUSTMENT_MACHINE, approve, user([entry('ST', { approval: true })]))),
    ).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe(assertRemarkGiven.name, () => {
  it('asks a remark where the rule says so, blanks not counting', () => {
    const reject = ruleOf(STOCK_ADJUSTMENT_MACHINE, 'PENDING APPROVAL', 'reject');
    const approve = ruleOf(STOCK_ADJUSTMENT_MACHINE, 'PENDING APPROVAL', 'approve');
    expect(thrown(() => assertRemarkGiven(reject, 'reject', '  '))).toMatchObject({
      code: 'DOCUMENT_REMARK_REQUIRED',
      params: { action: 'reject' },
    });
    expect(thrown(() => assertRemarkGiven(reject, 'reject', undefined))).toMatchObject({
      code: 'DOCUMENT_REMARK_REQUIRED',
    });
    expect(() => assertRemarkGiven(reject, 'reject', 'wrong count')).not.toThrow();
    expect(() => assertRemarkGiven(approve, 'approve', undefined)).not.toThrow();
  });
});

describe('approval limit', () => {
  it('compares exactly, past the 15 to 17 significant digits a float keeps', () => {
    expect(approvalLimitCovers('1000.00', '1000')).toBe(true);
    expect(approvalLimitCovers('1000.00', '1000.0000001')).toBe(false);
    expect(approvalLimitCovers('9999999999999999.99', '9999999999999999.98')).toBe(true);
    expect(approvalLimitCovers('9999999999999999.98', '9999999999999999.99')).toBe(false);
    expect(approvalLimitCovers(null, '123456789012345678.12')).toBe(true);
  });

  it('bounds a negative value (a write-off) by its magnitude, and refuses a missing or malformed value', () => {
    expect(approvalValueOf('-1500.5')).toBe('1500.5');
    expect(approvalValueOf('0')).toBe('0');
    expect(() => approvalValueOf(null)).toThrow(/value_usd/);
    expect(() => approvalValueOf('')).toThrow(/value_usd/);
    expect(() => approvalValueOf('12abc')).toThrow(/not a decimal/);
  });

  it('refuses above the limit naming value and limit, and never shows a value that looks within it', () => {
    expect(() => assertWithinApprovalLimit({ limit: null }, '1000000')).not.toThrow();
    expect(() => assertWithinApprovalLimit({ limit: '500' }, '500')).not.toThrow();
    expect(thrown(() => assertWithinApprovalLimit({ limit: '500' }, '500.01'))).toMatchObject({
      code: 'DOCUMENT_APPROVAL_LIMIT_EXCEEDED',
      params: { value: '500.01', limit: '500.00' },
    });
    expect(thrown(() => assertWithinApprovalLimit({ limit: '100' }, '100.0040000'))).toMatchObject({
      params: { value: '100.004', limit: '100.00' },
    });
  });
});

describe(actorOf.name, () => {
  it('is the user id and name of the token', () => {
    expect(actorOf(user([]))).toEqual({ id: 'u-1', name: 'Ann' });
  });
});

describe(formatDocumentNumber.name, () => {
  it('pads the counter to six digits and never cuts a longer one', () => {
    expect(formatDocumentNumber('SA', 'OUTLET1', 1)).toBe('SA-OUTLET1-000001');
    expect(formatDocumentNumber('ST', 'HQ', '123')).toBe('ST-HQ-000123');
    expect(formatDocumentNumber('SA', 'HQ', 1234567n)).toBe('SA-HQ-1234567');
  });
});
