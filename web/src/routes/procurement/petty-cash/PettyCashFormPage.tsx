import { PETTY_CASH_GST_TYPES, PETTY_CASH_MACHINE, pettyCashLineAmounts, pettyCashTotals } from '@scm/contracts';
import type { PettyCashGstType, PettyCashLineKind, PettyCashView } from '@scm/contracts';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { pettyCashApi, usePettyCashChoices } from '../../../api/petty-cash';
import { useSession } from '../../../api/session';
import { DocumentPage, clientRefusal, useDocumentLocations } from '../../../components/document';
import {
  ControlledSelect,
  FormSection,
  SignaturePad,
  useFieldProps,
  useFormMode,
  zodResolver,
} from '../../../components/form';
import type { FormMode } from '../../../components/form';
import { DateField } from '../../../components/ui/DateField';
import { TextField } from '../../../components/ui/TextField';
import { formatDate, formatDateTime, formatMoney, isoDate, toNumber } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { ReceiptList } from './ReceiptList';
import { PETTY_CASH_PATH, pettyCashFormSchema, toFormValues, toInput } from './petty-cash-form';
import type { PettyCashFormOutput, PettyCashFormValues } from './petty-cash-form';

/** /procurement/petty-cash/{type}: a petty cash claim — new, edit (DRAFT) and view with its actions. */
export default function PettyCashFormPage() {
  const mode = useFormMode();
  return <PettyCashForm key={mode.formKey} {...mode} />;
}

/** The claim's totals as typed, by the contract's rules (null until every amount is a number). */
function liveTotals(values: PettyCashFormValues, gstRate: string) {
  const lines: { kind: PettyCashLineKind; gst_amount: string; line_total: string }[] = [];
  for (const [kind, list] of [
    ['business', values.business_list],
    ['non_business', values.non_business_list],
  ] as const) {
    for (const line of list ?? []) {
      if (toNumber(line.claim_amount) === undefined) return null;
      if (!(PETTY_CASH_GST_TYPES as readonly string[]).includes(line.gst_type)) return null;
      try {
        lines.push({
          kind,
          ...pettyCashLineAmounts(line.claim_amount.trim(), line.gst_type as PettyCashGstType, gstRate),
        });
      } catch {
        return null;
      }
    }
  }
  return pettyCashTotals(lines);
}

