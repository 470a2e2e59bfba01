import type { PermissionEntry } from '../access/permission-rule.js';
import { availableActions, canRunAction } from '../documents/kit.js';
import {
  PETTY_CASH_MACHINE,
  pettyCashInputSchema,
  pettyCashLineAmounts,
  pettyCashSignSchema,
  pettyCashTotals,
} from './petty-cash.js';

const grant = (edit: boolean, approval: boolean): PermissionEntry[] => [
  { permission: { key: 'PC' }, view: true, edit, approval },
];

describe('PETTY_CASH_MACHINE', () => {
  const sut = PETTY_CASH_MACHINE;

  it('goes DRAFT → PENDING APPROVAL → APPROVED → SIGNED → REFUNDED, REJECTED with a remark', () => {
    expect(sut.actions.submit).toMatchObject({ from: ['DRAFT'], to: 'PENDING APPROVAL', check: 'edit' });
    expect(sut.actions.approve).toMatchObject({ to: 'APPROVED', check: 'approval', approval: true });
    expect(sut.actions.reject).toMatchObject({ to: 'REJECTED', remarkRequired: true });
    expect(sut.actions.sign).toMatchObject({ from: ['APPROVED'], to: 'SIGNED', check: 'edit' });
    expect(sut.actions.refund).toMatchObject({ from: ['SIGNED'], to: 'REFUNDED', check: 'approval' });
    expect(canRunAction(sut, 'APPROVED', 'refund')).toBe(false);
    expect(canRunAction(sut, 'PENDING APPROVAL', 'sign')).toBe(false);
  });

  it('offers sign to an editor once approved, refund only to an approver once signed', () => {
    expect(availableActions(sut, 'APPROVED', grant(true, false))).toEqual(['sign']);
    expect(availableActions(sut, 'SIGNED', grant(true, false))).toEqual([]);
    expect(availableActions(sut, 'SIGNED', grant(false, true))).toEqual(['refund']);
    for (const status of sut.final) expect(availableActions(sut, status, grant(true, true))).toEqual([]);
  });
});

describe(pettyCashLineAmounts.name, () => {
  it('takes GST out of an inclusive amount, adds it to an exclusive one, and none for no GST', () => {
    expect(pettyCashLineAmounts('109', 'inclusive', '9')).toEqual({ gst_amount: '9.00', line_total: '109.00' });
    expect(pettyCashLineAmounts('50', 'exclusive', '9')).toEqual({ gst_amount: '4.50', line_total: '54.50' });
    expect(pettyCashLineAmounts('20', 'none', '9')).toEqual({ gst_amount: '0.00', line_total: '20.00' });
    // Half a cent rounds up, and the total is the amount plus the GST as rounded (never a cent apart).
    expect(pettyCashLineAmounts('0.05', 'exclusive', '9')).toEqual({ gst_amount: '0.00', line_total: '0.05' });
    expect(pettyCashLineAmounts('12.50', 'exclusive', '9')).toEqual({ gst_amount: '1.13', line_total: '13.63' });
    expect(pettyCashLineAmounts('10', 'inclusive', '0')).toEqual({ gst_amount: '0.00', line_total: '10.00' });
  });
});

describe(pettyCashTotals.name, () => {
  it('totals each list and counts only the business GST as claimable', () => {
    expect(
      pettyCashTotals([
        { kind: 'business', gst_amount: '9.00', line_total: '109.00' },
        { kind: 'business', gst_amount: '4.50', line_total: '54.50' },
        { kind: 'non_business', gst_amount: '0.00', line_total: '20.00' },
        { kind: 'non_business', gst_amount: '0.90', line_total: '10.90' },
      ]),
    ).toEqual({
      business_total: '163.50',
      non_business_total: '30.90',
      gst_amount: '14.40',
      claimable_gst_amount: '13.50',
      subtotal_amount: '180.00',
      total_amount: '194.40',
    });
  });
});

describe('pettyCashInputSchema', () => {
  const receipt = {
    receipt_date: '2026-03-01',
    receipt_no: 'R-1',
    description: 'Taxi',
    category: 'TRANSPORT',
    claim_amount: '12.5',
    gst_type: 'none',
  };
  const base = { location_id: 'OUT1', claim_date: '2026-03-02', currency: 'sgd', business_list: [receipt] };

  it('reads a claim with its defaults, the currency upper-cased and the amount at 2 decimals', () => {
    expect(pettyCashInputSchema.parse(base)).toMatchObject({
      currency: 'SGD',
      applicant_name: '',
      non_business_list: [],
      business_list: [expect.objectContaining({ claim_amount: '12.50' })],
    });
  });

  it('refuses a signature that is not a PNG data URL, an unknown category and a third decimal', () => {
    expect(
      pettyCashInputSchema.safeParse({ ...base, applicant_signature: 'data:image/svg+xml;base64,AAAA' }).success,
    ).toBe(false);
    expect(
      pettyCashInputSchema.safeParse({ ...base, applicant_signature: 'data:image/png;base64,iVBORw0KGgo=' }).success,
    ).toBe(true);
    expect(
      pettyCashInputSchema.safeParse({ ...base, business_list: [{ ...receipt, category: 'HOLIDAY' }] }).success,
    ).toBe(false);
    expect(
      pettyCashInputSchema.safeParse({ ...base, business_list: [{ ...receipt, claim_amount: '1.005' }] }).success,
    ).toBe(false);
    expect(pettyCashSignSchema.safeParse({ revision: 4, signature: 'not a picture' }).success).toBe(false);
  });

  it('refuses a receipt dated after the claim, on its date', () => {
    const later = pettyCashInputSchema.safeParse({
      ...base,
      non_business_list: [{ ...receipt, receipt_date: '2026-03-03' }],
    });
    expect(later.success).toBe(false);
    expect(later.error?.issues).toEqual([
      expect.objectContaining({
        path: ['non_business_list', 0, 'receipt_date'],
        message: 'validation.receipt_after_claim_date',
      }),
    ]);
  });
});
