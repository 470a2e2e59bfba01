import {
  PURCHASE_ORDER_MACHINE,
  PURCHASE_ORDER_TYPES,
  PURCHASE_STOCK_TYPES,
  purchaseOrderInputSchema,
  purchaseOrderLineInputSchema,
  V,
} from '@scm/contracts';
import { REFERENCE_CURRENCY } from '@scm/contracts';
import type { PurchaseOrderCheckedLine, PurchaseOrderInput, PurchaseOrderView } from '@scm/contracts';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { z } from 'zod';
import { purchaseOrdersApi, usePurchaseOrderChoices, usePurchaseOrderSkuSearch } from '../../../api/purchase-orders';
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
import { Icon } from '../../../components/ui/icons';
import { DateField } from '../../../components/ui/DateField';
import { isLocalDateTime, toLocalDateTime } from '../../../components/ui/calendar-days';
import { TextField } from '../../../components/ui/TextField';
import { formatDate, formatDateTime, formatMoney, formatQuantity, isoDate, toNumber } from '../../../lib/format';
import { StoreOrderLink } from '../../store-ordering/StoreOrderLink';
import { Button } from '../../../components/ui/Button';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { useCan } from '../../../lib/permissions';
import { PURCHASE_ORDER_PATH, RECEIVING_ORDER_PATH } from '../paths';
import { PurchaseOrderLinesImportDialog } from './PurchaseOrderLinesImportDialog';
import { seedOf } from './from-back-orders';
import { orderTypeKey } from './labels';

/**
 * The form: the contract's input with the line grid's item fields (item_type, item_id, item_name; sent as sku_id)
 * and the delivery time as the kit's local `YYYY-MM-DDTHH:mm` (sent as an instant).
 */
const formSchema = purchaseOrderInputSchema.extend({
  delivery_time: z
    .string({ error: V.required })
    .min(1, { error: V.required })
    .refine(isLocalDateTime, { error: V.invalid }),
  lines: z
    .array(
      purchaseOrderLineInputSchema.omit({ sku_id: true }).extend({
        item_type: z.literal('sku'),
        item_id: z.string({ error: V.required }).min(1, { error: V.required }),
        item_name: z.string().optional(),
      }),
    )
    .min(1, { error: V.required })
    .max(500),
});
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
type Line = FormValues['lines'][number];

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const trimZeros = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

function toFormValues(view: PurchaseOrderView): FormValues {
  return {
    supplier_id: view.supplier_id,
    location_id: view.location_id,
    purchase_date: view.purchase_date,
    delivery_time: toLocalDateTime(view.delivery_time),
    order_type: view.order_type,
    stock_type: view.stock_type,
    currency: view.currency,
    internal_remark: view.internal_remark ?? '',
    external_remark: view.external_remark ?? '',
    lines: view.lines.map((line) => ({
      item_type: 'sku' as const,
      item_id: line.sku_id,
      item_name: line.sku_name,
      uom_name: line.uom_name,
      quantity: trimZeros(line.quantity),
      unit_price: line.unit_price === undefined ? null : trimZeros(line.unit_price),
      remark: line.remark ?? '',
    })),
  };
}

/** What is sent: SKU ids, a blank price as none (the supplier's price), the delivery time as an instant. */
function toInput(values: FormOutput, revision?: number): PurchaseOrderInput {
  return {
    supplier_id: values.supplier_id,
    location_id: values.location_id,
    purchase_date: values.purchase_date,
    delivery_time: new Date(values.delivery_time).toISOString(),
    order_type: values.order_type,
    stock_type: values.stock_type,
    currency: values.currency,
    internal_remark: values.internal_remark,
    external_remark: values.external_remark,
    lines: values.lines.map((line) => ({
      sku_id: line.item_id,
      uom_name: line.uom_name,
      quantity: line.quantity,
      unit_price: line.unit_price ?? null,
      remark: line.remark,
    })),
    ...(revision !== undefined && { revision }),
  };
}

/** `a + b` for quantities of at most 3 decimals, exactly (in thousandths). */
function addQuantities(a: string, b: string): string {
  const thousandths = (value: string) => Math.round((toNumber(value) ?? 0) * 1000);
  return trimZeros(((thousandths(a) + thousandths(b)) / 1000).toFixed(3));
}

