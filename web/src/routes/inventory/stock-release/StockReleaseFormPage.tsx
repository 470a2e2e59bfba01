import {
  TRANSFER_URGENCIES,
  V,
  refineTransferAddressee,
  stockTransferInputObjectSchema,
  stockTransferLineInputSchema,
  transferMachineOf,
  transferTypesOffered,
} from '@scm/contracts';
import type {
  StockAtLocation,
  StockTransferInput,
  StockTransferLineView,
  StockTransferView,
  TransferType,
} from '@scm/contracts';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { useSession } from '../../../api/session';
import { useStockAtLines } from '../../../api/stock-items';
import { stockTransfersApi } from '../../../api/stock-transfers';
import { DocumentPage, itemKey, LineGrid, useDocumentLocations } from '../../../components/document';
import type { DocumentActionsApi, LineColumn } from '../../../components/document';
import { ControlledSelect, FormSection, useFieldProps, useFormMode, zodResolver } from '../../../components/form';
import type { FormMode } from '../../../components/form';
import { DateField } from '../../../components/ui/DateField';
import { Select } from '../../../components/ui/Select';
import { TextField } from '../../../components/ui/TextField';
import { formatDate, formatMoney, formatQuantity, isoDate } from '../../../lib/format';
import { RJ_STOCK_RELEASE_PATH, STOCK_RELEASE_PATH } from './paths';
import { useReceiveDialog } from './ReceiveDialog';
import { useSettleDialog } from './SettleDialog';
import { useSplitDialog } from './SplitDialog';

/** The form: the contract's input, each line also carrying the item's name for the grid (never sent). */
const formSchema = stockTransferInputObjectSchema
  .extend({
    lines: z
      .array(stockTransferLineInputSchema.extend({ item_name: z.string().optional() }))
      .min(1, { error: V.required })
      .max(500),
  })
  .superRefine(refineTransferAddressee);
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
type Line = FormValues['lines'][number];

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const trimZeros = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

function toFormValues(view: StockTransferView): FormValues {
  return {
    transfer_type: view.transfer_type,
    from_location_id: view.from_location_id,
    to_location_id: view.to_location_id || null,
    customer_id: view.customer_id,
    urgency: view.urgency,
    release_date: view.release_date,
    contact: view.contact ?? '',
    contact_no: view.contact_no ?? '',
    contact_email: view.contact_email ?? '',
    delivery_address: view.delivery_address ?? '',
    invoice_no: view.invoice_no ?? '',
    remark: view.remark ?? '',
    lines: view.lines.map((line) => ({
      item_type: line.item_type,
      item_id: line.item_id,
      item_name: line.item_name,
      uom_name: line.uom_name,
      release_quantity: trimZeros(line.release_quantity),
      remark: line.remark ?? '',
    })),
  };
}

function toInput(values: FormOutput, revision?: number): StockTransferInput {
  const release = values.transfer_type !== 'INTERNAL';
  return {
    transfer_type: values.transfer_type,
    from_location_id: values.from_location_id,
    to_location_id: release ? null : values.to_location_id,
    customer_id: release ? values.customer_id : null,
    urgency: values.urgency,
    release_date: values.release_date,
    contact: values.contact,
    ...(release && {
      contact_no: values.contact_no,
      contact_email: values.contact_email,
      delivery_address: values.delivery_address,
      invoice_no: values.invoice_no,
    }),
    remark: values.remark,
    lines: values.lines.map(({ item_name: _name, ...line }) => line),
    ...(revision !== undefined && { revision }),
  };
}

/** /inventory/stock-release/{type}: a stock transfer or release — new, edit (DRAFT), view with its actions. */
export default function StockReleaseFormPage() {
  return <StockReleaseFormRoute rj={false} />;
}

/**
 * The form of either page: `rj` is the RJ_SR context (SPEC.md §6), the only one offering EXTERNAL_CONSIGNMENT.
 * The type is chosen when the document is made and never changes.
 */
