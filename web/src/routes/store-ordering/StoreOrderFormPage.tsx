import {
  STORE_ORDER_MACHINE,
  STORE_ORDER_TYPES,
  storeOrderInputSchema,
  storeOrderLineInputSchema,
  V,
} from '@scm/contracts';
import type { StockItemOption, StoreOrderInput, StoreOrderLineInfo, StoreOrderView } from '@scm/contracts';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import {
  setStoreOrderParLevel,
  storeOrdersApi,
  useStoreOrderChoices,
  useStoreOrderLineInfo,
  useStoreOrderSkuSearch,
} from '../../api/store-orders';
import { useSession } from '../../api/session';
import {
  DocumentPage,
  ItemPicker,
  LineGrid,
  itemKey,
  itemLabel,
  useDocumentLocations,
} from '../../components/document';
import type { LineColumn } from '../../components/document';
import {
  ControlledDateTimeField,
  ControlledSelect,
  FormSection,
  StatusBadge,
  useFieldProps,
  useFormMode,
  zodResolver,
} from '../../components/form';
import type { FormMode } from '../../components/form';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/icons';
import { Select } from '../../components/ui/Select';
import { TextField } from '../../components/ui/TextField';
import { isLocalDateTime, toLocalDateTime } from '../../components/ui/calendar-days';
import { formatDateTime, formatQuantity } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { PURCHASE_ORDER_PATH } from '../procurement/paths';
import { STORE_ORDER_PATH, orderTypeKey } from './paths';

/**
 * The form: the contract's input with the line grid's item fields (item_type, item_id, item_name; sent as sku_id)
 * and the delivery time as the kit's local `YYYY-MM-DDTHH:mm` (sent as an instant). Any line problem blocks saving
 * the draft (SPEC.md §5): the page then says "One or more items not filled up properly".
 */
