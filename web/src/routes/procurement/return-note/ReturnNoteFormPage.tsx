import { RETURN_NOTE_MACHINE, RETURN_REASONS, V } from '@scm/contracts';
import type { ReturnNoteInput, ReturnNoteView, ReturnReason, ReturnableLine } from '@scm/contracts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { returnNotesApi, useReturnableLines, useReturnableReceivingOrders } from '../../../api/return-notes';
import { useSession } from '../../../api/session';
import { DocumentPage, clientRefusal } from '../../../components/document';
import { ControlledSelect, FormSection, useFieldProps, useFormMode, zodResolver } from '../../../components/form';
import type { FormMode } from '../../../components/form';
import { TextField } from '../../../components/ui/TextField';
import { formatMoney, formatQuantity, toNumber } from '../../../lib/format';
import { RETURN_NOTE_PATH } from './paths';

/** The form: the receiving order, the remarks, and per RO line the quantity going back (blank: none) and why. */
const formSchema = z.object({
  receiving_order_id: z.string({ error: V.required }).min(1, { error: V.required }),
  remark: z.string(),
  lines: z.record(z.string(), z.object({ return_qty: z.string(), reason: z.string() })),
});
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const trimZeros = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

function toFormValues(view: ReturnNoteView): FormValues {
  return {
    receiving_order_id: view.receiving_order_id,
    remark: view.remark,
    lines: Object.fromEntries(
      view.return_list.map((line) => [
        String(line.ro_line_no),
        { return_qty: trimZeros(line.return_qty), reason: line.reason },
      ]),
    ),
  };
}

/** What is sent: the RO lines with a quantity, each with its reason. */
function toInput(values: FormOutput, revision?: number): ReturnNoteInput {
  return {
    receiving_order_id: values.receiving_order_id,
    remark: values.remark,
    return_list: Object.entries(values.lines)
      .filter(([, line]) => line.return_qty.trim() !== '')
      .map(([lineNo, line]) => ({
        ro_line_no: Number(lineNo),
        return_qty: line.return_qty.trim(),
        reason: line.reason as ReturnReason,
      })),
    ...(revision !== undefined && { revision }),
  };
}

/** /procurement/return-note/{type}: a return note — new (from a received RO), edit (DRAFT) and view with actions. */
export default function ReturnNoteFormPage() {
  const mode = useFormMode();
  return <ReturnNoteForm key={mode.formKey} {...mode} />;
}

const inputClass =
  'ml-auto block h-9 w-28 rounded-md border border-slate-300 px-3 text-right text-sm tabular-nums focus:ring-2 focus:ring-blue-500 focus:outline-none';