function PettyCashForm({ mode, id, readOnly }: FormMode) {
  const { t } = useTranslation();
  const { user } = useSession();
  const can = useCan();
  const seesCost = user?.role.can_see_cost ?? false;
  const isNewDoc = mode === 'new' || mode === 'create' || mode === 'clone';
  const {
    data: record,
    error,
    isLoading,
  } = pettyCashApi.useRecord(mode === 'new' || mode === 'create' ? undefined : id);
  const document = isNewDoc ? undefined : record;
  const editing = !readOnly && (document === undefined || document.status === 'DRAFT');
  const locations = useDocumentLocations();
  const { data: choices } = usePettyCashChoices();
  const [receiptSignature, setReceiptSignature] = useState<string | null>(null);

  const form = useForm<PettyCashFormValues, unknown, PettyCashFormOutput>({
    resolver: zodResolver(pettyCashFormSchema),
    defaultValues: {
      location_id: user?.locations.length === 1 && user.locations[0] !== '*' ? user.locations[0] : '',
      claim_date: isoDate(new Date()),
      applicant_name: user?.employee_name ?? '',
      currency: 'SGD',
      remark: '',
      business_list: [],
      non_business_list: [],
      applicant_signature: null,
    },
  });
  const bind = useFieldProps(form, readOnly);
  const values = useMemo(() => (record ? toFormValues(record) : undefined), [record]);
  const watched = useWatch({ control: form.control }) as PettyCashFormValues;
  const currency = (editing ? watched.currency : document?.currency) || 'SGD';
  const gstRate = (editing ? choices?.gst_rate : document?.gst_rate) ?? document?.gst_rate ?? '0';
  const totals = editing ? liveTotals(watched, gstRate) : null;

  // A new claim starts in SGD when it has a rate, else in the reference currency (always offered).
  const currencies = choices?.currencies;
  useEffect(() => {
    if (!currencies || document || !editing) return;
    const current = form.getValues('currency');
    if (!currencies.includes(current)) form.setValue('currency', currencies.includes('SGD') ? 'SGD' : 'USD');
  }, [currencies, document, editing, form]);

  const signatureMessage = t('errors:PROCUREMENT_SIGNATURE_REQUIRED');
  const signatureError = form.formState.errors.applicant_signature?.message;

  const locationOptions = useMemo(() => {
    const options = [{ value: '', label: t('petty-cash:placeholders.location') }, ...locations.options];
    if (record && !options.some((option) => option.value === record.location_id)) {
      options.push({ value: record.location_id, label: `${record.location_id} · ${record.location_name}` });
    }
    return options;
  }, [locations.options, record, t]);
  const currencyOptions = useMemo(() => {
    const codes = new Set([...(choices?.currencies ?? ['USD', 'SGD']), ...(record ? [record.currency] : [])]);
    return [...codes].map((code) => ({ value: code, label: code }));
  }, [choices, record]);

  const save = (output: PettyCashFormOutput, idempotencyKey: string) =>
    document
      ? pettyCashApi.update(document.id, toInput(output, document.revision), idempotencyKey)
      : pettyCashApi.create(toInput(output), idempotencyKey);

  /**
   * SPEC.md §5: signing is required before submitting (the server refuses too, with the same message). While editing
   * the message goes under the pad; a draft viewed has no pad to point at, so the banner says it.
   */
  const checkSubmit = (output: PettyCashFormOutput) =>
    output.applicant_signature
      ? null
      : clientRefusal(signatureMessage, editing ? [{ field: 'applicant_signature', message: signatureMessage }] : []);

  /**
   * The kit's action call, with what petty cash adds: a claim viewed unsigned is refused before asking, and signing
   * for the cash carries the receiver's signature drawn on the page.
   */
  const actionsApi = useMemo(
    () => ({
      reload: (docId: string) => pettyCashApi.reload(docId),
      action: (docId: string, action: string, body: { revision: number; remark?: string }, key: string) => {
        // While editing, the draft is saved (signed) first and the kit's checkSubmit has looked at the form.
        if (action === 'submit' && !editing && document && !document.applicant_signature) {
          return Promise.reject(clientRefusal(signatureMessage));
        }
        if (action === 'sign') {
          if (!receiptSignature) {
            return Promise.reject(clientRefusal(signatureMessage, [{ field: 'signature', message: signatureMessage }]));
          }
          return pettyCashApi.action(docId, action, { ...body, signature: receiptSignature } as typeof body, key);
        }
        return pettyCashApi.action(docId, action, body, key);
      },
    }),
    [document, editing, receiptSignature, signatureMessage],
  );

  const money = (value: string | undefined, code = currency) => (value === undefined ? '—' : formatMoney(value, code));
  const shownTotals = editing ? totals : seesCost && document ? document : null;

  return (
    <DocumentPage
      form={form}
      mode={mode}
      machine={PETTY_CASH_MACHINE}
      api={actionsApi}
      title={t('routes:pettyCash')}
      listPath={PETTY_CASH_PATH}
      document={document}
      values={isNewDoc ? undefined : values}
      loading={!isNewDoc && Boolean(id) && isLoading}
      loadError={!isNewDoc && !id ? true : error}
      save={save}
      checkSubmit={checkSubmit}
      attachments={{ service: 'procurement', ownerType: 'petty-cash' }}
      print={() => (document ? printContent(document, t, seesCost) : null)}
    >
      <FormSection title={t('petty-cash:sections.header')} columns={3}>
        <ControlledSelect
          {...bind.select('location_id', t('petty-cash:fields.location'), { required: true })}
          disabled={readOnly || Boolean(document)}
          options={locationOptions}
          data-testid="pc-location"
        />
        <DateField {...bind.text('claim_date', t('petty-cash:fields.claim_date'), { required: true })} />
        <TextField {...bind.text('applicant_name', t('petty-cash:fields.applicant_name'))} data-testid="pc-applicant" />
        <ControlledSelect
          {...bind.select('currency', t('petty-cash:fields.currency'), { required: true })}
          options={currencyOptions}
          data-testid="pc-currency"
        />
        <TextField {...bind.text('remark', t('petty-cash:fields.remark'))} />
        <p className="self-end text-xs text-slate-500">{t('petty-cash:receiptsHint')}</p>
      </FormSection>

      <ReceiptList
        form={form}
        name="business_list"
        title={t('petty-cash:sections.business')}
        hint={t('petty-cash:sections.businessHint')}
        editing={editing}
        saved={document?.business_list ?? []}
        currency={currency}
        gstRate={gstRate}
        seesCost={seesCost}
        claimDate={watched.claim_date ?? ''}
      />
      <ReceiptList
        form={form}
        name="non_business_list"
        title={t('petty-cash:sections.nonBusiness')}
        hint={t('petty-cash:sections.nonBusinessHint')}
        editing={editing}
        saved={document?.non_business_list ?? []}
        currency={currency}
        gstRate={gstRate}
        seesCost={seesCost}
        claimDate={watched.claim_date ?? ''}
      />

      {shownTotals && (
        <section className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" data-testid="pc-totals">
          <h2 className="mb-2 text-sm font-semibold text-slate-800">{t('petty-cash:sections.totals')}</h2>
          <dl className="grid max-w-md grid-cols-2 gap-x-6 gap-y-1 text-sm">
            <dt className="text-slate-600">{t('petty-cash:fields.business_total')}</dt>
            <dd className="text-right tabular-nums">{money(shownTotals.business_total)}</dd>
            <dt className="text-slate-600">{t('petty-cash:fields.non_business_total')}</dt>
            <dd className="text-right tabular-nums">{money(shownTotals.non_business_total)}</dd>
            <dt className="text-slate-600">{t('petty-cash:fields.subtotal_amount')}</dt>
            <dd className="text-right tabular-nums">{money(shownTotals.subtotal_amount)}</dd>
            <dt className="text-slate-600">
              {t('petty-cash:fields.gst_amount')} ({Number(gstRate)}%)
            </dt>
            <dd className="text-right tabular-nums" data-testid="pc-total-gst">
              {money(shownTotals.gst_amount)}
            </dd>
            <dt className="text-slate-600">{t('petty-cash:fields.claimable_gst_amount')}</dt>
            <dd className="text-right tabular-nums">{money(shownTotals.claimable_gst_amount)}</dd>
            <dt className="font-medium text-slate-800">{t('petty-cash:fields.total_amount')}</dt>
            <dd className="text-right font-medium tabular-nums" data-testid="pc-total">
              {money(shownTotals.total_amount)}
            </dd>
            {!editing && document?.total_usd !== undefined && (
              <>
                <dt className="text-slate-600">{t('petty-cash:fields.total_usd')}</dt>
                <dd className="text-right tabular-nums">{formatMoney(document.total_usd)}</dd>
              </>
            )}
          </dl>
        </section>
      )}

      <section className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" data-testid="pc-signatures">
        <div className="grid gap-6 md:grid-cols-2">
          <div>
            {editing ? (
              <Controller
                control={form.control}
                name="applicant_signature"
                render={({ field }) => (
                  <SignaturePad
                    label={t('petty-cash:sections.applicantSignature')}
                    value={field.value ?? null}
                    onChange={(signature) => {
                      field.onChange(signature);
                      if (signature) form.clearErrors('applicant_signature');
                    }}
                    required
                    typedName={watched.applicant_name || user?.employee_name}
                    error={signatureError ? t(signatureError, { defaultValue: signatureError }) : undefined}
                    data-testid="pc-applicant-signature"
                  />
                )}
              />
            ) : (
              <SignaturePad
                label={t('petty-cash:sections.applicantSignature')}
                value={document?.applicant_signature ?? null}
                onChange={() => undefined}
                readOnly
                data-testid="pc-applicant-signature"
              />
            )}
            {!editing && document?.applicant_signed_time && (
              <p className="mt-1 text-xs text-slate-500">
                {document.applicant_name} ·{' '}
                {t('petty-cash:fields.applicant_signed', { time: formatDateTime(document.applicant_signed_time) })}
              </p>
            )}
          </div>
          {document && ['APPROVED', 'SIGNED', 'REFUNDED'].includes(document.status) && (
            <div>
              {document.status === 'APPROVED' && mode === 'view' && can('PC', 'edit') ? (
                <>
                  <SignaturePad
                    label={t('petty-cash:sections.receiptSignature')}
                    value={receiptSignature}
                    onChange={setReceiptSignature}
                    required
                    typedName={document.applicant_name}
                    data-testid="pc-receipt-signature"
                  />
                  <p className="mt-1 text-xs text-slate-500">{t('petty-cash:sections.receiptSignatureHint')}</p>
                </>
              ) : (
                <>
                  <SignaturePad
                    label={t('petty-cash:sections.receiptSignature')}
                    value={document.receipt_signature}
                    onChange={() => undefined}
                    readOnly
                    data-testid="pc-receipt-signature"
                  />
                  {document.receipt_signed_time && (
                    <p className="mt-1 text-xs text-slate-500">
                      {t('petty-cash:fields.signed_by', {
                        name: document.receipt_signed_by_name ?? '',
                        time: formatDateTime(document.receipt_signed_time),
                      })}
                    </p>
                  )}
                </>
              )}
            </div>
          )}
        </div>
      </section>
    </DocumentPage>
  );
}