/**
 * Checked lines from Excel into the grid, as a buyer expects: a row for a SKU and unit already on the order adds
 * its quantity to that line (a price or remark given in the file replaces the line's, blank keeps it); rows of the
 * same SKU and unit in the file are added up the same way; the others become new lines at the end.
 */
function mergeImportedLines(lines: Line[], imported: readonly PurchaseOrderCheckedLine[]): Line[] {
  const merged = lines.map((line) => ({ ...line }));
  for (const row of imported) {
    const existing = merged.find((line) => line.item_id === row.sku_id && line.uom_name === row.uom_name);
    const price = row.unit_price === undefined || row.unit_price === null ? null : trimZeros(row.unit_price);
    if (existing) {
      existing.quantity = addQuantities(text(existing.quantity), row.quantity);
      if (price !== null) existing.unit_price = price;
      if (row.remark) existing.remark = row.remark;
    } else {
      merged.push({
        item_type: 'sku',
        item_id: row.sku_id,
        item_name: row.sku_name,
        uom_name: row.uom_name,
        quantity: trimZeros(row.quantity),
        unit_price: price,
        remark: row.remark,
      });
    }
  }
  return merged;
}

/** /procurement/purchase-order/{type}: a purchase order — new, edit (DRAFT) and view with its actions. */
export default function PurchaseOrderFormPage() {
  const mode = useFormMode();
  return <PurchaseOrderForm key={mode.formKey} {...mode} />;
}