function ReturnNoteForm({ mode, id, readOnly }: FormMode) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params] = useSearchParams();
  const seesCost = user?.role.can_see_cost ?? false;
  const isNewDoc = mode === 'new' || mode === 'create' || mode === 'clone';
  const {
    data: record,
    error,
    isLoading,
  } = returnNotesApi.useRecord(mode === 'new' || mode === 'create' ? undefined : id);
  const document = isNewDoc ? undefined : record;
  const editing = !readOnly && (document === undefined || document.status === 'DRAFT');
  const { data: receipts } = useReturnableReceivingOrders(editing);
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      // "Create return note" on a received receiving order's page comes with it.
      receiving_order_id: params.get('receiving_order_id') ?? '',
      remark: '',
      lines: {},
    },
  });
  const bind = useFieldProps(form, readOnly);
  const values = useMemo(() => (record ? toFormValues(record) : undefined), [record]);
  const roId = form.watch('receiving_order_id');
  const typed = form.watch('lines');
  const { data: offered = [] } = useReturnableLines(editing && roId ? roId : undefined);

  /**
   * The lines shown: the document's own (their available quantity leaves this note out) and, while editing, every
   * other line of the receiving order as the server counts it now.
   */
  const rows = useMemo(() => {
    const own = new Map((document?.return_list ?? []).map((line) => [line.ro_line_no, line as ReturnableLine]));
    if (!editing) return [...own.values()];
    return offered.map((line) => own.get(line.ro_line_no) ?? line);
  }, [document, editing, offered]);

  const receiptOptions = useMemo(() => {
    const options = [
      { value: '', label: t('return-note:placeholders.receivingOrder') },
      ...(receipts ?? []).map((receipt) => ({
        value: receipt.id,
        label: `${receipt.doc_no} · ${receipt.supplier_name} · ${receipt.location_id}`,
      })),
    ];
    if (record && !options.some((option) => option.value === record.receiving_order_id)) {
      options.push({ value: record.receiving_order_id, label: record.receiving_order_no });
    }
    return options;
  }, [receipts, record, t]);
  const chosen = receipts?.find((receipt) => receipt.id === roId);

  const setLine = (lineNo: number, patch: Partial<FormValues['lines'][string]>) => {
    const lines = form.getValues('lines');
    const current = lines[String(lineNo)] ?? { return_qty: '', reason: 'DAMAGED' };
    form.setValue('lines', { ...lines, [String(lineNo)]: { ...current, ...patch } }, { shouldDirty: true });
  };
  const over = (line: ReturnableLine) => {
    const quantity = toNumber(typed[String(line.ro_line_no)]?.return_qty ?? '');
    return quantity !== undefined && quantity > Number(line.available_qty);
  };

  const save = (output: FormOutput, idempotencyKey: string) => {
    const input = toInput(output, document?.revision);
    if (input.return_list.length === 0) {
      throw clientRefusal(t('return-note:nothingEntered'), [
        { field: 'return_list', message: t('return-note:nothingEntered') },
      ]);
    }
    return document
      ? returnNotesApi.update(document.id, input, idempotencyKey)
      : returnNotesApi.create(input, idempotencyKey);
  };

  const banner =
    document?.status === 'RECEIVED' ? (
      <p
        className={`rounded-md px-4 py-2 text-sm ${document.stock_posted ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-800'}`}
        data-testid="rn-stock-state"
      >
        {document.stock_posted ? t('return-note:stockPosted') : t('return-note:stockPending')}
      </p>
    ) : undefined;

  return (
    <DocumentPage
      form={form}
      mode={mode}
      machine={RETURN_NOTE_MACHINE}
      api={returnNotesApi}
      title={t('routes:returnNote')}
      listPath={RETURN_NOTE_PATH}
      document={document}
      values={isNewDoc ? undefined : values}
      loading={!isNewDoc && Boolean(id) && isLoading}
      loadError={!isNewDoc && !id ? true : error}
      save={save}
      banner={banner}
      attachments={{ service: 'procurement', ownerType: 'return-note' }}
      print={() =>
        document
          ? {
              title: t('routes:returnNote'),
              docNo: document.doc_no,
              status: document.status,
              fields: [
                [t('return-note:fields.receiving_order'), document.receiving_order_no],
                [t('return-note:fields.supplier'), `${document.supplier_id} · ${document.supplier_name}`],
                [t('return-note:fields.location'), `${document.location_id} · ${document.location_name}`],
                [t('return-note:fields.remark'), document.remark || '—'],
              ],
              table: {
                headers: [
                  { label: '#' },
                  { label: t('documents:lines.item') },
                  { label: t('documents:lines.unit') },
                  { label: t('return-note:fields.return_qty'), align: 'right' },
                  { label: t('return-note:fields.reason') },
                  ...(seesCost ? [{ label: t('return-note:fields.line_subtotal'), align: 'right' as const }] : []),
                ],
                rows: document.return_list.map((line) => [
                  line.line_no,
                  `${line.sku_name} (${line.sku_id})`,
                  line.uom_name,
                  formatQuantity(line.return_qty),
                  t(`return-note:reasons.${line.reason}`),
                  ...(seesCost ? [formatMoney(line.line_subtotal, document.currency)] : []),
                ]),
              },
            }
          : null
      }
    >
      <FormSection title={t('return-note:sections.header')} columns={3}>
        <ControlledSelect
          {...bind.select('receiving_order_id', t('return-note:fields.receiving_order'), { required: true })}
          disabled={!editing || Boolean(document)}
          options={receiptOptions}
          data-testid="rn-receiving-order"
        />
        <TextField
          label={t('return-note:fields.supplier')}
          value={document ? `${document.supplier_id} · ${document.supplier_name}` : (chosen?.supplier_name ?? '')}
          readOnly
        />
        <TextField
          label={t('return-note:fields.location')}
          value={document ? `${document.location_id} · ${document.location_name}` : (chosen?.location_id ?? '')}
          readOnly
        />
        <TextField {...bind.text('remark', t('return-note:fields.remark'))} />
      </FormSection>

      <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="rn-return-list">
        <h2 className="mb-3 text-sm font-semibold text-slate-800">{t('return-note:sections.returnList')}</h2>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600">{t('return-note:noLines')}</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th className="py-1">#</th>
                <th>{t('documents:lines.item')}</th>
                <th>{t('documents:lines.unit')}</th>
                <th className="text-right">{t('return-note:fields.received_qty')}</th>
                <th className="text-right">{t('return-note:fields.returned_qty')}</th>
                <th className="text-right">{t('return-note:fields.on_hand_qty')}</th>
                <th className="text-right">{t('return-note:fields.available_qty')}</th>
                <th className="text-right">{t('return-note:fields.return_qty')}</th>
                <th className="pl-3">{t('return-note:fields.reason')}</th>
                {seesCost && <th className="text-right">{t('return-note:fields.unit_price')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((line) => {
                const entry = typed[String(line.ro_line_no)];
                const saved = document?.return_list.find((candidate) => candidate.ro_line_no === line.ro_line_no);
                return (
                  <tr
                    key={line.ro_line_no}
                    className="border-t border-slate-100"
                    data-testid={`rn-line-${line.ro_line_no}`}
                  >
                    <td className="py-1">{line.ro_line_no}</td>
                    <td>{`${line.sku_name} (${line.sku_id})`}</td>
                    <td>{line.uom_name}</td>
                    <td className="text-right tabular-nums">{formatQuantity(line.received_qty)}</td>
                    <td className="text-right tabular-nums">{formatQuantity(line.returned_qty)}</td>
                    <td className="text-right tabular-nums">{formatQuantity(line.on_hand_qty)}</td>
                    <td className="text-right tabular-nums" data-testid={`rn-available-${line.ro_line_no}`}>
                      {formatQuantity(line.available_qty)}
                    </td>
                    <td className="text-right">
                      {editing ? (
                        <>
                          <input
                            aria-label={t('return-note:fields.return_qty')}
                            aria-invalid={over(line)}
                            inputMode="decimal"
                            autoComplete="off"
                            className={`${inputClass} ${over(line) ? 'border-red-500 text-red-700' : ''}`}
                            value={entry?.return_qty ?? ''}
                            onChange={(event) => setLine(line.ro_line_no, { return_qty: event.target.value })}
                            data-testid={`rn-return-qty-${line.ro_line_no}`}
                          />
                          {over(line) && <p className="mt-1 text-xs text-red-700">{t('return-note:overAvailable')}</p>}
                        </>
                      ) : (
                        <span className="tabular-nums">{saved ? formatQuantity(saved.return_qty) : '—'}</span>
                      )}
                    </td>
                    <td className="pl-3">
                      {editing ? (
                        <select
                          aria-label={t('return-note:fields.reason')}
                          className="h-9 rounded-md border border-slate-300 px-2 text-sm"
                          value={entry?.reason ?? 'DAMAGED'}
                          onChange={(event) => setLine(line.ro_line_no, { reason: event.target.value })}
                          data-testid={`rn-reason-${line.ro_line_no}`}
                        >
                          {RETURN_REASONS.map((reason) => (
                            <option key={reason} value={reason}>
                              {t(`return-note:reasons.${reason}`)}
                            </option>
                          ))}
                        </select>
                      ) : saved ? (
                        t(`return-note:reasons.${saved.reason}`)
                      ) : (
                        '—'
                      )}
                    </td>
                    {seesCost && (
                      <td className="text-right tabular-nums">{formatMoney(line.unit_price, document?.currency)}</td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>

      {seesCost && document && (
        <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="rn-totals">
          <dl className="grid max-w-md grid-cols-2 gap-x-6 gap-y-1 text-sm">
            <dt className="font-medium text-slate-800">{t('return-note:fields.total_amount')}</dt>
            <dd className="text-right font-medium tabular-nums" data-testid="rn-total">
              {formatMoney(document.total_amount, document.currency)}
            </dd>
            <dt className="text-slate-600">{t('return-note:fields.total_usd')}</dt>
            <dd className="text-right tabular-nums">{formatMoney(document.total_usd)}</dd>
          </dl>
        </section>
      )}
    </DocumentPage>
  );
}
