import { RECEIVING_ORDER_MACHINE, RECEIVING_REJECT_REASONS, V } from '@scm/contracts';
import type { ReceivableLine, ReceivingOrderInput, ReceivingOrderView } from '@scm/contracts';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import {
  receivingOrdersApi,
  useReceivableLines,
  useReceivablePurchaseOrders,
  useReceivingChoices,
  useReceivingSkuSearch,
} from '../../../api/receiving-orders';
import { useSession } from '../../../api/session';
import { DocumentPage, LineGrid, useDocumentLocations } from '../../../components/document';
import type { LineColumn } from '../../../components/document';
import {
  ControlledDateTimeField,
  ControlledSelect,
  FormSection,
  useFieldProps,
  useFormMode,
  zodResolver,
} from '../../../components/form';
import type { FormMode } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { isLocalDateTime, toLocalDateTime } from '../../../components/ui/calendar-days';
import { TextField } from '../../../components/ui/TextField';
import { formatDateTime, formatMoney, formatQuantity, toNumber } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { RECEIVING_ORDER_PATH } from '../paths';
import { newReturnNotePath } from '../return-note/paths';

/** The form: the header, the receive quantity typed per PO line (blank: not received) and the rejected rows. */
const formSchema = z.object({
  purchase_order_id: z.string(),
  supplier_id: z.string(),
  location_id: z.string({ error: V.required }).min(1, { error: V.required }),
  currency: z.string(),
  delivery_order_no: z.string(),
  receive_time: z
    .string({ error: V.required })
    .min(1, { error: V.required })
    .refine(isLocalDateTime, { error: V.invalid }),
  tax_amount: z.string(),
  shipping_amount: z.string(),
  is_gms: z.boolean(),
  remark: z.string(),
  receive: z.record(z.string(), z.string()),
  rejected: z.array(z.object({ po_line_no: z.string(), reject_qty: z.string(), reason: z.string() })),
  /** Items not on the PO (every item of a walk-in delivery), at their own unit price. */
  additional: z.array(
    z.object({
      item_type: z.literal('sku'),
      item_id: z.string(),
      item_name: z.string().optional(),
      uom_name: z.string(),
      receive_qty: z.string(),
      unit_price: z.string(),
    }),
  ),
});
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
type AdditionalLine = FormValues['additional'][number];

const trimZeros = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

function toFormValues(view: ReceivingOrderView): FormValues {
  return {
    purchase_order_id: view.purchase_order_id ?? '',
    supplier_id: view.supplier_id,
    location_id: view.location_id,
    currency: view.currency,
    delivery_order_no: view.delivery_order_no,
    receive_time: toLocalDateTime(view.receive_time),
    tax_amount: trimZeros(view.tax_amount ?? '0'),
    shipping_amount: trimZeros(view.shipping_amount ?? '0'),
    is_gms: view.is_gms,
    remark: view.remark,
    receive: Object.fromEntries(
      view.receiving_list.map((line) => [String(line.po_line_no), trimZeros(line.po_quantity ?? line.quantity)]),
    ),
    rejected: view.rejected_list.map((line) => ({
      po_line_no: String(line.po_line_no ?? ''),
      reject_qty: trimZeros(line.quantity),
      reason: line.reason ?? 'OTHERS',
    })),
    additional: view.additional_list.map((line) => ({
      item_type: 'sku' as const,
      item_id: line.sku_id,
      item_name: line.sku_name,
      uom_name: line.uom_name,
      receive_qty: trimZeros(line.quantity),
      unit_price: trimZeros(line.unit_price ?? '0'),
    })),
  };
}

/** What is sent: the PO lines with a quantity, the rejected rows of a PO line, the receive time as an instant. */
function toInput(values: FormOutput, poLines: readonly ReceivableLine[], revision?: number): ReceivingOrderInput {
  const walkIn = values.purchase_order_id === '';
  return {
    purchase_order_id: walkIn ? null : values.purchase_order_id,
    ...(walkIn && { supplier_id: values.supplier_id, currency: values.currency }),
    location_id: values.location_id,
    delivery_order_no: values.delivery_order_no,
    receive_time: new Date(values.receive_time).toISOString(),
    tax_amount: values.tax_amount.trim() || '0',
    shipping_amount: values.shipping_amount.trim() || '0',
    is_gms: values.is_gms,
    remark: values.remark,
    receiving_list: Object.entries(values.receive)
      .filter(([, quantity]) => quantity.trim() !== '')
      .map(([lineNo, quantity]) => ({ po_line_no: Number(lineNo), receive_qty: quantity.trim() })),
    additional_list: values.additional.map((line) => ({
      sku_id: line.item_id,
      uom_name: line.uom_name,
      receive_qty: line.receive_qty.trim(),
      unit_price: line.unit_price.trim() || '0',
    })),
    rejected_list: values.rejected
      .filter((row) => row.reject_qty.trim() !== '')
      .flatMap((row) => {
        const line = poLines.find((candidate) => String(candidate.po_line_no) === row.po_line_no);
        return line
          ? [
              {
                sku_id: line.sku_id,
                uom_name: line.uom_name,
                po_line_no: line.po_line_no,
                reject_qty: row.reject_qty.trim(),
                reason: row.reason as (typeof RECEIVING_REJECT_REASONS)[number],
              },
            ]
          : [];
      }),
    ...(revision !== undefined && { revision }),
  };
}