export function StockReleaseFormRoute({ rj }: { rj: boolean }) {
  const mode = useFormMode();
  return <StockReleaseForm key={mode.formKey} {...mode} rj={rj} />;
}

function StockReleaseForm({ mode, id, readOnly, rj }: FormMode & { rj: boolean }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const seesCost = user?.role.can_see_cost ?? false;
  const isNewDoc = mode === 'new' || mode === 'create' || mode === 'clone';
  const {
    data: record,
    error,
    isLoading,
  } = stockTransfersApi.useRecord(mode === 'new' || mode === 'create' ? undefined : id);
  const document = isNewDoc ? undefined : record;
  const locations = useDocumentLocations();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      transfer_type: rj ? 'EXTERNAL_CONSIGNMENT' : 'INTERNAL',
      from_location_id: user?.locations.length === 1 && user.locations[0] !== '*' ? user.locations[0] : '',
      to_location_id: '',
      customer_id: '',
      urgency: 'MEDIUM',
      release_date: isoDate(new Date()),
      contact: '',
      contact_no: '',
      contact_email: '',
      delivery_address: '',
      invoice_no: '',
      remark: '',
      lines: [],
    },
  });
  const bind = useFieldProps(form, readOnly);
  const values = useMemo(() => (record ? toFormValues(record) : undefined), [record]);
  const fromId = form.watch('from_location_id');
  const lines = form.watch('lines');
  const editing = !readOnly && (document === undefined || document.status === 'DRAFT');
  // The source's stock only while writing: a receiver viewing it may not read the source's stock (the saved view
  // carries the on-hand figure instead).
  const { data: stock } = useStockAtLines(editing && fromId ? fromId : undefined, lines);
  const chinese = i18n.language === 'zh-CN';
  const [askReceipt, receiveDialog] = useReceiveDialog();
  const [askSettlement, settleDialog] = useSettleDialog();
  const [askSplit, splitDialog] = useSplitDialog();
  const listPath = rj ? RJ_STOCK_RELEASE_PATH : STOCK_RELEASE_PATH;
  const type: TransferType = document?.transfer_type ?? form.watch('transfer_type') ?? 'INTERNAL';
  const release = type !== 'INTERNAL';
  const consignment = type === 'EXTERNAL_CONSIGNMENT';
  const machine = transferMachineOf(type);
  const typeOptions = transferTypesOffered(rj || type === 'EXTERNAL_CONSIGNMENT').map((value) => ({
    value,
    label: t(`stock-transfer:types.${value}`),
  }));
  // A release's customers: catalog's customers as inventory keeps them (while writing).
  const { data: customers } = stockTransfersApi.useCustomers(editing && release);
  const customerOptions = useMemo(() => {
    const options = [
      { value: '', label: t('stock-transfer:placeholders.customer') },
      ...(customers ?? []).map((row) => ({
        value: row.customer_id,
        label: `${row.customer_id} · ${row.customer_name}`,
      })),
    ];
    if (record?.customer_id && !options.some((option) => option.value === record.customer_id)) {
      options.push({ value: record.customer_id, label: `${record.customer_id} · ${record.customer_name ?? ''}` });
    }
    return options;
  }, [customers, record, t]);
  const chooseCustomer = (customerId: string) => {
    const chosen = customers?.find((row) => row.customer_id === customerId);
    if (!chosen) return;
    // The customer's contact details as catalog keeps them, unless some were typed already.
    const fill = (field: 'contact' | 'contact_no' | 'contact_email' | 'delivery_address', value: string) => {
      if (!form.getValues(field)) form.setValue(field, value);
    };
    fill('contact', chosen.customer_name);
    fill('contact_no', chosen.contact_no);
    fill('contact_email', chosen.email);
    fill('delivery_address', chosen.address);
  };

  const savedLine = (line: Line): StockTransferLineView | undefined =>
    document?.lines.find((saved) => itemKey(saved) === itemKey(line));
  const stockOf = (line: Line): StockAtLocation | undefined => stock?.get(itemKey(line));

  const locationOptions = useMemo(() => {
    const options = [{ value: '', label: t('stock-transfer:placeholders.location') }, ...locations.options];
    if (record && !options.some((option) => option.value === record.from_location_id)) {
      options.push({
        value: record.from_location_id,
        label: `${record.from_location_id} · ${record.from_location_name}`,
      });
    }
    return options;
  }, [locations.options, record, t]);
  // The destination may be any location (the user need not hold it): the transfer's own directory, while writing.
  const { data: destinations } = stockTransfersApi.useDestinations(editing && fromId ? fromId : undefined);
  const destinationOptions = useMemo(() => {
    const options = [
      { value: '', label: t('stock-transfer:placeholders.location') },
      ...(destinations ?? []).map((row) => ({
        value: row.location_id,
        label: `${row.location_id} · ${row.location_name}`,
      })),
    ];
    if (record && !options.some((option) => option.value === record.to_location_id)) {
      options.push({ value: record.to_location_id, label: `${record.to_location_id} · ${record.to_location_name}` });
    }
    return options;
  }, [destinations, record, t]);

  const rowErrors = (form.formState.errors.lines ?? []) as unknown as (
    Record<string, { message?: string } | undefined> | undefined
  )[];
  const errors = lines.map((_, index) => {
    const row = Array.isArray(rowErrors) ? rowErrors[index] : undefined;
    return row
      ? { item_id: row.item_id?.message, uom_name: row.uom_name?.message, quantity: row.release_quantity?.message }
      : undefined;
  });
  const listError = (form.formState.errors.lines as { message?: string } | undefined)?.message;

  const columns: LineColumn<Line>[] = [
    {
      id: 'source_on_hand',
      header: t('stock-transfer:fields.source_on_hand'),
      align: 'right',
      cell: (line) => (
        <p className="pt-2 tabular-nums text-slate-700" data-testid="sr-on-hand">
          {formatQuantity(editing ? stockOf(line)?.on_hand : savedLine(line)?.source_on_hand)}
        </p>
      ),
    },
    ...(!editing && consignment
      ? ([
          {
            id: 'item_state',
            header: t('stock-transfer:fields.item_state'),
            cell: (line) => {
              const state = savedLine(line)?.item_state;
              return (
                <p className="pt-2 whitespace-nowrap" data-testid="sr-item-state">
                  {state ? t(`stock-transfer:itemStates.${state}`) : '—'}
                </p>
              );
            },
          },
          {
            id: 'sold_quantity',
            header: t('stock-transfer:fields.sold_quantity'),
            align: 'right',
            cell: (line) => (
              <p className="pt-2 tabular-nums">{formatQuantity(savedLine(line)?.sold_quantity ?? undefined)}</p>
            ),
          },
          {
            id: 'returned_quantity',
            header: t('stock-transfer:fields.returned_quantity'),
            align: 'right',
            cell: (line) => (
              <p className="pt-2 tabular-nums">{formatQuantity(savedLine(line)?.returned_quantity ?? undefined)}</p>
            ),
          },
          ...(seesCost
            ? ([
                {
                  id: 'line_value',
                  header: t('stock-transfer:fields.line_value'),
                  align: 'right',
                  cell: (line) => (
                    <p className="pt-2 tabular-nums">{formatMoney(savedLine(line)?.line_value ?? undefined)}</p>
                  ),
                },
              ] satisfies LineColumn<Line>[])
            : []),
        ] satisfies LineColumn<Line>[])
      : []),
    ...(!editing && !consignment
      ? ([
          {
            id: 'received_quantity',
            header: t('stock-transfer:fields.received_quantity'),
            align: 'right',
            cell: (line) => (
              <p className="pt-2 tabular-nums" data-testid="sr-received">
                {formatQuantity(savedLine(line)?.received_quantity ?? undefined)}
              </p>
            ),
          },
          {
            id: 'rejected_quantity',
            header: release ? t('stock-transfer:fields.not_received') : t('stock-transfer:fields.rejected_quantity'),
            align: 'right',
            cell: (line) => (
              <p className="pt-2 tabular-nums" data-testid="sr-rejected">
                {formatQuantity(savedLine(line)?.rejected_quantity ?? undefined)}
              </p>
            ),
          },
          {
            id: 'reject_reason',
            header: t('stock-transfer:fields.reject_reason'),
            cell: (line) => {
              const reason = savedLine(line)?.reject_reason;
              return <p className="pt-2">{reason ? t(`stock-transfer:reasons.${reason}`) : '—'}</p>;
            },
          },
          ...(release
            ? []
            : ([
                {
                  id: 'tracking',
                  header: t('stock-transfer:fields.tracking'),
                  cell: (line) => {
                    const tracking = savedLine(line)?.tracking;
                    return (
                      <p className="pt-2 whitespace-nowrap" data-testid="sr-tracking">
                        {tracking ? t(`stock-transfer:tracking.${tracking}`) : '—'}
                      </p>
                    );
                  },
                },
              ] satisfies LineColumn<Line>[])),
          ...(seesCost
            ? ([
                {
                  id: 'line_value',
                  header: t('stock-transfer:fields.line_value'),
                  align: 'right',
                  cell: (line) => (
                    <p className="pt-2 tabular-nums">{formatMoney(savedLine(line)?.line_value ?? undefined)}</p>
                  ),
                },
              ] satisfies LineColumn<Line>[])
            : []),
        ] satisfies LineColumn<Line>[])
      : []),
  ];

  const save = (output: FormOutput, idempotencyKey: string) =>
    document
      ? stockTransfersApi.update(document.id, toInput(output, document.revision), idempotencyKey)
      : stockTransfersApi.create(toInput(output), idempotencyKey);

  // One "Receive" button: the receipt is partial when a line has a rejected quantity (the server decides which).
  const shown = document && {
    ...document,
    available_actions: document.available_actions.filter((action) => action !== 'receive_partially'),
  };
  const actionsApi: DocumentActionsApi<StockTransferView> = {
    reload: (docId) => stockTransfersApi.reload(docId),
    action: async (docId, action, body, key) => {
      if (document && action === 'settle') {
        const lines = await askSettlement(document);
        if (lines === null) return document;
        return stockTransfersApi.settle(docId, { ...body, lines }, key);
      }
      if (document && action === 'split') {
        const parts = await askSplit(document);
        if (parts === null) return document;
        return stockTransfersApi.split(docId, { ...body, parts }, key);
      }
      if (action !== 'receive' || !document) return stockTransfersApi.action(docId, action, body, key);
      // The receive view: what arrived and what was rejected per line; cancelled, nothing is sent.
      const lines = await askReceipt(document);
      if (lines === null) return document;
      return stockTransfersApi.receive(docId, { ...body, lines }, key);
    },
  };

  return (
    <DocumentPage
      form={form}
      mode={mode}
      machine={machine}
      api={actionsApi}
      title={rj ? t('routes:rjStockRelease') : t('routes:stockRelease')}
      listPath={listPath}
      document={shown}
      values={isNewDoc ? undefined : values}
      loading={!isNewDoc && Boolean(id) && isLoading}
      loadError={!isNewDoc && !id ? true : error}
      save={save}
      attachments={{ service: 'inventory', ownerType: 'stock-transfer' }}
      banner={
        document && (document.parent || document.children.length > 0) ? (
          <div
            className="rounded-md bg-violet-50 px-4 py-3 text-sm text-violet-900 ring-1 ring-violet-200"
            data-testid="sr-split"
          >
            {document.parent ? (
              <>
                {t('stock-transfer:splitFrom')}{' '}
                <Link className="font-medium underline" to={`${listPath}/view?id=${document.parent.id}`}>
                  {document.parent.doc_no}
                </Link>
              </>
            ) : (
              <>
                {t('stock-transfer:splitInto')}{' '}
                {document.children.map((child, index) => (
                  <span key={child.id}>
                    {index > 0 && ', '}
                    <Link className="font-medium underline" to={`${listPath}/view?id=${child.id}`}>
                      {child.doc_no}
                    </Link>
                  </span>
                ))}
              </>
            )}
          </div>
        ) : document && document.source === 'store_order' ? (
          <div
            className="rounded-md bg-blue-50 px-4 py-3 text-sm text-blue-900 ring-1 ring-blue-200"
            data-testid="sr-source"
          >
            {t('stock-transfer:sourceNote', { no: document.source_no ?? '' })}
          </div>
        ) : document?.adjustment_no ? (
          <div
            className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
            data-testid="sr-adjustment"
          >
            {t('stock-transfer:adjustmentNote', { no: document.adjustment_no })}
          </div>
        ) : null
      }
      print={() =>
        document
          ? {
              title: rj ? t('routes:rjStockRelease') : t('routes:stockRelease'),
              docNo: document.doc_no,
              status: document.status,
              fields: [
                [t('stock-transfer:fields.transfer_type'), t(`stock-transfer:types.${document.transfer_type}`)],
                [t('stock-transfer:fields.from'), `${document.from_location_id} · ${document.from_location_name}`],
                release
                  ? [
                      t('stock-transfer:fields.customer'),
                      `${document.customer_id ?? ''} · ${document.customer_name ?? ''}`,
                    ]
                  : [t('stock-transfer:fields.to'), `${document.to_location_id} · ${document.to_location_name}`],
                ...(release
                  ? ([
                      [t('stock-transfer:fields.invoice_no'), document.invoice_no || '—'],
                      [t('stock-transfer:fields.contact_no'), document.contact_no || '—'],
                      [t('stock-transfer:fields.contact_email'), document.contact_email || '—'],
                      [t('stock-transfer:fields.delivery_address'), document.delivery_address || '—'],
                    ] as [string, string][])
                  : []),
                ...(document.item_state
                  ? ([
                      [t('stock-transfer:fields.item_state'), t(`stock-transfer:itemStates.${document.item_state}`)],
                    ] as [string, string][])
                  : []),
                [t('stock-transfer:fields.release_date'), formatDate(document.release_date)],
                [t('stock-transfer:fields.urgency'), t(`stock-transfer:urgencies.${document.urgency}`)],
                [t('stock-transfer:fields.contact'), document.contact || '—'],
                [t('stock-transfer:fields.remark'), document.remark || '—'],
              ],
              table: {
                headers: [
                  { label: '#' },
                  { label: t('documents:lines.item') },
                  { label: t('documents:lines.unit') },
                  { label: t('stock-transfer:fields.release_quantity'), align: 'right' },
                  { label: t('stock-transfer:fields.received_quantity'), align: 'right' },
                  {
                    label: release
                      ? t('stock-transfer:fields.not_received')
                      : t('stock-transfer:fields.rejected_quantity'),
                    align: 'right',
                  },
                  { label: consignment ? t('stock-transfer:fields.item_state') : t('stock-transfer:fields.tracking') },
                  ...(seesCost ? [{ label: t('stock-transfer:fields.line_value'), align: 'right' as const }] : []),
                ],
                rows: document.lines.map((line) => [
                  line.line_no,
                  `${line.item_name} (${line.item_id})`,
                  line.uom_name,
                  formatQuantity(line.release_quantity),
                  formatQuantity(line.received_quantity ?? undefined),
                  formatQuantity(line.rejected_quantity ?? undefined),
                  consignment
                    ? line.item_state
                      ? t(`stock-transfer:itemStates.${line.item_state}`)
                      : '—'
                    : line.tracking
                      ? t(`stock-transfer:tracking.${line.tracking}`)
                      : '—',
                  ...(seesCost ? [formatMoney(line.line_value ?? undefined)] : []),
                ]),
              },
            }
          : null
      }
    >
      <FormSection title={t('stock-transfer:sections.header')} columns={3}>
        <Controller
          control={form.control}
          name="transfer_type"
          render={({ field }) => (
            <Select<TransferType>
              label={t('stock-transfer:fields.transfer_type')}
              required={!readOnly}
              value={field.value ?? 'INTERNAL'}
              onChange={(value) => field.onChange(value)}
              options={typeOptions}
              disabled={readOnly || document !== undefined}
              data-testid="sr-type"
            />
          )}
        />
        <ControlledSelect
          {...bind.select('from_location_id', t('stock-transfer:fields.from'), { required: true })}
          disabled={readOnly || lines.length > 0 || document !== undefined}
          options={locationOptions}
          data-testid="sr-from"
        />
        {release ? (
          <Controller
            control={form.control}
            name="customer_id"
            render={({ field, fieldState }) => (
              <Select
                label={t('stock-transfer:fields.customer')}
                required={!readOnly}
                value={field.value ?? ''}
                onChange={(value) => {
                  field.onChange(value);
                  chooseCustomer(value);
                }}
                options={customerOptions}
                disabled={readOnly}
                error={fieldState.error?.message}
                data-testid="sr-customer"
              />
            )}
          />
        ) : (
          <Controller
            control={form.control}
            name="to_location_id"
            render={({ field, fieldState }) => (
              <Select
                label={t('stock-transfer:fields.to')}
                required={!readOnly}
                value={field.value ?? ''}
                onChange={(value) => field.onChange(value)}
                options={destinationOptions}
                disabled={readOnly}
                error={fieldState.error?.message}
                data-testid="sr-to"
              />
            )}
          />
        )}
        <ControlledSelect
          {...bind.select('urgency', t('stock-transfer:fields.urgency'), { required: true })}
          options={TRANSFER_URGENCIES.map((value) => ({ value, label: t(`stock-transfer:urgencies.${value}`) }))}
          data-testid="sr-urgency"
        />
        <DateField {...bind.text('release_date', t('stock-transfer:fields.release_date'), { required: true })} />
        <TextField {...bind.text('contact', t('stock-transfer:fields.contact'))} />
        {release && (
          <>
            <TextField {...bind.text('invoice_no', t('stock-transfer:fields.invoice_no'))} data-testid="sr-invoice" />
            <TextField {...bind.text('contact_no', t('stock-transfer:fields.contact_no'))} />
            <TextField {...bind.text('contact_email', t('stock-transfer:fields.contact_email'))} />
            <TextField {...bind.text('delivery_address', t('stock-transfer:fields.delivery_address'))} />
          </>
        )}
        <TextField {...bind.text('remark', t('stock-transfer:fields.remark'))} />
      </FormSection>
      <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 className="mb-3 text-sm font-semibold text-slate-800">{t('stock-transfer:sections.lines')}</h2>
        {editing && !fromId && <p className="mb-3 text-sm text-slate-500">{t('stock-transfer:hints.locationFirst')}</p>}
        <Controller
          control={form.control}
          name="lines"
          render={({ field }) => (
            <LineGrid<Line>
              testId="sr-lines"
              lines={field.value}
              readOnly={!editing || !fromId}
              onChange={(next) => field.onChange(next)}
              newLine={(item) => ({
                item_type: item.item_type,
                item_id: item.item_id,
                item_name: (chinese && item.ch_display_name) || item.item_name,
                uom_name: item.uom_name,
                release_quantity: '',
                remark: '',
              })}
              unitsOf={(line) => stockOf(line)?.uom_list}
              quantity={{
                header: t('stock-transfer:fields.release_quantity'),
                value: (line) => (editing ? text(line.release_quantity) : formatQuantity(text(line.release_quantity))),
                set: (line, value) => ({ ...line, release_quantity: value }),
                placeholder: t('stock-transfer:placeholders.quantity'),
              }}
              columns={columns}
              errors={errors}
              listError={listError}
              footer={
                !editing && document && seesCost ? (
                  <tr className="text-sm font-medium">
                    <td colSpan={columns.length + 3} className="py-2 pr-3 text-right">
                      {t('stock-transfer:fields.transfer_value')}:{' '}
                      <span data-testid="sr-value">{formatMoney(document.transfer_value)}</span>
                    </td>
                  </tr>
                ) : undefined
              }
            />
          )}
        />
      </section>
      {receiveDialog}
      {settleDialog}
      {splitDialog}
    </DocumentPage>
  );
}
