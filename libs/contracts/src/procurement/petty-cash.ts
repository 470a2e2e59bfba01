import { z } from 'zod';
import { costFields } from '../common/cost-fields.js';
import { exact, roundTo, sumAt } from '../common/decimals.js';
import { V, decimalString, optionalText, requiredText } from '../common/schema.js';
import type { DocumentHeaderView } from '../documents/kit.js';
import { defineDocumentMachine } from '../documents/kit.js';
import { isoDateSchema } from '../inventory/posting.js';

/**
 * SPEC.md §4: a petty cash claim's statuses. REFUNDED is the refund list's: a SIGNED claim (the cash handed over and
 * signed for) is marked REFUNDED once the outlet's float has been topped up by it.
 */
export const PETTY_CASH_STATUSES = ['DRAFT', 'PENDING APPROVAL', 'APPROVED', 'REJECTED', 'SIGNED', 'REFUNDED'] as const;
export type PettyCashStatus = (typeof PETTY_CASH_STATUSES)[number];

/**
 * The petty cash machine (SPEC.md §3-§5): the applicant signs the claim and submits it (refused unsigned), an
 * approver approves it within their limit on the claim's total in USD, the cash is handed over and signed for
 * (SIGNED), and the refund list marks it REFUNDED. Nothing here moves stock.
 */
export const PETTY_CASH_MACHINE = defineDocumentMachine({
  type: 'PC',
  permissionKey: 'PC',
  statuses: PETTY_CASH_STATUSES,
  initial: 'DRAFT',
  editableIn: ['DRAFT'],
  final: ['REJECTED', 'REFUNDED'],
  actions: {
    submit: { from: ['DRAFT'], to: 'PENDING APPROVAL', check: 'edit' },
    recall: { from: ['PENDING APPROVAL'], to: 'DRAFT', check: 'edit' },
    approve: { from: ['PENDING APPROVAL'], to: 'APPROVED', check: 'approval', approval: true },
    reject: { from: ['PENDING APPROVAL'], to: 'REJECTED', check: 'approval', remarkRequired: true, confirm: true },
    /** The cash is handed over: the receiver signs for it (the body carries the signature). */
    sign: { from: ['APPROVED'], to: 'SIGNED', check: 'edit' },
    /** The claim is refunded to the outlet's float (one by one here, or many at once from the refund list). */
    refund: { from: ['SIGNED'], to: 'REFUNDED', check: 'approval', confirm: true },
  },
});
export type PettyCashAction = keyof typeof PETTY_CASH_MACHINE.actions;

export const PETTY_CASH_USER_ACTIONS = ['submit', 'recall', 'approve', 'reject', 'sign', 'refund'] as const;
export type PettyCashUserAction = (typeof PETTY_CASH_USER_ACTIONS)[number];

/** How a receipt's amount carries GST: it includes it, GST comes on top, or the receipt has none. */
export const PETTY_CASH_GST_TYPES = ['inclusive', 'exclusive', 'none'] as const;
export type PettyCashGstType = (typeof PETTY_CASH_GST_TYPES)[number];

/** The expense categories a line is booked to (translated: `petty-cash:categories.<code>`). */
export const PETTY_CASH_CATEGORIES = [
  'TRANSPORT',
  'MEALS',
  'OFFICE_SUPPLIES',
  'REPAIRS',
  'CLEANING',
  'UTILITIES',
  'STAFF_WELFARE',
  'ENTERTAINMENT',
  'OTHERS',
] as const;
export type PettyCashCategory = (typeof PETTY_CASH_CATEGORIES)[number];

/** The two lists of a claim: business expenses (GST claimable) and non-business ones (staff welfare...). */
export const PETTY_CASH_LINE_KINDS = ['business', 'non_business'] as const;
export type PettyCashLineKind = (typeof PETTY_CASH_LINE_KINDS)[number];

/** Every amount of a claim is a cost: removed for roles without can_see_cost. */
export const PETTY_CASH_COST_FIELDS = costFields('petty_cash', [
  'claim_amount',
  'gst_amount',
  'line_total',
  'business_total',
  'non_business_total',
  'claimable_gst_amount',
  'subtotal_amount',
  'total_amount',
  'total_usd',
]);

/** A signature as the signature pad gives it: a PNG data URL (a few tens of kB; 300 000 characters at most). */
export const SIGNATURE_MAX_LENGTH = 300_000;
export const signatureSchema = z
  .string({ error: V.invalid })
  .max(SIGNATURE_MAX_LENGTH, { error: V.invalid })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { error: V.invalid });

const money = decimalString({ scale: 2, positive: true, max: '999999999' });

/** One receipt of the claim. */
export const pettyCashLineInputSchema = z
  .object({
    receipt_date: isoDateSchema,
    receipt_no: requiredText(100),
    description: requiredText(500),
    category: z.enum(PETTY_CASH_CATEGORIES, { error: V.required }),
    /** The receipt's amount as printed, in the claim's currency. */
    claim_amount: money,
    gst_type: z.enum(PETTY_CASH_GST_TYPES, { error: V.required }),
  })
  .strict();

/** A receipt dated after its claim (SPEC.md §5 style message, libs/i18n validation.json). */
export const RECEIPT_AFTER_CLAIM_DATE = 'validation.receipt_after_claim_date';

