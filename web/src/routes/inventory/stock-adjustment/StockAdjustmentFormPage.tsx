import {
  adjustmentReasonsFor,
  STOCK_ADJUSTMENT_MACHINE,
  stockAdjustmentInputSchema,
  stockAdjustmentLineInputSchema,
  V,
} from '@scm/contracts';
import type { StockAdjustmentInput, StockAdjustmentView, StockAtLocation } from '@scm/contracts';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { useSession } from '../../../api/session';
import { stockAdjustmentsApi } from '../../../api/stock-adjustments';
import { useStockAtLines } from '../../../api/stock-items';
import { clientRefusal, DocumentPage, itemKey, LineGrid, useDocumentLocations } from '../../../components/document';
import type { LineColumn } from '../../../components/document';
import { ControlledSelect, FormSection, useFieldProps, useFormMode, zodResolver } from '../../../components/form';
import type { FormMode } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { DateField } from '../../../components/ui/DateField';
import { Icon } from '../../../components/ui/icons';
import { Select } from '../../../components/ui/Select';
import { TextField } from '../../../components/ui/TextField';
import { formatDate, formatMoney, formatQuantity, formatUnitCost, isoDate, toNumber } from '../../../lib/format';
import { STOCK_ADJUSTMENT_PATH, STOCK_TAKE_PATH } from '../paths';
import { batchesMatch, inUnit, toMilli, trimZeros } from './batch-math';
import { BatchDialog } from './BatchDialog';
import type { ChosenBatch } from './BatchDialog';

/** The form: the contract's input, each line also carrying the item's name for the grid (never sent). */
const formSchema = stockAdjustmentInputSchema.extend({
  lines: z
    .array(stockAdjustmentLineInputSchema.extend({ item_name: z.string().optional() }))
    .min(1, { error: V.required })
    .max(500),
});
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
type Line = FormValues['lines'][number];

const reasonKey = (reason: string) => reason.toLowerCase().replace(/\s+/g, '_');
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const sign = (line: Line) => Math.sign(toNumber(text(line.adjustment_quantity)) ?? 0);

function toFormValues(view: StockAdjustmentView): FormValues {
  return {
    location_id: view.location_id,
    value_date: view.value_date,
    remark: view.remark ?? '',
    lines: view.lines.map((line) => ({
      item_type: line.item_type,
      item_id: line.item_id,
      item_name: line.item_name,
      uom_name: line.uom_name,
      adjustment_quantity: trimZeros(line.adjustment_quantity),
      reason: line.reason,
      unit_cost: line.unit_cost ?? null,
      batches: line.batches.map((batch) => ({ batch_id: batch.batch_id, quantity: trimZeros(batch.quantity) })),
      remark: line.remark ?? '',
    })),
  };
}

/** What is sent: the lines without their names, a blank price as none. */
function toInput(values: FormOutput, revision?: number): StockAdjustmentInput {
  return {
    location_id: values.location_id,
    value_date: values.value_date,
    remark: values.remark,
    lines: values.lines.map(({ item_name: _name, unit_cost, ...line }) => ({
      ...line,
      unit_cost: unit_cost === '' || unit_cost === undefined ? null : unit_cost,
    })),
    ...(revision !== undefined && { revision }),
  };
}

/** /inventory/stock-adjustment/{type}: a stock adjustment — new, edit (DRAFT) and view with its actions. */
export default function StockAdjustmentFormPage() {
  const mode = useFormMode();
  return <StockAdjustmentForm key={mode.formKey} {...mode} />;
}