const formSchema = storeOrderInputSchema.extend({
  delivery_time: z
    .string({ error: V.required })
    .min(1, { error: V.required })
    .refine(isLocalDateTime, { error: V.invalid }),
  lines: z
    .array(
      storeOrderLineInputSchema.omit({ sku_id: true }).extend({
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
type Grouping = 'category' | 'supplier';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const trimZeros = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

function toFormValues(view: StoreOrderView): FormValues {
  return {
    location_id: view.location_id,
    delivery_time: toLocalDateTime(view.delivery_time),
    order_type: view.order_type,
    internal_remark: view.internal_remark ?? '',
    supplier_remark: view.supplier_remark ?? '',
    lines: view.lines.map((line) => ({
      item_type: 'sku' as const,
      item_id: line.sku_id,
      item_name: line.sku_name,
      uom_name: line.uom_name,
      quantity: trimZeros(line.quantity),
      source: line.source,
      supplier_id: line.supplier_id,
      remark: line.remark ?? '',
    })),
  };
}

function toInput(values: FormOutput, revision?: number): StoreOrderInput {
  return {
    location_id: values.location_id,
    delivery_time: new Date(values.delivery_time).toISOString(),
    order_type: values.order_type,
    internal_remark: values.internal_remark,
    supplier_remark: values.supplier_remark,
    lines: values.lines.map((line) => ({
      sku_id: line.item_id,
      uom_name: line.uom_name,
      quantity: line.quantity,
      source: line.source,
      supplier_id: line.source === 'supplier' ? line.supplier_id : null,
      remark: line.remark,
    })),
    ...(revision !== undefined && { revision }),
  };
}

/** /store-ordering/{type}: a store order — new, edit (DRAFT) and view with its split. */
export default function StoreOrderFormPage() {
  const mode = useFormMode();
  return <StoreOrderForm key={mode.formKey} {...mode} />;
}

function StoreOrderForm({ mode, id, readOnly }: FormMode) {
  const { t, i18n } = useTranslation();
  const chinese = i18n.language === 'zh-CN';
  const { user } = useSession();
  const can = useCan();
  const isNewDoc = mode === 'new' || mode === 'create' || mode === 'clone';
  const {
    data: record,
    error,
    isLoading,
  } = storeOrdersApi.useRecord(mode === 'new' || mode === 'create' ? undefined : id);
  const document = isNewDoc ? undefined : record;
  const locations = useDocumentLocations();
  const { data: choices } = useStoreOrderChoices();
  const [grouping, setGrouping] = useState<Grouping>('category');
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const [parDrafts, setParDrafts] = useState<Record<string, string>>({});
  /** The units of items picked in this visit (a saved line's come with the document). */
  const [pickedUnits, setPickedUnits] = useState<Record<string, StockItemOption['uom_list']>>({});
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      location_id: user?.locations.length === 1 && user.locations[0] !== '*' ? user.locations[0] : '',
      delivery_time: '',
      order_type: 'Business Order',
      internal_remark: '',
      supplier_remark: '',
      lines: [],
    },
  });
  const bind = useFieldProps(form, readOnly);
  const values = useMemo(() => (record ? toFormValues(record) : undefined), [record]);
  const lines = form.watch('lines');
  const locationId = form.watch('location_id') || document?.location_id;
  const deliveryLocal = form.watch('delivery_time');
  const orderType = form.watch('order_type');
  const editing = !readOnly && (document === undefined || document.status === 'DRAFT');
  const internalOrder = orderType === 'Internal';

  const deliveryTime =
    deliveryLocal && isLocalDateTime(deliveryLocal) ? new Date(deliveryLocal).toISOString() : undefined;
  const infoQuery = useMemo(() => lines.map((line) => ({ sku_id: line.item_id, uom_name: line.uom_name })), [lines]);
  const { data: infos } = useStoreOrderLineInfo(locationId || undefined, deliveryTime, infoQuery);
  const infoOf = (line: Line): StoreOrderLineInfo | undefined =>
    infos?.find((info) => info.sku_id === line.item_id && info.uom_name === line.uom_name) ??
    infos?.find((info) => info.sku_id === line.item_id);

  const locationOptions = useMemo(() => {
    const options = [{ value: '', label: t('store-order:placeholders.location') }, ...locations.options];
    if (record && !options.some((option) => option.value === record.location_id)) {
      options.push({ value: record.location_id, label: `${record.location_id} · ${record.location_name}` });
    }
    return options;
  }, [locations.options, record, t]);
  const supplierName = (supplierId: string | null | undefined) =>
    supplierId
      ? (choices?.suppliers.find((supplier) => supplier.supplier_id === supplierId)?.company_name ??
        document?.lines.find((line) => line.supplier_id === supplierId)?.supplier_name ??
        supplierId)
      : null;
  const kitchenLabel = choices?.central_kitchen
    ? t('store-order:sources.central_kitchen', { name: choices.central_kitchen.location_name })
    : t('store-order:sources.centralKitchenUnset');

  // --- errors: the line grid's messages, and SPEC.md §5's one message above the items ---------------------------
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
          source: row.source?.message ?? row.supplier_id?.message,
          remark: row.remark?.message,
        }
      : undefined;
  });
  const itemsInvalid = errors.some((row) => row && Object.values(row).some(Boolean));
  const listError =
    (form.formState.errors.lines as { message?: string } | undefined)?.message ??
    (form.formState.errors.lines as { root?: { message?: string } } | undefined)?.root?.message;

  const setLine = (index: number, patch: Partial<Line>) =>
    form.setValue(
      'lines',
      form.getValues('lines').map((line, i) => (i === index ? { ...line, ...patch } : line)),
      { shouldDirty: true },
    );

  const add = (item: StockItemOption) => {
    const current = form.getValues('lines');
    if (current.some((line) => itemKey(line) === itemKey(item))) {
      setDuplicate(t('documents:lines.duplicate', { item: itemLabel(item, chinese) }));
      return;
    }
    setDuplicate(null);
    setPickedUnits((units) => ({ ...units, [item.item_id]: item.uom_list }));
    form.setValue(
      'lines',
      [
        ...current,
        {
          item_type: 'sku',
          item_id: item.item_id,
          item_name: item.item_name,
          uom_name: item.uom_name,
          quantity: '',
          source: internalOrder ? 'central_kitchen' : 'supplier',
          supplier_id: null,
          remark: '',
        },
      ],
      { shouldDirty: true },
    );
  };

  // --- grouping: by category or by supplier (the central kitchen is a group of its own) ---------------------------
  const groupOf = (line: Line): string => {
    if (grouping === 'category') {
      const saved = document?.lines.find((candidate) => candidate.sku_id === line.item_id);
      return infoOf(line)?.category_name ?? saved?.category_name ?? t('store-order:grouping.uncategorised');
    }
    if (internalOrder || line.source === 'central_kitchen') return kitchenLabel;
    return (
      supplierName(line.supplier_id) ?? infoOf(line)?.default_supplier_name ?? t('store-order:grouping.noSupplier')
    );
  };
  const groups = useMemo(() => {
    const map = new Map<string, number[]>();
    lines.forEach((line, index) => map.set(groupOf(line), [...(map.get(groupOf(line)) ?? []), index]));
    return [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lines, grouping, infos, choices, internalOrder, document]);

  // --- the suggested quantity beside the ordered one, with its inputs in the tooltip -----------------------------
  const suggestionTitle = (info: StoreOrderLineInfo) =>
    info.par_level === null
      ? t('store-order:suggestion.tooltipNoPar', {
          onHand: formatQuantity(info.on_hand),
          usage: formatQuantity(info.avg_weekly_usage),
          primary: info.primary_uom_name,
        })
      : t('store-order:suggestion.tooltip', {
          par: formatQuantity(info.par_level),
          onHand: formatQuantity(info.on_hand),
          usage: formatQuantity(info.avg_weekly_usage),
          days: info.days_until_delivery,
          uom: info.uom_name,
          factor: trimZeros(info.factor),
          primary: info.primary_uom_name,
        });

  const saveParLevel = async (line: Line) => {
    const typed = parDrafts[line.item_id];
    if (typed === undefined || !locationId) return;
    await setStoreOrderParLevel({ location_id: locationId, sku_id: line.item_id, par_level: typed.trim() || '0' });
    setParDrafts((drafts) => {
      const next = { ...drafts };
      delete next[line.item_id];
      return next;
    });
  };

  const sourceOptions = (line: Line) => [
    {
      value: '',
      label: t('store-order:sources.defaultSupplier', {
        name: infoOf(line)?.default_supplier_name ?? t('store-order:grouping.noSupplier'),
      }),
    },
    ...(choices?.suppliers ?? []).map((supplier) => ({
      value: `supplier:${supplier.supplier_id}`,
      label: `${supplier.supplier_id} · ${supplier.company_name}`,
    })),
    { value: 'central_kitchen', label: kitchenLabel },
  ];
  const sourceValue = (line: Line) =>
    line.source === 'central_kitchen' ? 'central_kitchen' : line.supplier_id ? `supplier:${line.supplier_id}` : '';

  /** The cells after the item and unit; `indexes` maps a group's rows to the form's lines. */
  const columns = (indexes: readonly number[]): LineColumn<Line>[] => [
    {
      id: 'suggested',
      header: t('store-order:fields.suggested'),
      beforeQuantity: true,
      align: 'right',
      cell: (line, row) => {
        const info = infoOf(line);
        const index = indexes[row];
        if (!info) return <p className="pt-2 text-slate-400">…</p>;
        return (
          <div
            className="flex items-center justify-end gap-1 pt-1"
            title={suggestionTitle(info)}
            data-testid={`store-order-suggestion-${index}`}
          >
            {/* The inputs are in the tooltip: dotted like a term that explains itself on hover. */}
            <span
              className="cursor-help tabular-nums text-slate-700 underline decoration-slate-400 decoration-dotted underline-offset-4"
              data-testid={`store-order-suggested-${index}`}
            >
              {info.suggested_quantity === null ? t('store-order:suggestion.none') : info.suggested_quantity}
            </span>
            {editing && info.suggested_quantity !== null && info.suggested_quantity !== '0' && (
              <Button
                type="button"
                variant="ghost"
                title={t('store-order:suggestion.use')}
                aria-label={t('store-order:suggestion.use')}
                onClick={() => setLine(index, { quantity: info.suggested_quantity! })}
                data-testid={`store-order-use-suggested-${index}`}
              >
                <Icon name="check" className="h-3.5 w-3.5" />
              </Button>
            )}
          </div>
        );
      },
    },
    {
      id: 'par_level',
      header: t('store-order:fields.par_level'),
      beforeQuantity: true,
      align: 'right',
      cell: (line, row) => {
        const info = infoOf(line);
        const index = indexes[row];
        const shown = parDrafts[line.item_id] ?? (info?.par_level ? trimZeros(info.par_level) : '');
        return editing && can('OR', 'edit') ? (
          <input
            aria-label={t('store-order:fields.par_level')}
            inputMode="decimal"
            autoComplete="off"
            value={shown}
            title={t('store-order:suggestion.parHint', { primary: info?.primary_uom_name ?? '' })}
            placeholder={info?.primary_uom_name ?? ''}
            onChange={(event) => setParDrafts((drafts) => ({ ...drafts, [line.item_id]: event.target.value }))}
            onBlur={() => void saveParLevel(line)}
            className="ml-auto block h-9 w-20 rounded-md border border-slate-300 px-2 text-right text-sm tabular-nums focus:ring-2 focus:ring-blue-500 focus:outline-none"
            data-testid={`store-order-par-${index}`}
          />
        ) : (
          <p className="pt-2 tabular-nums text-slate-600">
            {info?.par_level ? `${formatQuantity(info.par_level)} ${info.primary_uom_name}` : '—'}
          </p>
        );
      },
    },
    {
      id: 'source',
      header: t('store-order:fields.source'),
      cell: (line, row) => {
        const index = indexes[row];
        if (!editing || internalOrder) {
          return (
            <p className="pt-2 text-slate-800">
              {internalOrder || line.source === 'central_kitchen'
                ? kitchenLabel
                : (supplierName(line.supplier_id) ?? infoOf(line)?.default_supplier_name ?? '—')}
            </p>
          );
        }
        return (
          <Select
            ariaLabel={t('store-order:fields.source')}
            value={sourceValue(line)}
            onChange={(value) =>
              setLine(
                index,
                value === 'central_kitchen'
                  ? { source: 'central_kitchen', supplier_id: null }
                  : { source: 'supplier', supplier_id: value ? value.slice('supplier:'.length) : null },
              )
            }
            options={sourceOptions(line)}
            buttonClassName="min-w-40"
            error={errors[index]?.source}
            data-testid={`store-order-source-${index}`}
          />
        );
      },
    },
    {
      id: 'remark',
      header: t('store-order:fields.remark'),
      cell: (line, row) => {
        const index = indexes[row];
        return editing ? (
          <input
            aria-label={t('store-order:fields.remark')}
            autoComplete="off"
            value={text(line.remark)}
            onChange={(event) => setLine(index, { remark: event.target.value })}
            className="block h-9 w-32 rounded-md border border-slate-300 px-3 text-sm focus:ring-2 focus:ring-blue-500 focus:outline-none"
            data-testid={`store-order-remark-${index}`}
          />
        ) : (
          <p className="pt-2 text-slate-700">{text(line.remark) || '—'}</p>
        );
      },
    },
  ];

  const save = (output: FormOutput, idempotencyKey: string) =>
    document
      ? storeOrdersApi.update(document.id, toInput(output, document.revision), idempotencyKey)
      : storeOrdersApi.create(toInput(output), idempotencyKey);

  const orderTypeLabel = (value: string) => t(`store-order:orderTypes.${orderTypeKey(value)}`);
  const sourceLabel = (line: StoreOrderView['lines'][number]) =>
    line.source === 'central_kitchen' ? t('store-order:fields.central_kitchen') : (line.supplier_name ?? '—');

  const split =
    document && document.status === 'SUBMITTED' ? (
      <section
        className="space-y-3 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200"
        data-testid="store-order-split"
      >
        <h2 className="text-sm font-semibold text-slate-800">{t('store-order:sections.split')}</h2>
        {document.purchase_orders.length > 0 && (
          <div>
            <p className="mb-1 text-xs text-slate-500">{t('store-order:split.purchaseOrders')}</p>
            <ul className="space-y-1 text-sm">
              {document.purchase_orders.map((po) => (
                <li key={po.id} className="flex items-center gap-3" data-testid="store-order-po">
                  <Link
                    to={`${PURCHASE_ORDER_PATH}/view?id=${encodeURIComponent(po.id)}`}
                    className="font-mono text-blue-700 hover:underline"
                  >
                    {po.doc_no}
                  </Link>
                  <span className="text-slate-700">{po.supplier_name}</span>
                  <StatusBadge status={po.status} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {document.transfer_request && (
          <p className="text-sm text-slate-700" data-testid="store-order-transfer">
            {t('store-order:split.transfer', {
              from: `${document.transfer_request.from_location_id} · ${document.transfer_request.from_location_name}`,
              count: document.transfer_request.line_count,
              time: formatDateTime(document.transfer_request.requested_time),
            })}
          </p>
        )}
      </section>
    ) : null;

  return (
    <DocumentPage
      form={form}
      mode={mode}
      machine={STORE_ORDER_MACHINE}
      api={storeOrdersApi}
      title={t('routes:storeOrdering')}
      listPath={STORE_ORDER_PATH}
      document={document}
      values={isNewDoc ? undefined : values}
      loading={!isNewDoc && Boolean(id) && isLoading}
      loadError={!isNewDoc && !id ? true : error}
      save={save}
      banner={split}
      print={() =>
        document
          ? {
              title: t('routes:storeOrdering'),
              docNo: document.doc_no,
              status: document.status,
              fields: [
                [t('store-order:fields.location'), `${document.location_id} · ${document.location_name}`],
                [t('store-order:fields.delivery_time'), formatDateTime(document.delivery_time)],
                [t('store-order:fields.order_type'), orderTypeLabel(document.order_type)],
                [t('store-order:fields.internal_remark'), document.internal_remark || '—'],
                [t('store-order:fields.supplier_remark'), document.supplier_remark || '—'],
              ],
              table: {
                headers: [
                  { label: '#' },
                  { label: t('documents:lines.item') },
                  { label: t('store-order:fields.category') },
                  { label: t('documents:lines.unit') },
                  { label: t('store-order:fields.quantity'), align: 'right' },
                  { label: t('store-order:fields.source') },
                  { label: t('store-order:fields.remark') },
                ],
                rows: document.lines.map((line) => [
                  line.line_no,
                  `${line.sku_name} (${line.sku_id})`,
                  line.category_name ?? '—',
                  line.uom_name,
                  formatQuantity(line.quantity),
                  sourceLabel(line),
                  line.remark || '—',
                ]),
              },
            }
          : null
      }
    >
      <FormSection title={t('store-order:sections.header')} columns={3}>
        <ControlledSelect
          {...bind.select('location_id', t('store-order:fields.location'), { required: true })}
          disabled={readOnly || Boolean(document)}
          options={locationOptions}
          data-testid="store-order-location"
        />
        <ControlledDateTimeField
          {...bind.select('delivery_time', t('store-order:fields.delivery_time'), { required: true })}
          data-testid="store-order-delivery-time"
        />
        <ControlledSelect
          {...bind.select('order_type', t('store-order:fields.order_type'), { required: true })}
          options={STORE_ORDER_TYPES.map((value) => ({ value, label: orderTypeLabel(value) }))}
          data-testid="store-order-order-type"
        />
        <TextField {...bind.text('internal_remark', t('store-order:fields.internal_remark'))} />
        <TextField {...bind.text('supplier_remark', t('store-order:fields.supplier_remark'))} />
      </FormSection>
      <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-sm font-semibold text-slate-800">{t('store-order:sections.lines')}</h2>
          <div
            className="inline-flex items-center gap-1 rounded-md bg-slate-100 p-1 text-xs"
            role="group"
            aria-label={t('store-order:grouping.label')}
          >
            <span className="px-2 text-slate-500">{t('store-order:grouping.label')}</span>
            {(['category', 'supplier'] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={grouping === value}
                onClick={() => setGrouping(value)}
                className={`rounded px-2 py-1 font-medium ${grouping === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
                data-testid={`store-order-group-${value}`}
              >
                {t(`store-order:grouping.${value}`)}
              </button>
            ))}
          </div>
        </div>
        {internalOrder && <p className="mb-3 text-sm text-slate-500">{t('store-order:internalHint')}</p>}
        {itemsInvalid && (
          <div
            className="mb-3 flex items-center gap-2 rounded-md bg-red-50 px-4 py-2 text-sm text-red-800 ring-1 ring-red-200"
            role="alert"
            data-testid="store-order-items-invalid"
          >
            <Icon name="alert" className="h-4 w-4" />
            {t('store-order:errors.itemsNotFilled')}
          </div>
        )}
        <Controller
          control={form.control}
          name="lines"
          render={({ field }) => (
            <div className="space-y-5">
              {lines.length === 0 && (
                <LineGrid<Line> testId="store-order-lines" lines={[]} readOnly onChange={undefined} />
              )}
              {groups.map(([group, indexes]) => {
                const groupLines = indexes.map((index) => field.value[index]).filter(Boolean);
                return (
                  <div key={group} data-testid="store-order-group" data-group={group}>
                    <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{group}</h3>
                    <LineGrid<Line>
                      testId="store-order-lines"
                      lines={groupLines}
                      readOnly={!editing}
                      onChange={(next) => {
                        const kept = new Map(next.map((line) => [itemKey(line), line]));
                        const inGroup = new Set(groupLines.map((line) => itemKey(line)));
                        field.onChange(
                          field.value.flatMap((line) =>
                            inGroup.has(itemKey(line))
                              ? kept.has(itemKey(line))
                                ? [kept.get(itemKey(line))!]
                                : []
                              : [line],
                          ),
                        );
                      }}
                      itemType="sku"
                      unitsOf={(line) =>
                        pickedUnits[line.item_id] ??
                        document?.lines.find((saved) => saved.sku_id === line.item_id)?.uom_list
                      }
                      quantity={{
                        header: t('store-order:fields.quantity'),
                        value: (line) => (editing ? text(line.quantity) : formatQuantity(text(line.quantity))),
                        set: (line, value) => ({ ...line, quantity: value }),
                        placeholder: t('store-order:placeholders.quantity'),
                      }}
                      columns={columns(indexes)}
                      errors={indexes.map((index) => errors[index])}
                    />
                  </div>
                );
              })}
              {listError && (
                <p className="text-xs text-red-600" data-testid="field-error">
                  {listError}
                </p>
              )}
              {editing && (
                <ItemPicker
                  onPick={add}
                  onSearch={() => setDuplicate(null)}
                  itemType="sku"
                  error={duplicate ?? undefined}
                  useSearch={useStoreOrderSkuSearch}
                  placeholder={t('store-order:searchSku')}
                />
              )}
            </div>
          )}
        />
      </section>
    </DocumentPage>
  );
}
