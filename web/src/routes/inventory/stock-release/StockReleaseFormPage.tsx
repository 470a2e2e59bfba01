import {
  STOCK_TRANSFER_MACHINE,
  TRANSFER_URGENCIES,
  V,
  stockTransferInputSchema,
  stockTransferLineInputSchema,
} from '@scm/contracts';
import type { StockAtLocation, StockTransferInput, StockTransferLineView, StockTransferView } from '@scm/contracts';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSession } from '../../../api/session';
import { useStockAtLines } from '../../../api/stock-items';
import { stockTransfersApi } from '../../../api/stock-transfers';
import { DocumentPage, itemKey, LineGrid, useDocumentLocations } from '../../../components/document';
import type { DocumentActionsApi, LineColumn } from '../../../components/document';
import { ControlledSelect, FormSection, useFieldProps, useFormMode, zodResolver } from '../../../components/form';
import type { FormMode } from '../../../components/form';
import { DateField } from '../../../components/ui/DateField';
import { TextField } from '../../../components/ui/TextField';
import { formatDate, formatMoney, formatQuantity, isoDate } from '../../../lib/format';
import { STOCK_RELEASE_PATH } from './paths';
import { useReceiveDialog } from './ReceiveDialog';

/** The form: the contract's input, each line also carrying the item's name for the grid (never sent). */
const formSchema = stockTransferInputSchema.extend({
  lines: z
    .array(stockTransferLineInputSchema.extend({ item_name: z.string().optional() }))
    .min(1, { error: V.required })
    .max(500),
});
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
type Line = FormValues['lines'][number];

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const trimZeros = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

function toFormValues(view: StockTransferView): FormValues {
  return {
    from_location_id: view.from_location_id,
    to_location_id: view.to_location_id,
    urgency: view.urgency,
    release_date: view.release_date,
    contact: view.contact ?? '',
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
  return {
    from_location_id: values.from_location_id,
    to_location_id: values.to_location_id,
    urgency: values.urgency,
    release_date: values.release_date,
    contact: values.contact,
    remark: values.remark,
    lines: values.lines.map(({ item_name: _name, ...line }) => line),
    ...(revision !== undefined && { revision }),
  };
}

/** /inventory/stock-release/{type}: a stock transfer — new, edit (DRAFT), view with its actions and the receipt. */
export default function StockReleaseFormPage() {
  const mode = useFormMode();
  return <StockReleaseForm key={mode.formKey} {...mode} />;
}

function StockReleaseForm({ mode, id, readOnly }: FormMode) {
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
      from_location_id: user?.locations.length === 1 && user.locations[0] !== '*' ? user.locations[0] : '',
      to_location_id: '',
      urgency: 'MEDIUM',
      release_date: isoDate(new Date()),
      contact: '',
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
    ...(!editing
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
            header: t('stock-transfer:fields.rejected_quantity'),
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
      machine={STOCK_TRANSFER_MACHINE}
      api={actionsApi}
      title={t('routes:stockRelease')}
      listPath={STOCK_RELEASE_PATH}
      document={shown}
      values={isNewDoc ? undefined : values}
      loading={!isNewDoc && Boolean(id) && isLoading}
      loadError={!isNewDoc && !id ? true : error}
      save={save}
      attachments={{ service: 'inventory', ownerType: 'stock-transfer' }}
      banner={
        document && document.source === 'store_order' ? (
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
              title: t('routes:stockRelease'),
              docNo: document.doc_no,
              status: document.status,
              fields: [
                [t('stock-transfer:fields.from'), `${document.from_location_id} · ${document.from_location_name}`],
                [t('stock-transfer:fields.to'), `${document.to_location_id} · ${document.to_location_name}`],
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
                  { label: t('stock-transfer:fields.rejected_quantity'), align: 'right' },
                  { label: t('stock-transfer:fields.tracking') },
                  ...(seesCost ? [{ label: t('stock-transfer:fields.line_value'), align: 'right' as const }] : []),
                ],
                rows: document.lines.map((line) => [
                  line.line_no,
                  `${line.item_name} (${line.item_id})`,
                  line.uom_name,
                  formatQuantity(line.release_quantity),
                  formatQuantity(line.received_quantity ?? undefined),
                  formatQuantity(line.rejected_quantity ?? undefined),
                  line.tracking ? t(`stock-transfer:tracking.${line.tracking}`) : '—',
                  ...(seesCost ? [formatMoney(line.line_value ?? undefined)] : []),
                ]),
              },
            }
          : null
      }
    >
      <FormSection title={t('stock-transfer:sections.header')} columns={3}>
        <ControlledSelect
          {...bind.select('from_location_id', t('stock-transfer:fields.from'), { required: true })}
          disabled={readOnly || lines.length > 0 || document !== undefined}
          options={locationOptions}
          data-testid="sr-from"
        />
        <ControlledSelect
          {...bind.select('to_location_id', t('stock-transfer:fields.to'), { required: true })}
          options={destinationOptions}
          data-testid="sr-to"
        />
        <ControlledSelect
          {...bind.select('urgency', t('stock-transfer:fields.urgency'), { required: true })}
          options={TRANSFER_URGENCIES.map((value) => ({ value, label: t(`stock-transfer:urgencies.${value}`) }))}
          data-testid="sr-urgency"
        />
        <DateField {...bind.text('release_date', t('stock-transfer:fields.release_date'), { required: true })} />
        <TextField {...bind.text('contact', t('stock-transfer:fields.contact'))} />
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
    </DocumentPage>
  );
}
