import { V } from '@scm/contracts';
import type { PettyCashCategory, PettyCashGstType, PettyCashInput, PettyCashView } from '@scm/contracts';
import { z } from 'zod';

/** The route of petty cash (SPEC.md §2) and its refund list. */
export const PETTY_CASH_PATH = '/procurement/petty-cash';
export const PETTY_CASH_REFUND_PATH = `${PETTY_CASH_PATH}/refund`;

const required = z.string({ error: V.required }).trim().min(1, { error: V.required });

/** A receipt as typed: the server checks the rest (amount's decimals, dates) and answers on the same paths. */
const receiptSchema = z.object({
  receipt_date: required,
  receipt_no: required,
  description: required,
  category: z.string(),
  claim_amount: required,
  gst_type: z.string(),
});

/** The form: the claim's header, its two lists (named as the API names them) and the applicant's signature. */
export const pettyCashFormSchema = z.object({
  location_id: required,
  claim_date: required,
  applicant_name: z.string(),
  currency: required,
  remark: z.string(),
  business_list: z.array(receiptSchema),
  non_business_list: z.array(receiptSchema),
  applicant_signature: z.string().nullable(),
});
export type PettyCashFormValues = z.input<typeof pettyCashFormSchema>;
export type PettyCashFormOutput = z.output<typeof pettyCashFormSchema>;

const trimZeros = (value: string | undefined) =>
  value === undefined ? '' : value.includes('.') ? value.replace(/\.?0+$/, '') : value;

export function toFormValues(view: PettyCashView): PettyCashFormValues {
  const lines = (list: PettyCashView['business_list']) =>
    list.map((line) => ({
      receipt_date: line.receipt_date,
      receipt_no: line.receipt_no,
      description: line.description,
      category: line.category,
      claim_amount: trimZeros(line.claim_amount),
      gst_type: line.gst_type,
    }));
  return {
    location_id: view.location_id,
    claim_date: view.claim_date,
    applicant_name: view.applicant_name,
    currency: view.currency,
    remark: view.remark,
    business_list: lines(view.business_list),
    non_business_list: lines(view.non_business_list),
    applicant_signature: view.applicant_signature,
  };
}

export function toInput(values: PettyCashFormOutput, revision?: number): PettyCashInput {
  const lines = (list: PettyCashFormOutput['business_list']) =>
    list.map((line) => ({
      receipt_date: line.receipt_date,
      receipt_no: line.receipt_no,
      description: line.description,
      category: line.category as PettyCashCategory,
      claim_amount: line.claim_amount.trim(),
      gst_type: line.gst_type as PettyCashGstType,
    }));
  return {
    location_id: values.location_id,
    claim_date: values.claim_date,
    applicant_name: values.applicant_name,
    currency: values.currency,
    remark: values.remark,
    business_list: lines(values.business_list),
    non_business_list: lines(values.non_business_list),
    applicant_signature: values.applicant_signature,
    ...(revision !== undefined && { revision }),
  };
}