function StockAdjustmentForm({ mode, id, readOnly }: FormMode) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const seesCost = user?.role.can_see_cost ?? false;
  const isNewDoc = mode === 'new' || mode === 'create' || mode === 'clone';
  const {
    data: record,
    error,
    isLoading,
  } = stockAdjustmentsApi.useRecord(mode === 'new' || mode === 'create' ? undefined : id);
  const document = isNewDoc ? undefined : record;
  const locations = useDocumentLocations();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      location_id: user?.locations.length === 1 && user.locations[0] !== '*' ? user.locations[0] : '',
      value_date: isoDate(new Date()),
      remark: '',
      lines: [],
    },
  });
  const bind = useFieldProps(form, readOnly);
  const values = useMemo(() => (record ? toFormValues(record) : undefined), [record]);
  const locationId = form.watch('location_id');
  const lines = form.watch('lines');
  const { data: stock } = useStockAtLines(locationId || undefined, lines);
  const [batchLine, setBatchLine] = useState<number | null>(null);
  const editing = !readOnly && (document === undefined || document.status === 'DRAFT');
  const chinese = i18n.language === 'zh-CN';

  const savedLine = (line: Line) => document?.lines.find((saved) => itemKey(saved) === itemKey(line));
  const stockOf = (line: Line): StockAtLocation | undefined => stock?.get(itemKey(line));
  const factorOf = (line: Line) =>
    stockOf(line)?.uom_list.find((unit) => unit.uom_name === line.uom_name)?.factor ??
    (line.uom_name === stockOf(line)?.uom_name ? '1' : undefined);
  const onHandOf = (line: Line): number | undefined => {
    const at = stockOf(line);
    const factor = factorOf(line);
    return at && factor ? inUnit(at.on_hand, factor) : undefined;
  };

  const locationOptions = useMemo(() => {
    const options = [{ value: '', label: t('stock-adjustment:placeholders.location') }, ...locations.options];
    if (record && !options.some((option) => option.value === record.location_id)) {
      options.push({ value: record.location_id, label: `${record.location_id} · ${record.location_name}` });
    }
    return options;
  }, [locations.options, record, t]);

  const rowErrors = (form.formState.errors.lines ?? []) as unknown as (
    Record<string, { message?: string } | undefined> | undefined
  )[];
  const errors = lines.map((_, index) => {
    const row = Array.isArray(rowErrors) ? rowErrors[index] : undefined;
    return row
      ? {
          item_id: row.item_id?.message,
          uom_name: row.uom_name?.message,
          quantity: row.adjustment_quantity?.message,
          reason: row.reason?.message,
          unit_cost: row.unit_cost?.message,
          batches: row.batches?.message ?? (row.batches ? t('stock-adjustment:messages.batchSum') : undefined),
        }
      : undefined;
  });
  const listError =
    (form.formState.errors.lines as { message?: string; root?: { message?: string } } | undefined)?.message ??
    (form.formState.errors.lines as { root?: { message?: string } } | undefined)?.root?.message;

  const setLine = (index: number, patch: Partial<Line>) =>
    form.setValue(
      'lines',
      form.getValues('lines').map((line, i) => (i === index ? { ...line, ...patch } : line)),
      { shouldDirty: true },
    );

  const columns: LineColumn<Line>[] = [
    {
      id: 'reason',
      header: t('stock-adjustment:fields.reason'),
      cell: (line, index) =>
        editing ? (
          <Select
            ariaLabel={t('stock-adjustment:fields.reason')}
            value={line.reason}
            onChange={(reason) => setLine(index, { reason })}
            options={adjustmentReasonsFor(line.item_type).map((reason) => ({
              value: reason,
              label: t(`stock-adjustment:reasons.${reasonKey(reason)}`),
            }))}
            buttonClassName="min-w-40"
            data-testid={`sa-reason-${index}`}
          />
        ) : (
          <p className="pt-2">{t(`stock-adjustment:reasons.${reasonKey(line.reason)}`)}</p>
        ),
    },
    {
      id: 'on_hand',
      header: t('stock-adjustment:fields.on_hand'),
      align: 'right',
      cell: (line) => {
        const onHand = editing ? onHandOf(line) : toNumber(savedLine(line)?.on_hand);
        return (
          <p className="pt-2 tabular-nums text-slate-700" data-testid="sa-on-hand">
            {formatQuantity(onHand)}
          </p>
        );
      },
    },
    {
      id: 'after_adjust',
      header: t('stock-adjustment:fields.after_adjust'),
      align: 'right',
      cell: (line) => {
        const quantity = toNumber(text(line.adjustment_quantity));
        const onHand = editing ? onHandOf(line) : toNumber(savedLine(line)?.on_hand);
        const after = editing
          ? onHand !== undefined && quantity !== undefined
            ? Math.round((onHand + quantity) * 1000) / 1000
            : undefined
          : toNumber(savedLine(line)?.after_adjust);
        return (
          <p
            className={`pt-2 tabular-nums ${after !== undefined && after < 0 ? 'font-medium text-red-600' : 'text-slate-800'}`}
            data-testid="sa-after-adjust"
          >
            {formatQuantity(after)}
          </p>
        );
      },
    },
    {
      id: 'unit_cost',
      header: t('stock-adjustment:fields.unit_cost'),
      align: 'right',
      cell: (line, index) => {
        if (sign(line) <= 0) return <p className="pt-2 text-slate-400">—</p>;
        return editing ? (
          <input
            aria-label={t('stock-adjustment:fields.unit_cost')}
            inputMode="decimal"
            autoComplete="off"
            value={text(line.unit_cost)}
            placeholder="0.0000"
            onChange={(event) =>
              setLine(index, { unit_cost: event.target.value.trim() === '' ? null : event.target.value })
            }
            aria-invalid={errors[index]?.unit_cost ? true : undefined}
            className={`ml-auto block h-9 w-28 rounded-md border px-3 text-right text-sm tabular-nums placeholder:text-slate-300 focus:ring-2 focus:ring-blue-500 focus:outline-none ${errors[index]?.unit_cost ? 'border-red-500' : 'border-slate-300'}`}
            data-testid={`sa-unit-cost-${index}`}
          />
        ) : (
          <p className="pt-2 tabular-nums">{seesCost ? formatUnitCost(text(line.unit_cost) || undefined) : '—'}</p>
        );
      },
    },
    {
      id: 'batches',
      header: t('stock-adjustment:fields.batches'),
      cell: (line, index) => {
        if (sign(line) >= 0) return <p className="pt-2 text-slate-400">—</p>;
        const chosen = line.batches ?? [];
        const matched = chosen.length > 0 && batchesMatch(chosen, text(line.adjustment_quantity));
        if (!editing) {
          const saved = savedLine(line)?.batches ?? [];
          return (
            <ul className="pt-2 text-xs text-slate-700" data-testid="sa-batches">
              {saved.map((batch) => (
                <li key={batch.batch_id} className="whitespace-nowrap">
                  {formatDate(batch.received_at)} · {formatQuantity(batch.quantity)} {line.uom_name}
                  {seesCost && ` · ${formatUnitCost(batch.unit_cost)}`}
                </li>
              ))}
            </ul>
          );
        }
        return (
          <Button
            variant={matched ? 'secondary' : 'primary'}
            className="mt-0.5 whitespace-nowrap"
            disabled={!locationId}
            onClick={() => setBatchLine(index)}
            data-testid={`sa-batches-${index}`}
          >
            {matched && <Icon name="check" className="h-4 w-4 text-emerald-600" />}
            {chosen.length > 0
              ? t('stock-adjustment:batches.chosen', { count: chosen.length })
              : t('stock-adjustment:batches.choose')}
          </Button>
        );
      },
    },
    ...(seesCost && !editing
      ? [
          {
            id: 'adjustment_value',
            header: t('stock-adjustment:fields.adjustment_value'),
            align: 'right' as const,
            cell: (line: Line) => <p className="pt-2 tabular-nums">{formatMoney(savedLine(line)?.adjustment_value)}</p>,
          },
        ]
      : []),
  ];

  /** SPEC.md §5 before asking the server: prices of positive lines, batches of negative ones summing to them. */
  const checkSubmit = (output: FormOutput) => {
    const problems: { field: string; message: string }[] = [];
    output.lines.forEach((line, index) => {
      const quantity = toMilli(line.adjustment_quantity);
      if (quantity === null) return;
      if (quantity > 0 && (line.unit_cost === null || line.unit_cost === undefined || line.unit_cost === '')) {
        problems.push({ field: `lines.${index}.unit_cost`, message: t('stock-adjustment:messages.unitPrice') });
      }
      if (quantity < 0 && line.batches.length === 0) {
        problems.push({ field: `lines.${index}.batches`, message: t('stock-adjustment:messages.batchRequired') });
      } else if (quantity < 0 && !batchesMatch(line.batches, line.adjustment_quantity)) {
        problems.push({ field: `lines.${index}.batches`, message: t('stock-adjustment:messages.batchSum') });
      }
    });
    if (problems.length === 0) return null;
    // Under each line, and the messages once in the page's banner.
    const messages = [...new Set(problems.map((problem) => problem.message))];
    return clientRefusal(messages.join('\n'), [
      ...problems,
      ...messages.map((message) => ({ field: 'document', message })),
    ]);
  };

  const save = (output: FormOutput, idempotencyKey: string) =>
    document
      ? stockAdjustmentsApi.update(document.id, toInput(output, document.revision), idempotencyKey)
      : stockAdjustmentsApi.create(toInput(output), idempotencyKey);

  const batchTarget = batchLine !== null ? lines[batchLine] : undefined;
  const positive = lines.reduce((total, line) => {
    const quantity = toNumber(text(line.adjustment_quantity)) ?? 0;
    const price = toNumber(text(line.unit_cost));
    return quantity > 0 && price !== undefined ? total + quantity * price : total;
  }, 0);

  const sourceBanner =
    document && document.source !== 'manual' ? (
      <div
        className="flex flex-wrap items-center gap-2 rounded-md bg-blue-50 px-4 py-3 text-sm text-blue-900 ring-1 ring-blue-200"
        data-testid="sa-source"
      >
        <Icon name="alert" className="h-4 w-4" />
        <span>{t(`stock-adjustment:sourceNote.${document.source}`)}</span>
        {document.source === 'stock_take' && document.source_id ? (
          <Link
            to={`${STOCK_TAKE_PATH}/view?id=${encodeURIComponent(document.source_id)}`}
            className="font-medium text-blue-700 hover:underline"
            data-testid="sa-source-link"
          >
            {document.source_no ?? document.source_id}
          </Link>
        ) : (
          <span className="font-medium">{document.source_no}</span>
        )}
      </div>
    ) : null;

  return (
    <DocumentPage
      form={form}
      mode={mode}
      machine={STOCK_ADJUSTMENT_MACHINE}
      api={stockAdjustmentsApi}
      title={t('routes:stockAdjustment')}
      listPath={STOCK_ADJUSTMENT_PATH}
      document={document}
      values={isNewDoc ? undefined : values}
      loading={!isNewDoc && Boolean(id) && isLoading}
      loadError={!isNewDoc && !id ? true : error}
      save={save}
      checkSubmit={checkSubmit}
      attachments={{ service: 'inventory', ownerType: 'stock-adjustment' }}
      banner={sourceBanner}
      print={() =>
        document
          ? {
              title: t('routes:stockAdjustment'),
              docNo: document.doc_no,
              status: document.status,
              fields: [
                [t('stock-adjustment:fields.location'), `${document.location_id} · ${document.location_name}`],
                [t('stock-adjustment:fields.value_date'), formatDate(document.value_date)],
                [
                  t('stock-adjustment:fields.source'),
                  `${t(`stock-adjustment:sources.${document.source}`)} ${document.source_no ?? ''}`,
                ],
                [t('stock-adjustment:fields.created_by'), document.created_by_name],
                [t('stock-adjustment:fields.remark'), document.remark || '—'],
              ],
              table: {
                headers: [
                  { label: '#' },
                  { label: t('documents:lines.item') },
                  { label: t('documents:lines.unit') },
                  { label: t('stock-adjustment:fields.adjustment_quantity'), align: 'right' },
                  { label: t('stock-adjustment:fields.reason') },
                  { label: t('stock-adjustment:fields.on_hand'), align: 'right' },
                  { label: t('stock-adjustment:fields.after_adjust'), align: 'right' },
                  ...(seesCost
                    ? [{ label: t('stock-adjustment:fields.adjustment_value'), align: 'right' as const }]
                    : []),
                ],
                rows: document.lines.map((line) => [
                  line.line_no,
                  `${line.item_name} (${line.item_id})`,
                  line.uom_name,
                  formatQuantity(line.adjustment_quantity),
                  t(`stock-adjustment:reasons.${reasonKey(line.reason)}`),
                  formatQuantity(line.on_hand),
                  formatQuantity(line.after_adjust),
                  ...(seesCost ? [formatMoney(line.adjustment_value)] : []),
                ]),
              },
              notes: seesCost ? (
                <p>
                  {t('stock-adjustment:fields.positive_value')}: {formatMoney(document.positive_value)} ·{' '}
                  {t('stock-adjustment:fields.negative_value')}: {formatMoney(document.negative_value)}
                </p>
              ) : undefined,
            }
          : null
      }
    >
      <FormSection title={t('stock-adjustment:sections.header')} columns={3}>
        <ControlledSelect
          {...bind.select('location_id', t('stock-adjustment:fields.location'), { required: true })}
          disabled={readOnly || lines.length > 0}
          options={locationOptions}
          data-testid="sa-location"
        />
        <DateField {...bind.text('value_date', t('stock-adjustment:fields.value_date'), { required: true })} />
        <TextField {...bind.text('remark', t('stock-adjustment:fields.remark'))} />
      </FormSection>
      <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 className="mb-3 text-sm font-semibold text-slate-800">{t('stock-adjustment:sections.lines')}</h2>
        {editing && !locationId && (
          <p className="mb-3 text-sm text-slate-500">{t('stock-adjustment:hints.locationFirst')}</p>
        )}
        <Controller
          control={form.control}
          name="lines"
          render={({ field }) => (
            <LineGrid<Line>
              testId="sa-lines"
              lines={field.value}
              readOnly={!editing || !locationId}
              onChange={(next) => field.onChange(next)}
              newLine={(item) => ({
                item_type: item.item_type,
                item_id: item.item_id,
                item_name: (chinese && item.ch_display_name) || item.item_name,
                uom_name: item.uom_name,
                adjustment_quantity: '',
                reason: 'OTHERS',
                unit_cost: null,
                batches: [],
                remark: '',
              })}
              unitsOf={(line) => stockOf(line)?.uom_list}
              quantity={{
                header: t('stock-adjustment:fields.adjustment_quantity'),
                value: (line) =>
                  editing ? text(line.adjustment_quantity) : formatQuantity(text(line.adjustment_quantity)),
                set: (line, value) => {
                  // A line that removes stock names batches and has no price; one that adds has a price, no batches.
                  const removes = sign({ ...line, adjustment_quantity: value }) < 0;
                  return {
                    ...line,
                    adjustment_quantity: value,
                    batches: removes ? line.batches : [],
                    unit_cost: removes ? null : line.unit_cost,
                  };
                },
                placeholder: t('stock-adjustment:placeholders.quantity'),
              }}
              columns={columns}
              errors={errors}
              listError={listError}
              footer={
                editing && seesCost && positive > 0 ? (
                  <tr>
                    <td colSpan={6} className="py-2 pr-3 text-right text-xs text-slate-600">
                      {t('stock-adjustment:fields.positive_value')}
                    </td>
                    <td
                      className="py-2 pr-3 text-right text-sm font-medium tabular-nums"
                      data-testid="sa-positive-estimate"
                    >
                      {formatMoney(positive)}
                    </td>
                  </tr>
                ) : !editing && document && seesCost ? (
                  <tr className="text-sm font-medium">
                    <td colSpan={columns.length + 3} className="py-2 pr-3 text-right">
                      {t('stock-adjustment:fields.positive_value')}:{' '}
                      <span data-testid="sa-positive">{formatMoney(document.positive_value)}</span>
                      <span className="mx-3 text-slate-300">|</span>
                      {t('stock-adjustment:fields.negative_value')}:{' '}
                      <span data-testid="sa-negative">{formatMoney(document.negative_value)}</span>
                    </td>
                  </tr>
                ) : undefined
              }
            />
          )}
        />
      </section>
      {batchTarget && batchLine !== null && (
        <BatchDialog
          open
          itemName={batchTarget.item_name ?? batchTarget.item_id}
          unit={batchTarget.uom_name}
          factor={factorOf(batchTarget)}
          target={text(batchTarget.adjustment_quantity).replace('-', '')}
          batches={stockOf(batchTarget)?.batches ?? []}
          value={(batchTarget.batches ?? []) as ChosenBatch[]}
          seesCost={seesCost}
          onApply={(batches) => {
            setLine(batchLine, { batches });
            form.clearErrors(`lines.${batchLine}.batches`);
            setBatchLine(null);
          }}
          onClose={() => setBatchLine(null)}
        />
      )}
    </DocumentPage>
  );
}