/** /procurement/receiving-order/{type}: a receiving order — new, edit (DRAFT) and view with its actions. */
export default function ReceivingOrderFormPage() {
  const mode = useFormMode();
  return <ReceivingOrderForm key={mode.formKey} {...mode} />;
}

const inputClass =
  'ml-auto block h-9 w-28 rounded-md border border-slate-300 px-3 text-right text-sm tabular-nums focus:ring-2 focus:ring-blue-500 focus:outline-none';

function ReceivingOrderForm({ mode, id, readOnly }: FormMode) {
  const { t } = useTranslation();
  const { user } = useSession();
  const can = useCan();
  const seesCost = user?.role.can_see_cost ?? false;
  const isNewDoc = mode === 'new' || mode === 'create' || mode === 'clone';
  const {
    data: record,
    error,
    isLoading,
  } = receivingOrdersApi.useRecord(mode === 'new' || mode === 'create' ? undefined : id);
  const document = isNewDoc ? undefined : record;
  const editing = !readOnly && (document === undefined || document.status === 'DRAFT');
  const locations = useDocumentLocations();
  // Only what the mode needs, from the receiving order's own routes (RO, not PO): the choices and the open POs are
  // for typing a receipt; a view shows its record's own supplier, currency and PO.
  const { data: choices } = useReceivingChoices(editing);
  const { data: orders } = useReceivablePurchaseOrders(editing);
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      purchase_order_id: '',
      supplier_id: '',
      location_id: user?.locations.length === 1 && user.locations[0] !== '*' ? user.locations[0] : '',
      currency: 'SGD',
      delivery_order_no: '',
      // The goods usually arrive as the receipt is written: now, which the receiver corrects when not.
      receive_time: toLocalDateTime(new Date()),
      tax_amount: '0',
      shipping_amount: '0',
      is_gms: false,
      remark: '',
      receive: {},
      rejected: [],
      additional: [],
    },
  });
  const bind = useFieldProps(form, readOnly);
  const values = useMemo(() => (record ? toFormValues(record) : undefined), [record]);
  const poId = form.watch('purchase_order_id');
  const { data: poLines = [] } = useReceivableLines(editing && poId ? poId : undefined);
  const receive = form.watch('receive');
  const rejected = form.watch('rejected');
  const isGms = form.watch('is_gms');

  const orderOptions = useMemo(() => {
    const options = [
      { value: '', label: t('receiving-order:walkIn') },
      ...(orders ?? []).map((order) => ({
        value: order.id,
        label: `${order.doc_no} · ${order.supplier_name} · ${order.location_id}`,
      })),
    ];
    if (record?.purchase_order_id && !options.some((option) => option.value === record.purchase_order_id)) {
      options.push({ value: record.purchase_order_id, label: record.purchase_order_no ?? record.purchase_order_id });
    }
    return options;
  }, [orders, record, t]);
  const supplierOptions = useMemo(
    () => [
      { value: '', label: t('receiving-order:placeholders.supplier') },
      ...(choices?.suppliers ?? []).map((supplier) => ({
        value: supplier.supplier_id,
        label: `${supplier.supplier_id} · ${supplier.company_name}`,
      })),
      ...(record && !choices?.suppliers.some((supplier) => supplier.supplier_id === record.supplier_id)
        ? [{ value: record.supplier_id, label: `${record.supplier_id} · ${record.supplier_name}` }]
        : []),
    ],
    [choices, record, t],
  );
  const currencyOptions = useMemo(() => {
    const codes = new Set([...(choices?.currencies ?? ['USD']), ...(record ? [record.currency] : [])]);
    return [...codes].map((code) => ({ value: code, label: code }));
  }, [choices, record]);
  const locationOptions = useMemo(() => {
    const options = [{ value: '', label: t('receiving-order:placeholders.location') }, ...locations.options];
    if (record && !options.some((option) => option.value === record.location_id)) {
      options.push({ value: record.location_id, label: `${record.location_id} · ${record.location_name}` });
    }
    return options;
  }, [locations.options, record, t]);

  const setReceive = (lineNo: number, quantity: string) =>
    form.setValue('receive', { ...form.getValues('receive'), [String(lineNo)]: quantity }, { shouldDirty: true });
  const setRejected = (index: number, patch: Partial<FormValues['rejected'][number]>) =>
    form.setValue(
      'rejected',
      form.getValues('rejected').map((row, i) => (i === index ? { ...row, ...patch } : row)),
      { shouldDirty: true },
    );

  const additionalColumns: LineColumn<AdditionalLine>[] = [
    {
      id: 'unit_price',
      header: t('receiving-order:fields.unit_price'),
      align: 'right',
      cell: (line, index) =>
        editing ? (
          <input
            aria-label={t('receiving-order:fields.unit_price')}
            inputMode="decimal"
            autoComplete="off"
            className={inputClass}
            value={line.unit_price}
            onChange={(event) =>
              form.setValue(
                'additional',
                form
                  .getValues('additional')
                  .map((row, i) => (i === index ? { ...row, unit_price: event.target.value } : row)),
                { shouldDirty: true },
              )
            }
            data-testid={`ro-additional-price-${index}`}
          />
        ) : (
          <p className="pt-2 tabular-nums">{seesCost ? formatMoney(line.unit_price, document?.currency) : '—'}</p>
        ),
    },
  ];

  const save = (output: FormOutput, idempotencyKey: string) =>
    document
      ? receivingOrdersApi.update(document.id, toInput(output, poLines, document.revision), idempotencyKey)
      : receivingOrdersApi.create(toInput(output, poLines), idempotencyKey);

  /** Received so far plus what is typed, minus ordered: negative short, positive over (in the PO line's unit). */
  const variance = (line: ReceivableLine): number | undefined => {
    const typed = toNumber(receive[String(line.po_line_no)] ?? '');
    if (typed === undefined) return undefined;
    return Math.round((Number(line.received_qty) + typed - Number(line.ordered_qty)) * 1000) / 1000;
  };
  const varianceClass = (value: number | undefined) =>
    value === undefined || value === 0 ? 'text-slate-600' : value < 0 ? 'text-amber-700' : 'text-red-700';

  return (
    <DocumentPage
      form={form}
      mode={mode}
      machine={RECEIVING_ORDER_MACHINE}
      api={receivingOrdersApi}
      title={t('routes:receivingOrder')}
      listPath={RECEIVING_ORDER_PATH}
      document={document}
      values={isNewDoc ? undefined : values}
      loading={!isNewDoc && Boolean(id) && isLoading}
      loadError={!isNewDoc && !id ? true : error}
      save={save}
      attachments={{ service: 'procurement', ownerType: 'receiving-order' }}
      extraButtons={
        // Goods taken in may go back to the supplier: a return note made from this receipt.
        document?.status === 'RECEIVED' &&
        can('GR', 'edit') && (
          <Link
            to={newReturnNotePath(document.id)}
            className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            data-testid="ro-create-return-note"
          >
            {t('return-note:createFromReceipt')}
          </Link>
        )
      }
      print={() =>
        document
          ? {
              title: t('routes:receivingOrder'),
              docNo: document.doc_no,
              status: document.status,
              fields: [
                [t('receiving-order:fields.purchase_order'), document.purchase_order_no ?? t('receiving-order:walkIn')],
                [t('receiving-order:fields.supplier'), `${document.supplier_id} · ${document.supplier_name}`],
                [t('receiving-order:fields.location'), `${document.location_id} · ${document.location_name}`],
                [t('receiving-order:fields.delivery_order_no'), document.delivery_order_no || '—'],
                [t('receiving-order:fields.receive_time'), formatDateTime(document.receive_time)],
              ],
              table: {
                headers: [
                  { label: '#' },
                  { label: t('documents:lines.item') },
                  { label: t('documents:lines.unit') },
                  { label: t('receiving-order:fields.receive_qty'), align: 'right' },
                ],
                rows: [...document.receiving_list, ...document.additional_list].map((line) => [
                  line.line_no,
                  `${line.sku_name} (${line.sku_id})`,
                  line.uom_name,
                  formatQuantity(line.quantity),
                ]),
              },
            }
          : null
      }
    >
      <FormSection title={t('receiving-order:sections.header')} columns={3}>
        <ControlledSelect
          {...bind.select('purchase_order_id', t('receiving-order:fields.purchase_order'))}
          disabled={!editing || Boolean(document)}
          options={orderOptions}
          data-testid="ro-purchase-order"
        />
        <ControlledSelect
          {...bind.select('location_id', t('receiving-order:fields.location'), { required: true })}
          disabled={readOnly || Boolean(document)}
          options={locationOptions}
          data-testid="ro-location"
        />
        {poId === '' && (
          <>
            <ControlledSelect
              {...bind.select('supplier_id', t('receiving-order:fields.supplier'), { required: true })}
              options={supplierOptions}
              data-testid="ro-supplier"
            />
            <ControlledSelect
              {...bind.select('currency', t('receiving-order:fields.currency'), { required: true })}
              options={currencyOptions}
              data-testid="ro-currency"
            />
          </>
        )}
        <TextField {...bind.text('delivery_order_no', t('receiving-order:fields.delivery_order_no'))} />
        <ControlledDateTimeField
          {...bind.select('receive_time', t('receiving-order:fields.receive_time'), { required: true })}
          data-testid="ro-receive-time"
        />
        {seesCost && <TextField {...bind.text('tax_amount', t('receiving-order:fields.tax_amount'))} />}
        {seesCost && <TextField {...bind.text('shipping_amount', t('receiving-order:fields.shipping_amount'))} />}
        <Checkbox
          checked={isGms}
          disabled={!editing}
          onChange={(checked) => form.setValue('is_gms', checked, { shouldDirty: true })}
          label={t('receiving-order:fields.is_gms')}
        />
        <TextField {...bind.text('remark', t('receiving-order:fields.remark'))} />
      </FormSection>

      <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="ro-receiving-list">
        <h2 className="mb-3 text-sm font-semibold text-slate-800">{t('receiving-order:sections.receiving')}</h2>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th className="py-1">#</th>
              <th>{t('documents:lines.item')}</th>
              <th>{t('documents:lines.unit')}</th>
              <th className="text-right">{t('receiving-order:fields.ordered_qty')}</th>
              <th className="text-right">{t('receiving-order:fields.received_qty')}</th>
              <th className="text-right">{t('receiving-order:fields.receive_qty')}</th>
              <th className="text-right">{t('receiving-order:fields.variance')}</th>
            </tr>
          </thead>
          <tbody>
            {editing
              ? poLines.map((line) => (
                  <tr key={line.po_line_no} className="border-t border-slate-100">
                    <td className="py-1">{line.po_line_no}</td>
                    <td>{`${line.sku_name} (${line.sku_id})`}</td>
                    <td>{line.uom_name}</td>
                    <td className="text-right tabular-nums">{formatQuantity(line.ordered_qty)}</td>
                    <td className="text-right tabular-nums">{formatQuantity(line.received_qty)}</td>
                    <td>
                      <input
                        aria-label={t('receiving-order:fields.receive_qty')}
                        inputMode="decimal"
                        autoComplete="off"
                        className={inputClass}
                        value={receive[String(line.po_line_no)] ?? ''}
                        onChange={(event) => setReceive(line.po_line_no, event.target.value)}
                        data-testid={`ro-receive-qty-${line.po_line_no}`}
                      />
                    </td>
                    <td className={`text-right tabular-nums ${varianceClass(variance(line))}`}>
                      {variance(line) === undefined ? '—' : formatQuantity(String(variance(line)))}
                    </td>
                  </tr>
                ))
              : (document?.receiving_list ?? []).map((line) => {
                  const value = line.variance === null ? undefined : Number(line.variance);
                  return (
                    <tr key={line.line_no} className="border-t border-slate-100">
                      <td className="py-1">{line.po_line_no}</td>
                      <td>{`${line.sku_name} (${line.sku_id})`}</td>
                      <td>{line.uom_name}</td>
                      <td className="text-right tabular-nums">{formatQuantity(line.ordered_qty ?? '')}</td>
                      <td className="text-right tabular-nums">{formatQuantity(line.received_qty ?? '')}</td>
                      <td className="text-right tabular-nums">{formatQuantity(line.quantity)}</td>
                      <td className={`text-right tabular-nums ${varianceClass(value)}`}>
                        {line.variance === null ? '—' : formatQuantity(line.variance)}
                      </td>
                    </tr>
                  );
                })}
          </tbody>
        </table>
      </section>

      <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="ro-additional-list">
        <h2 className="mb-3 text-sm font-semibold text-slate-800">{t('receiving-order:sections.additional')}</h2>
        <Controller
          control={form.control}
          name="additional"
          render={({ field }) => (
            <LineGrid<AdditionalLine>
              testId="ro-additional-lines"
              lines={field.value}
              readOnly={!editing}
              onChange={(next) => field.onChange(next)}
              itemType="sku"
              itemSearch={{ useSearch: useReceivingSkuSearch, placeholder: t('receiving-order:searchSku') }}
              newLine={(item) => ({
                item_type: 'sku',
                item_id: item.item_id,
                item_name: item.item_name,
                uom_name: item.uom_name,
                receive_qty: '',
                unit_price: '',
              })}
              quantity={{
                header: t('receiving-order:fields.receive_qty'),
                value: (line) => (editing ? line.receive_qty : formatQuantity(line.receive_qty)),
                set: (line, value) => ({ ...line, receive_qty: value }),
                placeholder: t('receiving-order:fields.receive_qty'),
              }}
              columns={seesCost ? additionalColumns : []}
            />
          )}
        />
      </section>

      <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="ro-rejected-list">
        <h2 className="mb-3 text-sm font-semibold text-slate-800">{t('receiving-order:sections.rejected')}</h2>
        {editing ? (
          <div className="space-y-2">
            {rejected.map((row, index) => (
              <div key={index} className="flex items-center gap-2">
                <select
                  aria-label={t('documents:lines.item')}
                  className="h-9 rounded-md border border-slate-300 px-2 text-sm"
                  value={row.po_line_no}
                  onChange={(event) => setRejected(index, { po_line_no: event.target.value })}
                >
                  {poLines.map((line) => (
                    <option key={line.po_line_no} value={String(line.po_line_no)}>
                      {`${line.po_line_no} · ${line.sku_name} (${line.uom_name})`}
                    </option>
                  ))}
                </select>
                <input
                  aria-label={t('receiving-order:fields.reject_qty')}
                  inputMode="decimal"
                  className={inputClass}
                  value={row.reject_qty}
                  onChange={(event) => setRejected(index, { reject_qty: event.target.value })}
                />
                <select
                  aria-label={t('receiving-order:fields.reason')}
                  className="h-9 rounded-md border border-slate-300 px-2 text-sm"
                  value={row.reason}
                  onChange={(event) => setRejected(index, { reason: event.target.value })}
                >
                  {RECEIVING_REJECT_REASONS.map((reason) => (
                    <option key={reason} value={reason}>
                      {t(`receiving-order:reasons.${reason}`)}
                    </option>
                  ))}
                </select>
              </div>
            ))}
            <Button
              variant="secondary"
              disabled={poLines.length === 0}
              onClick={() =>
                form.setValue(
                  'rejected',
                  [
                    ...form.getValues('rejected'),
                    { po_line_no: String(poLines[0]?.po_line_no ?? ''), reject_qty: '', reason: 'OTHERS' },
                  ],
                  { shouldDirty: true },
                )
              }
            >
              {t('receiving-order:addRejected')}
            </Button>
          </div>
        ) : (
          <ul className="text-sm">
            {(document?.rejected_list ?? []).map((line) => (
              <li key={line.line_no}>
                {`${line.sku_name} (${line.sku_id})`} · {formatQuantity(line.quantity)} {line.uom_name} ·{' '}
                {t(`receiving-order:reasons.${line.reason ?? 'OTHERS'}`)}
              </li>
            ))}
          </ul>
        )}
      </section>

      {seesCost && document && (
        <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="ro-totals">
          <dl className="grid max-w-md grid-cols-2 gap-x-6 gap-y-1 text-sm">
            <dt className="text-slate-600">{t('receiving-order:fields.subtotal_amount')}</dt>
            <dd className="text-right tabular-nums">{formatMoney(document.subtotal_amount, document.currency)}</dd>
            <dt className="text-slate-600">{t('receiving-order:fields.tax_amount')}</dt>
            <dd className="text-right tabular-nums">{formatMoney(document.tax_amount, document.currency)}</dd>
            <dt className="text-slate-600">{t('receiving-order:fields.shipping_amount')}</dt>
            <dd className="text-right tabular-nums">{formatMoney(document.shipping_amount, document.currency)}</dd>
            <dt className="font-medium text-slate-800">{t('receiving-order:fields.total_amount')}</dt>
            <dd className="text-right font-medium tabular-nums">
              {formatMoney(document.total_amount, document.currency)}
            </dd>
            <dt className="text-slate-600">{t('receiving-order:fields.total_usd')}</dt>
            <dd className="text-right tabular-nums">{formatMoney(document.total_usd)}</dd>
          </dl>
        </section>
      )}
    </DocumentPage>
  );
}