export const pettyCashInputSchema = z
  .object({
    location_id: requiredText(100),
    claim_date: isoDateSchema,
    /** Who spent the money (absent: the user creating the claim). */
    applicant_name: optionalText(200),
    /** The float's currency (ISO code); converted to USD at the rate in effect on claim_date. */
    currency: z
      .string({ error: V.required })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: V.invalid }),
    remark: optionalText(1000),
    business_list: z.array(pettyCashLineInputSchema).max(200).optional().default([]),
    non_business_list: z.array(pettyCashLineInputSchema).max(200).optional().default([]),
    /** The applicant's signature (PNG data URL); null or absent: not signed yet. Submitting needs it. */
    applicant_signature: signatureSchema.nullable().optional(),
    revision: z.number().int().positive().optional(),
  })
  .strict()
  // A claim is for money already spent: no receipt can be dated after it (dates are YYYY-MM-DD, so text order is
  // date order).
  .superRefine((claim, ctx) => {
    for (const list of ['business_list', 'non_business_list'] as const) {
      claim[list].forEach((line, index) => {
        if (line.receipt_date > claim.claim_date) {
          ctx.addIssue({ code: 'custom', message: RECEIPT_AFTER_CLAIM_DATE, path: [list, index, 'receipt_date'] });
        }
      });
    }
  });
export type PettyCashInput = z.input<typeof pettyCashInputSchema>;
export type ValidPettyCashInput = z.output<typeof pettyCashInputSchema>;

/** `POST petty-cash/:id/sign`: the revision seen and the receiver's signature (refused without one). */
export const pettyCashSignSchema = z
  .object({
    revision: z.number().int().positive(),
    remark: z.string().trim().max(500).optional(),
    signature: signatureSchema.optional(),
  })
  .strict();
export type PettyCashSignInput = z.infer<typeof pettyCashSignSchema>;

/** `POST petty-cash/refund`: SIGNED claims refunded to their outlets' floats, all or none. */
export const pettyCashRefundSchema = z
  .object({
    ids: z
      .array(z.uuid({ error: V.invalid }))
      .min(1, { error: V.required })
      .max(200),
    remark: z.string().trim().max(500).optional(),
  })
  .strict();
export type PettyCashRefundInput = z.infer<typeof pettyCashRefundSchema>;

/**
 * A receipt's GST and total at `gstRate` percent, exact to 2 decimals: inclusive — the amount is the total and GST is
 * the part of it (amount × rate / (100 + rate)); exclusive — GST is added (amount × rate / 100); none — no GST. The
 * purchase order's rule (purchase-order-pricing.ts), per receipt since each has its own.
 */
export function pettyCashLineAmounts(
  claimAmount: string,
  gstType: PettyCashGstType,
  gstRate: string,
): { gst_amount: string; line_total: string } {
  const amount = exact(claimAmount);
  const rate = exact(gstRate);
  if (gstType === 'none' || rate.isZero()) return { gst_amount: '0.00', line_total: roundTo(amount, 2) };
  if (gstType === 'inclusive') {
    return { gst_amount: roundTo(amount.times(rate).dividedBy(rate.plus(100)), 2), line_total: roundTo(amount, 2) };
  }
  const gst = exact(roundTo(amount.times(rate).dividedBy(100), 2));
  return { gst_amount: roundTo(gst, 2), line_total: roundTo(amount.plus(gst), 2) };
}

export interface PettyCashTotals {
  business_total: string;
  non_business_total: string;
  /** GST of the whole claim. */
  gst_amount: string;
  /** GST of the business list only: non-business GST is not claimable as input tax. */
  claimable_gst_amount: string;
  /** Total before GST. */
  subtotal_amount: string;
  total_amount: string;
}

/** The claim's totals from its priced lines. */
export function pettyCashTotals(
  lines: readonly { kind: PettyCashLineKind; gst_amount: string; line_total: string }[],
): PettyCashTotals {
  const of = (kind: PettyCashLineKind | null, field: 'gst_amount' | 'line_total') =>
    sumAt(
      lines.filter((line) => kind === null || line.kind === kind).map((line) => line[field]),
      2,
    );
  const total = of(null, 'line_total');
  const gst = of(null, 'gst_amount');
  return {
    business_total: of('business', 'line_total'),
    non_business_total: of('non_business', 'line_total'),
    gst_amount: gst,
    claimable_gst_amount: of('business', 'gst_amount'),
    subtotal_amount: roundTo(exact(total).minus(exact(gst)), 2),
    total_amount: total,
  };
}

export interface PettyCashLineView {
  line_no: number;
  kind: PettyCashLineKind;
  receipt_date: string;
  receipt_no: string;
  description: string;
  category: PettyCashCategory;
  gst_type: PettyCashGstType;
  claim_amount?: string;
  gst_amount?: string;
  line_total?: string;
}

export interface PettyCashView extends DocumentHeaderView<PettyCashStatus>, Partial<PettyCashTotals> {
  claim_date: string;
  applicant_name: string;
  currency: string;
  exchange_rate: string;
  /** The GST rate in percent the claim was priced at (the company's default rate when it was last saved). */
  gst_rate: string;
  total_usd?: string;
  remark: string;
  business_list: PettyCashLineView[];
  non_business_list: PettyCashLineView[];
  applicant_signature: string | null;
  applicant_signed_time: string | null;
  receipt_signature: string | null;
  receipt_signed_by_name: string | null;
  receipt_signed_time: string | null;
  refunded_time: string | null;
}

/** `GET petty-cash/choices`: what a new claim may be in, and the GST rate its receipts are priced at. */
export interface PettyCashChoices {
  /** USD and every currency with an exchange rate. */
  currencies: string[];
  /** The company's default GST rate in percent ('0.0000' when none is set). */
  gst_rate: string;
}

export interface PettyCashListRow {
  id: string;
  doc_no: string;
  status: PettyCashStatus;
  location_id: string;
  location_name: string;
  claim_date: string;
  applicant_name: string;
  currency: string;
  total_amount?: string;
  total_usd?: string;
  created_by_name: string;
  created_time: string;
  last_updated_time: string;
}