function PurchaseOrderForm({ mode, id, readOnly }: FormMode) {
  const { t } = useTranslation();
  const { user } = useSession();
  const can = useCan();
  const seesCost = user?.role.can_see_cost ?? false;
  const [importOpen, setImportOpen] = useState(false);
  // The unit lists of SKUs added from Excel (the grid knows a picked item's, and a saved line's, by itself).
  const [importedUnits, setImportedUnits] = useState<Map<string, PurchaseOrderCheckedLine['uom_list']>>(new Map());
  const isNewDoc = mode === 'new' || mode === 'create' || mode === 'clone';
  const {
    data: record,
    error,
    isLoading,
  } = purchaseOrdersApi.useRecord(mode === 'new' || mode === 'create' ? undefined : id);
  const document = isNewDoc ? undefined : record;
  const locations = useDocumentLocations();
  const { data: choices } = usePurchaseOrderChoices();
  // Opened from the back-order list: the location and the SKUs still short start the draft.
  const routerState: unknown = useLocation().state;
  const seed = mode === 'new' || mode === 'create' ? seedOf(routerState) : null;
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      supplier_id: '',
      location_id:
        seed?.location_id ?? (user?.locations.length === 1 && user.locations[0] !== '*' ? user.locations[0] : ''),
      purchase_date: isoDate(new Date()),
      delivery_time: '',
      order_type: 'Business Order',
      stock_type: 'inventory',
      // Always offered (its rate is 1); a currency without a rate on the purchase date could not be saved.
      currency: REFERENCE_CURRENCY,
      internal_remark: seed ? t('purchase-order:fromBackOrders.remark', { numbers: seed.bo_numbers.join(', ') }) : '',
      external_remark: '',
      lines: (seed?.lines ?? []).map((line) => ({
        item_type: 'sku' as const,
        item_id: line.sku_id,
        item_name: line.sku_name,
        uom_name: line.uom_name,
        quantity: line.quantity,
        unit_price: null,
        remark: '',
      })),
    },
  });
  const bind = useFieldProps(form, readOnly);
  const values = useMemo(() => (record ? toFormValues(record) : undefined), [record]);
  const lines = form.watch('lines');
  const currency = form.watch('currency') || document?.currency || 'USD';
  const editing = !readOnly && (document === undefined || document.status === 'DRAFT');
  const savedLine = (line: Line) =>
    document?.lines.find((saved) => saved.sku_id === line.item_id && saved.uom_name === line.uom_name);

  const locationOptions = useMemo(() => {
    const options = [{ value: '', label: t('purchase-order:placeholders.location') }, ...locations.options];
    if (record && !options.some((option) => option.value === record.location_id)) {
      options.push({ value: record.location_id, label: `${record.location_id} · ${record.location_name}` });
    }
    return options;
  }, [locations.options, record, t]);
  const supplierOptions = useMemo(() => {
    const options = [
      { value: '', label: t('purchase-order:placeholders.supplier') },
      ...(choices?.suppliers ?? []).map((supplier) => ({
        value: supplier.supplier_id,
        label: `${supplier.supplier_id} · ${supplier.company_name}`,
      })),
    ];
    if (record && !options.some((option) => option.value === record.supplier_id)) {
      options.push({ value: record.supplier_id, label: `${record.supplier_id} · ${record.supplier_name}` });
    }
    return options;
  }, [choices, record, t]);
  const currencyOptions = useMemo(() => {
    const codes = new Set([...(choices?.currencies ?? ['USD']), ...(record ? [record.currency] : [])]);
    return [...codes].map((code) => ({ value: code, label: code }));
  }, [choices, record]);

  const rowErrors = (form.formState.errors.lines ?? []) as unknown as (
    Record<string, { message?: string } | undefined> | undefined
  )[];
  const errors = lines.map((_, index) => {
    const row = Array.isArray(rowErrors) ? rowErrors[index] : undefined;
    return row
      ? {
          item_id: row.item_id?.message ?? row.sku_id?.message,
          uom_name: row.uom_name?.message,
          quantity: row.quantity?.message,
          unit_price: row.unit_price?.message,
        }
      : undefined;
  });
  const listError =
    (form.formState.errors.lines as { message?: string } | undefined)?.message ??
    (form.formState.errors.lines as { root?: { message?: string } } | undefined)?.root?.message;

  const setLine = (index: number, patch: Partial<Line>) =>
    form.setValue(
      'lines',
      form.getValues('lines').map((line, i) => (i === index ? { ...line, ...patch } : line)),
      { shouldDirty: true },
    );

  const lineAmount = (line: Line): number | undefined => {
    const quantity = toNumber(text(line.quantity));
    const price = toNumber(text(line.unit_price));
    return quantity !== undefined && price !== undefined ? Math.round(quantity * price * 100) / 100 : undefined;
  };

  const columns: LineColumn<Line>[] = seesCost
    ? [
        {
          id: 'unit_price',
          header: t('purchase-order:fields.unit_price'),
          align: 'right',
          cell: (line, index) =>
            editing ? (
              <input
                aria-label={t('purchase-order:fields.unit_price')}
                inputMode="decimal"
                autoComplete="off"
                value={text(line.unit_price)}
                placeholder={t('purchase-order:placeholders.unit_price')}
                title={t('purchase-order:hints.unitPrice')}
                onChange={(event) =>
                  setLine(index, { unit_price: event.target.value.trim() === '' ? null : event.target.value })
                }
                aria-invalid={errors[index]?.unit_price ? true : undefined}
                className={`ml-auto block h-9 w-32 rounded-md border px-3 text-right text-sm tabular-nums placeholder:text-slate-400 focus:ring-2 focus:ring-blue-500 focus:outline-none ${errors[index]?.unit_price ? 'border-red-500' : 'border-slate-300'}`}
                data-testid={`po-unit-price-${index}`}
              />
            ) : (
              <p className="pt-2 tabular-nums">{formatMoney(savedLine(line)?.unit_price, currency)}</p>
            ),
        },
        {
          id: 'line_subtotal',
          header: t('purchase-order:fields.line_subtotal'),
          align: 'right',
          cell: (line) => (
            <p className="pt-2 tabular-nums" data-testid="po-line-subtotal">
              {formatMoney(
                editing ? (lineAmount(line) ?? savedLine(line)?.line_subtotal) : savedLine(line)?.line_subtotal,
                currency,
              )}
            </p>
          ),
        },
      ]
    : [];

  // The view of a sent order: per line what the supplier said it can deliver, what was received and what is open.
  const receiptColumns: LineColumn<Line>[] =
    !editing && document && document.status !== 'DRAFT'
      ? [
          {
            id: 'supplier_available_quantity',
            header: t('purchase-order:receipts.available'),
            align: 'right',
            cell: (line) => (
              <p className="pt-2 tabular-nums" data-testid="po-line-available">
                {savedLine(line)?.supplier_available_quantity
                  ? formatQuantity(savedLine(line)!.supplier_available_quantity)
                  : '—'}
              </p>
            ),
          },
          {
            id: 'received_qty',
            header: t('purchase-order:receipts.received'),
            align: 'right',
            cell: (line) => (
              <p className="pt-2 tabular-nums" data-testid="po-line-received">
                {formatQuantity(savedLine(line)?.received_qty ?? '0')}
              </p>
            ),
          },
          {
            id: 'open_qty',
            header: t('purchase-order:receipts.open'),
            align: 'right',
            cell: (line) => (
              <p className="pt-2 tabular-nums" data-testid="po-line-open">
                {formatQuantity(savedLine(line)?.open_qty ?? text(line.quantity))}
              </p>
            ),
          },
        ]
      : [];

  const addImported = (imported: PurchaseOrderCheckedLine[]) => {
    setImportedUnits((units) => {
      const next = new Map(units);
      for (const row of imported) next.set(row.sku_id, row.uom_list);
      return next;
    });
    form.setValue('lines', mergeImportedLines(form.getValues('lines'), imported), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  };

  const save = (output: FormOutput, idempotencyKey: string) =>
    document
      ? purchaseOrdersApi.update(document.id, toInput(output, document.revision), idempotencyKey)
      : purchaseOrdersApi.create(toInput(output), idempotencyKey);

  const estimate = lines.reduce((total, line) => total + (lineAmount(line) ?? 0), 0);
  const supplier = choices?.suppliers.find((candidate) => candidate.supplier_id === form.watch('supplier_id'));
  const gstRate = document?.gst_rate ?? supplier?.gst_rate;
  const gstType = document?.gst_price_type ?? supplier?.gst_price_type;
  const orderTypeLabel = (value: string) => t(`purchase-order:orderTypes.${orderTypeKey(value)}`);

  const banner = document?.below_minimum_order_value ? (
    <div
      className="flex items-center gap-2 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
      data-testid="po-below-minimum"
    >
      <Icon name="alert" className="h-4 w-4" />
      <span>
        {t('purchase-order:warnings.belowMinimum', {
          value: formatMoney(document.minimum_order_value, document.currency),
        })}
      </span>
    </div>
  ) : null;

  return (
    <DocumentPage
      form={form}
      mode={mode}
      machine={PURCHASE_ORDER_MACHINE}
      api={purchaseOrdersApi}
      title={t('routes:purchaseOrder')}
      listPath={PURCHASE_ORDER_PATH}
      document={document}
      values={isNewDoc ? undefined : values}
      loading={!isNewDoc && Boolean(id) && isLoading}
      loadError={!isNewDoc && !id ? true : error}
      save={save}
      attachments={{ service: 'procurement', ownerType: 'purchase-order' }}
      banner={
        <>
          {document?.store_order_id && document.store_order_no && (
            <StoreOrderLink id={document.store_order_id} docNo={document.store_order_no} />
          )}
          {banner}
        </>
      }
      print={() =>
        document
          ? {
              title: t('routes:purchaseOrder'),
              docNo: document.doc_no,
              status: document.status,
              fields: [
                [t('purchase-order:fields.supplier'), `${document.supplier_id} · ${document.supplier_name}`],
                [t('purchase-order:fields.location'), `${document.location_id} · ${document.location_name}`],
                [t('purchase-order:fields.purchase_date'), formatDate(document.purchase_date)],
                [t('purchase-order:fields.delivery_time'), formatDateTime(document.delivery_time)],
                [t('purchase-order:fields.order_type'), orderTypeLabel(document.order_type)],
                [t('purchase-order:fields.stock_type'), t(`purchase-order:stockTypes.${document.stock_type}`)],
                [t('purchase-order:fields.currency'), `${document.currency} (${document.exchange_rate})`],
                [t('purchase-order:fields.external_remark'), document.external_remark || '—'],
              ],
              table: {
                headers: [
                  { label: '#' },
                  { label: t('documents:lines.item') },
                  { label: t('documents:lines.unit') },
                  { label: t('purchase-order:fields.quantity'), align: 'right' },
                  ...(seesCost
                    ? [
                        { label: t('purchase-order:fields.unit_price'), align: 'right' as const },
                        { label: t('purchase-order:fields.line_subtotal'), align: 'right' as const },
                      ]
                    : []),
                ],
                rows: document.lines.map((line) => [
                  line.line_no,
                  `${line.sku_name} (${line.sku_id})`,
                  line.uom_name,
                  formatQuantity(line.quantity),
                  ...(seesCost
                    ? [
                        formatMoney(line.unit_price, document.currency),
                        formatMoney(line.line_subtotal, document.currency),
                      ]
                    : []),
                ]),
              },
              notes: seesCost ? (
                <p>
                  {t('purchase-order:fields.subtotal_amount')}:{' '}
                  {formatMoney(document.subtotal_amount, document.currency)} · {t('purchase-order:fields.gst_amount')}:{' '}
                  {formatMoney(document.gst_amount, document.currency)} · {t('purchase-order:fields.total_amount')}:{' '}
                  {formatMoney(document.total_amount, document.currency)}
                </p>
              ) : undefined,
            }
          : null
      }
    >
      <FormSection title={t('purchase-order:sections.header')} columns={3}>
        <ControlledSelect
          {...bind.select('supplier_id', t('purchase-order:fields.supplier'), { required: true })}
          options={supplierOptions}
          data-testid="po-supplier"
        />
        <ControlledSelect
          {...bind.select('location_id', t('purchase-order:fields.location'), { required: true })}
          disabled={readOnly || Boolean(document)}
          options={locationOptions}
          data-testid="po-location"
        />
        <ControlledSelect
          {...bind.select('currency', t('purchase-order:fields.currency'), { required: true })}
          options={currencyOptions}
          data-testid="po-currency"
        />
        <DateField {...bind.text('purchase_date', t('purchase-order:fields.purchase_date'), { required: true })} />
        <ControlledDateTimeField
          {...bind.select('delivery_time', t('purchase-order:fields.delivery_time'), { required: true })}
          data-testid="po-delivery-time"
        />
        <ControlledSelect
          {...bind.select('order_type', t('purchase-order:fields.order_type'), { required: true })}
          options={PURCHASE_ORDER_TYPES.map((value) => ({ value, label: orderTypeLabel(value) }))}
          data-testid="po-order-type"
        />
        <ControlledSelect
          {...bind.select('stock_type', t('purchase-order:fields.stock_type'), { required: true })}
          options={PURCHASE_STOCK_TYPES.map((value) => ({ value, label: t(`purchase-order:stockTypes.${value}`) }))}
          data-testid="po-stock-type"
        />
        <TextField {...bind.text('internal_remark', t('purchase-order:fields.internal_remark'))} />
        <TextField {...bind.text('external_remark', t('purchase-order:fields.external_remark'))} />
      </FormSection>
      <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 className="text-sm font-semibold text-slate-800">{t('purchase-order:sections.lines')}</h2>
          {editing && can('PO', 'edit') && (
            <Button variant="secondary" onClick={() => setImportOpen(true)} data-testid="po-import-lines">
              <Icon name="upload" />
              {t('purchase-order:import.button')}
            </Button>
          )}
        </div>
        {editing && (
          <PurchaseOrderLinesImportDialog
            open={importOpen}
            onClose={() => setImportOpen(false)}
            locationId={form.watch('location_id')}
            onAdd={addImported}
          />
        )}
        {editing && seesCost && <p className="mb-3 text-sm text-slate-500">{t('purchase-order:hints.unitPrice')}</p>}
        <Controller
          control={form.control}
          name="lines"
          render={({ field }) => (
            <LineGrid<Line>
              testId="po-lines"
              lines={field.value}
              readOnly={!editing}
              onChange={(next) => field.onChange(next)}
              itemType="sku"
              itemSearch={{ useSearch: usePurchaseOrderSkuSearch, placeholder: t('purchase-order:searchSku') }}
              unitsOf={(line) =>
                importedUnits.get(line.item_id) ??
                document?.lines.find((saved) => saved.sku_id === line.item_id)?.uom_list
              }
              newLine={(item) => ({
                item_type: 'sku',
                item_id: item.item_id,
                item_name: item.item_name,
                uom_name: item.uom_name,
                quantity: '',
                unit_price: null,
                remark: '',
              })}
              quantity={{
                // Beside what was received and is open, the quantity reads as what was ordered.
                header:
                  receiptColumns.length > 0
                    ? t('purchase-order:receipts.ordered')
                    : t('purchase-order:fields.quantity'),
                value: (line) => (editing ? text(line.quantity) : formatQuantity(text(line.quantity))),
                set: (line, value) => ({ ...line, quantity: value }),
                placeholder: t('purchase-order:placeholders.quantity'),
              }}
              columns={[...columns, ...receiptColumns]}
              errors={errors}
              listError={listError}
            />
          )}
        />
      </section>
      {document && document.status !== 'DRAFT' && (
        <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="po-receipts">
          <h2 className="mb-3 text-sm font-semibold text-slate-800">{t('purchase-order:receipts.title')}</h2>
          {document.receiving_orders.length === 0 ? (
            <p className="text-sm text-slate-500">{t('purchase-order:receipts.none')}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {document.receiving_orders.map((receipt) => (
                <li key={receipt.id} className="flex flex-wrap items-center gap-3">
                  <Link
                    to={`${RECEIVING_ORDER_PATH}/view?id=${encodeURIComponent(receipt.id)}`}
                    className="font-mono text-blue-700 hover:underline"
                    data-testid="po-receipt-link"
                  >
                    {receipt.doc_no}
                  </Link>
                  <StatusBadge status={receipt.status} />
                  <span className="text-slate-500 tabular-nums">{formatDateTime(receipt.receive_time)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {seesCost && (
        <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="po-totals">
          <h2 className="mb-3 text-sm font-semibold text-slate-800">{t('purchase-order:sections.totals')}</h2>
          {editing && (document === undefined || form.formState.isDirty) ? (
            <p className="text-sm text-slate-600">
              {t('purchase-order:fields.line_subtotal')}:{' '}
              <span className="font-medium tabular-nums" data-testid="po-estimate">
                {formatMoney(estimate, currency)}
              </span>
              {gstType && gstRate && (
                <span className="ml-3 text-slate-500">
                  {t('purchase-order:fields.gst')}{' '}
                  {t(`purchase-order:gstTypes.${gstType}`, { rate: trimZeros(gstRate) })}
                </span>
              )}
              <span className="ml-3 text-xs text-slate-400">{t('purchase-order:hints.estimate')}</span>
            </p>
          ) : document ? (
            <dl className="grid max-w-md grid-cols-2 gap-x-6 gap-y-1 text-sm">
              <dt className="text-slate-600">{t('purchase-order:fields.subtotal_amount')}</dt>
              <dd className="text-right tabular-nums" data-testid="po-subtotal">
                {formatMoney(document.subtotal_amount, document.currency)}
              </dd>
              <dt className="text-slate-600">
                {t('purchase-order:fields.gst')}{' '}
                {t(`purchase-order:gstTypes.${document.gst_price_type}`, { rate: trimZeros(document.gst_rate) })}
              </dt>
              <dd className="text-right tabular-nums" data-testid="po-gst">
                {formatMoney(document.gst_amount, document.currency)}
              </dd>
              <dt className="font-medium text-slate-800">{t('purchase-order:fields.total_amount')}</dt>
              <dd className="text-right font-medium tabular-nums" data-testid="po-total">
                {formatMoney(document.total_amount, document.currency)}
              </dd>
              <dt className="text-slate-600">
                {t('purchase-order:fields.total_usd')} ({t('purchase-order:fields.exchange_rate')}{' '}
                {trimZeros(document.exchange_rate)})
              </dt>
              <dd className="text-right tabular-nums" data-testid="po-total-usd">
                {formatMoney(document.total_usd)}
              </dd>
            </dl>
          ) : null}
        </section>
      )}
    </DocumentPage>
  );
}