function printContent(document: PettyCashView, t: TFunction, seesCost: boolean) {
  const money = (value: string | undefined) =>
    seesCost && value !== undefined ? formatMoney(value, document.currency) : '—';
  const lines = [...document.business_list, ...document.non_business_list];
  return {
    title: t('routes:pettyCash'),
    docNo: document.doc_no,
    status: document.status,
    fields: [
      [t('petty-cash:fields.location'), `${document.location_id} · ${document.location_name}`],
      [t('petty-cash:fields.claim_date'), formatDate(document.claim_date)],
      [t('petty-cash:fields.applicant_name'), document.applicant_name],
      [t('petty-cash:fields.currency'), document.currency],
      ...(seesCost
        ? [
            [t('petty-cash:fields.gst_amount'), money(document.gst_amount)],
            [t('petty-cash:fields.total_amount'), money(document.total_amount)],
          ]
        : []),
      ...(document.remark ? [[t('petty-cash:fields.remark'), document.remark]] : []),
    ] as [string, string][],
    table: {
      headers: [
        { label: '#' },
        { label: t('petty-cash:fields.receipt_date') },
        { label: t('petty-cash:fields.receipt_no') },
        { label: t('petty-cash:fields.description') },
        { label: t('petty-cash:fields.category') },
        { label: t('petty-cash:fields.gst_type') },
        { label: t('petty-cash:fields.line_total'), align: 'right' as const },
      ],
      rows: lines.map((line, index) => [
        index + 1,
        formatDate(line.receipt_date),
        line.receipt_no,
        `${line.kind === 'business' ? t('petty-cash:sections.business') : t('petty-cash:sections.nonBusiness')} · ${line.description}`,
        t(`petty-cash:categories.${line.category}`),
        t(`petty-cash:gstTypes.${line.gst_type}`),
        money(line.line_total),
      ]),
    },
    notes: (
      <div className="mt-6 grid grid-cols-2 gap-8 text-sm">
        {[
          [t('petty-cash:sections.applicantSignature'), document.applicant_signature, document.applicant_name],
          [t('petty-cash:sections.receiptSignature'), document.receipt_signature, document.receipt_signed_by_name],
        ].map(([label, signature, name]) => (
          <div key={label}>
            <p className="font-medium">{label}</p>
            {signature ? (
              <img src={signature} alt={label ?? ''} className="h-20 object-contain" data-testid="pc-print-signature" />
            ) : (
              <div className="h-20 border-b border-slate-400" />
            )}
            <p>{name ?? ''}</p>
          </div>
        ))}
      </div>
    ),
  };
}
