import {
  V,
  WIP_MACHINE,
  wipByProductInputSchema,
  wipConsumptionInputSchema,
  wipInputSchema,
  wipOutputInputSchema,
} from '@scm/contracts';
import type { WipInput, WipView } from '@scm/contracts';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { useSession } from '../../../api/session';
import { wipsApi } from '../../../api/wips';
import { DocumentPage, LineGrid, useDocumentLocations } from '../../../components/document';
import type { LineColumn } from '../../../components/document';
import { ControlledSelect, FormSection, useFieldProps, useFormMode, zodResolver } from '../../../components/form';
import type { FormMode } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { DateField } from '../../../components/ui/DateField';
import { TextField } from '../../../components/ui/TextField';
import { formatDate, formatMoney, formatQuantity, formatUnitCost, isoDate } from '../../../lib/format';
import { STOCK_ADJUSTMENT_PATH } from '../paths';
import { WIP_PATH } from './paths';

/** The form: the contract's input, outputs and by-products also carrying names for the tables (never sent). */
const formSchema = wipInputSchema.extend({
  outputs: z
    .array(
      wipOutputInputSchema.extend({
        bom_name: z.string().optional(),
        sku_id: z.string().optional(),
        uom_name: z.string().optional(),
      }),
    )
    .min(1, { error: V.required })
    .max(50),
  consumption: z.array(wipConsumptionInputSchema).max(500).optional(),
  by_products: z
    .array(wipByProductInputSchema.extend({ item_name: z.string().optional(), item_type: z.literal('sku') }))
    .max(50)
    .optional(),
});
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
type ByProduct = NonNullable<FormValues['by_products']>[number];

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const trimZeros = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);
const INPUT =
  'block h-9 w-28 rounded-md border px-3 text-right text-sm tabular-nums placeholder:text-slate-300 focus:ring-2 focus:ring-blue-500 focus:outline-none';

function toFormValues(view: WipView): FormValues {
  return {
    location_id: view.location_id,
    wip_date: view.wip_date,
    remark: view.remark ?? '',
    outputs: view.outputs.map((output) => ({
      bom_id: output.bom_id,
      bom_name: output.bom_name,
      sku_id: output.sku_id,
      uom_name: output.uom_name,
      planned_quantity: trimZeros(output.planned_quantity),
      produce_quantity: output.produce_quantity === null ? '' : trimZeros(output.produce_quantity),
    })),
    consumption: view.consumption.map((line) => ({
      sku_id: line.sku_id,
      actual_quantity: line.actual_quantity === null ? '' : trimZeros(line.actual_quantity),
    })),
    by_products: view.by_products.map((line) => ({
      item_type: 'sku' as const,
      item_id: line.item_id,
      item_name: line.item_name,
      uom_name: line.uom_name,
      quantity: trimZeros(line.quantity),
      cost_share_percentage: trimZeros(line.cost_share_percentage),
    })),
  };
}

function toInput(values: FormOutput, revision?: number): WipInput {
  return {
    location_id: values.location_id,
    wip_date: values.wip_date,
    remark: values.remark,
    outputs: values.outputs.map((output) => ({
      bom_id: output.bom_id,
      planned_quantity: output.planned_quantity,
      produce_quantity: output.produce_quantity ?? null,
    })),
    consumption: (values.consumption ?? []).map((line) => ({
      sku_id: line.sku_id,
      actual_quantity: line.actual_quantity,
    })),
    by_products: (values.by_products ?? []).map(({ item_name: _name, ...line }) => line),
    ...(revision !== undefined && { revision }),
  };
}

/** /inventory/wip/{type}: a WIP — new, edit (DRAFT: outputs, actuals, by-products), view with Post and Discard. */
export default function WipFormPage() {
  const mode = useFormMode();
  return <WipForm key={mode.formKey} {...mode} />;
}

function WipForm({ mode, id, readOnly }: FormMode) {
  const { t } = useTranslation();
  const { user } = useSession();
  const seesCost = user?.role.can_see_cost ?? false;
  const isNewDoc = mode === 'new' || mode === 'create' || mode === 'clone';
  const { data: record, error, isLoading } = wipsApi.useRecord(mode === 'new' || mode === 'create' ? undefined : id);
  const document = isNewDoc ? undefined : record;
  const locations = useDocumentLocations();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      location_id: user?.locations.length === 1 && user.locations[0] !== '*' ? user.locations[0] : '',
      wip_date: isoDate(new Date()),
      remark: '',
      outputs: [],
      consumption: [],
      by_products: [],
    },
  });
  const bind = useFieldProps(form, readOnly);
  const values = useMemo(() => (record ? toFormValues(record) : undefined), [record]);
  const editing = !readOnly && (document === undefined || document.status === 'DRAFT');
  const outputs = form.watch('outputs');
  const consumption = form.watch('consumption') ?? [];
  const [search, setSearch] = useState('');
  const [chosenBom, setChosenBom] = useState('');
  const { data: boms } = wipsApi.useSkuBoms(search.trim(), editing);

  const locationOptions = useMemo(() => {
    const options = [{ value: '', label: t('wip:placeholders.location') }, ...locations.options];
    if (record && !options.some((option) => option.value === record.location_id)) {
      options.push({ value: record.location_id, label: `${record.location_id} · ${record.location_name}` });
    }
    return options;
  }, [locations.options, record, t]);

  const errorsOf = (list: 'outputs' | 'by_products') =>
    (form.formState.errors[list] ?? []) as unknown as (Record<string, { message?: string } | undefined> | undefined)[];
  const outputErrors = errorsOf('outputs');
  const outputsError = (form.formState.errors.outputs as { message?: string } | undefined)?.message;
  const savedOutput = (bomId: string) => document?.outputs.find((output) => output.bom_id === bomId);
  const actualOf = (skuId: string) => text(consumption.find((line) => line.sku_id === skuId)?.actual_quantity);

  const setOutput = (index: number, patch: Partial<FormValues['outputs'][number]>) =>
    form.setValue(
      'outputs',
      outputs.map((output, i) => (i === index ? { ...output, ...patch } : output)),
      { shouldDirty: true },
    );
  const addOutput = () => {
    const bom = boms?.find((option) => option.bom_id === chosenBom);
    if (!bom || outputs.some((output) => output.bom_id === bom.bom_id)) return;
    form.setValue(
      'outputs',
      [
        ...outputs,
        {
          bom_id: bom.bom_id,
          bom_name: bom.bom_name,
          sku_id: bom.output_sku_id,
          uom_name: bom.output_uom_name,
          planned_quantity: '',
          produce_quantity: '',
        },
      ],
      { shouldDirty: true },
    );
    setChosenBom('');
  };
  const setActual = (skuId: string, value: string) => {
    const others = consumption.filter((line) => line.sku_id !== skuId);
    form.setValue('consumption', [...others, { sku_id: skuId, actual_quantity: value }], { shouldDirty: true });
  };

  const byProductErrors = errorsOf('by_products').map((row) =>
    row
      ? {
          item_id: row.item_id?.message,
          uom_name: row.uom_name?.message,
          quantity: row.quantity?.message,
          cost_share_percentage: row.cost_share_percentage?.message,
        }
      : undefined,
  );
  const savedByProduct = (line: ByProduct) => document?.by_products.find((saved) => saved.item_id === line.item_id);
  const byProductColumns: LineColumn<ByProduct>[] = [
    {
      id: 'cost_share_percentage',
      header: t('wip:fields.cost_share_percentage'),
      align: 'right',
      cell: (line, index) =>
        editing ? (
          <input
            aria-label={t('wip:fields.cost_share_percentage')}
            inputMode="decimal"
            placeholder={t('wip:placeholders.share')}
            value={text(line.cost_share_percentage)}
            data-testid="wip-by-product-share"
            onChange={(event) => {
              const all = form.getValues('by_products') ?? [];
              form.setValue(
                'by_products',
                all.map((row, i) => (i === index ? { ...row, cost_share_percentage: event.target.value } : row)),
                { shouldDirty: true },
              );
            }}
            className={`ml-auto ${INPUT} ${byProductErrors[index]?.cost_share_percentage ? 'border-red-500' : 'border-slate-300'}`}
          />
        ) : (
          <p className="pt-2 tabular-nums">{text(line.cost_share_percentage)}%</p>
        ),
    },
    ...(seesCost && !editing
      ? ([
          {
            id: 'by_product_value',
            header: t('wip:fields.by_product_value'),
            align: 'right',
            cell: (line) => (
              <p className="pt-2 tabular-nums">{formatMoney(savedByProduct(line)?.by_product_value ?? undefined)}</p>
            ),
          },
        ] satisfies LineColumn<ByProduct>[])
      : []),
  ];

  const save = (output: FormOutput, idempotencyKey: string) =>
    document
      ? wipsApi.update(document.id, toInput(output, document.revision), idempotencyKey)
      : wipsApi.create(toInput(output), idempotencyKey);

  const cell = 'px-3 py-2';
  const head = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase';
  const headRight = `${head} text-right`;

  return (
    <DocumentPage
      form={form}
      mode={mode}
      machine={WIP_MACHINE}
      api={wipsApi}
      title={t('routes:wip')}
      listPath={WIP_PATH}
      document={document}
      values={isNewDoc ? undefined : values}
      loading={!isNewDoc && Boolean(id) && isLoading}
      loadError={!isNewDoc && !id ? true : error}
      save={save}
      attachments={{ service: 'inventory', ownerType: 'wip' }}
      banner={
        document?.adjustment_no ? (
          <div
            className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
            data-testid="wip-adjustment"
          >
            <Link
              to={`${STOCK_ADJUSTMENT_PATH}/view?id=${encodeURIComponent(document.adjustment_id ?? '')}`}
              className="underline"
            >
              {t('wip:adjustmentNote', { no: document.adjustment_no })}
            </Link>
          </div>
        ) : editing ? (
          <p className="text-sm text-slate-500">
            {t('wip:costNote')} {document && t('wip:hints.postFromView')}
          </p>
        ) : null
      }
      print={() =>
        document
          ? {
              title: t('routes:wip'),
              docNo: document.doc_no,
              status: document.status,
              fields: [
                [t('wip:fields.location'), `${document.location_id} · ${document.location_name}`],
                [t('wip:fields.wip_date'), formatDate(document.wip_date)],
                [t('wip:fields.remark'), document.remark || '—'],
                ...(seesCost
                  ? ([
                      [t('wip:fields.ingredient_value'), formatMoney(document.ingredient_value ?? undefined)],
                      [t('wip:fields.output_value'), formatMoney(document.output_value ?? undefined)],
                      [t('wip:fields.by_product_value'), formatMoney(document.by_product_value ?? undefined)],
                    ] as [string, string][])
                  : []),
              ],
              table: {
                headers: [
                  { label: '#' },
                  { label: t('documents:lines.item') },
                  { label: t('wip:fields.unit') },
                  { label: t('wip:fields.planned_quantity'), align: 'right' },
                  { label: t('wip:fields.expected_quantity'), align: 'right' },
                  { label: t('wip:fields.actual'), align: 'right' },
                  ...(seesCost ? [{ label: t('wip:fields.value'), align: 'right' as const }] : []),
                ],
                rows: [
                  ...document.outputs.map((line) => [
                    `${t('wip:sections.outputs')} ${line.line_no}`,
                    `${line.item_name} (${line.sku_id}) · ${line.bom_name}`,
                    line.uom_name,
                    formatQuantity(line.planned_quantity),
                    '—',
                    formatQuantity(line.produce_quantity ?? undefined),
                    ...(seesCost ? [formatMoney(line.output_value ?? undefined)] : []),
                  ]),
                  ...document.consumption.map((line) => [
                    `${t('wip:sections.consumption')} ${line.line_no}`,
                    `${line.item_name} (${line.sku_id})`,
                    line.uom_name,
                    formatQuantity(line.planned_quantity),
                    formatQuantity(line.expected_quantity ?? undefined),
                    formatQuantity(line.actual_quantity ?? undefined),
                    ...(seesCost ? [formatMoney(line.issued_value ?? undefined)] : []),
                  ]),
                  ...document.by_products.map((line) => [
                    `${t('wip:sections.byProducts')} ${line.line_no}`,
                    `${line.item_name} (${line.item_id}) · ${line.cost_share_percentage}%`,
                    line.uom_name,
                    '—',
                    '—',
                    formatQuantity(line.quantity),
                    ...(seesCost ? [formatMoney(line.by_product_value ?? undefined)] : []),
                  ]),
                ],
              },
            }
          : null
      }
    >
      <FormSection title={t('wip:sections.header')} columns={3}>
        <ControlledSelect
          {...bind.select('location_id', t('wip:fields.location'), { required: true })}
          disabled={readOnly || document !== undefined}
          options={locationOptions}
          data-testid="wip-location"
        />
        <DateField {...bind.text('wip_date', t('wip:fields.wip_date'), { required: true })} />
        <TextField {...bind.text('remark', t('wip:fields.remark'))} />
      </FormSection>

      <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="wip-outputs">
        <h2 className="mb-3 text-sm font-semibold text-slate-800">{t('wip:sections.outputs')}</h2>
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th className={head}>{t('wip:fields.bom')}</th>
                <th className={head}>{t('wip:fields.output')}</th>
                <th className={head}>{t('wip:fields.unit')}</th>
                <th className={headRight}>{t('wip:fields.planned_quantity')}</th>
                {(document || !editing) && <th className={headRight}>{t('wip:fields.produce_quantity')}</th>}
                {seesCost && !editing && <th className={headRight}>{t('wip:fields.output_value')}</th>}
                {seesCost && !editing && <th className={headRight}>{t('wip:fields.unit_cost')}</th>}
                {editing && <th className={head} />}
              </tr>
            </thead>
            <tbody>
              {outputs.map((output, index) => {
                const saved = savedOutput(output.bom_id);
                const errors = outputErrors[index];
                return (
                  <tr key={output.bom_id} className="border-b border-slate-100 align-top" data-testid="wip-output-row">
                    <td className={cell}>
                      <span className="font-medium">{output.bom_name ?? output.bom_id}</span>
                      <span className="block text-xs text-slate-500">{output.bom_id}</span>
                      {errors?.bom_id?.message && <p className="mt-1 text-xs text-red-600">{errors.bom_id.message}</p>}
                    </td>
                    <td className={cell}>{saved ? `${saved.item_name} (${saved.sku_id})` : (output.sku_id ?? '')}</td>
                    <td className={cell}>{output.uom_name ?? saved?.uom_name ?? ''}</td>
                    <td className={`${cell} text-right`}>
                      {editing ? (
                        <input
                          aria-label={t('wip:fields.planned_quantity')}
                          inputMode="decimal"
                          placeholder={t('wip:placeholders.quantity')}
                          value={text(output.planned_quantity)}
                          onChange={(event) => setOutput(index, { planned_quantity: event.target.value })}
                          data-testid="wip-planned"
                          className={`ml-auto ${INPUT} ${errors?.planned_quantity ? 'border-red-500' : 'border-slate-300'}`}
                        />
                      ) : (
                        <span className="tabular-nums">{formatQuantity(text(output.planned_quantity))}</span>
                      )}
                      {errors?.planned_quantity?.message && (
                        <p className="mt-1 text-xs text-red-600" data-testid="field-error">
                          {errors.planned_quantity.message}
                        </p>
                      )}
                    </td>
                    {(document || !editing) && (
                      <td className={`${cell} text-right`}>
                        {editing ? (
                          <input
                            aria-label={t('wip:fields.produce_quantity')}
                            inputMode="decimal"
                            placeholder={t('wip:placeholders.quantity')}
                            value={text(output.produce_quantity)}
                            onChange={(event) => setOutput(index, { produce_quantity: event.target.value })}
                            data-testid="wip-produce"
                            className={`ml-auto ${INPUT} ${errors?.produce_quantity ? 'border-red-500' : 'border-slate-300'}`}
                          />
                        ) : (
                          <span className="tabular-nums" data-testid="wip-produce-value">
                            {formatQuantity(text(output.produce_quantity) || undefined)}
                          </span>
                        )}
                        {errors?.produce_quantity?.message && (
                          <p className="mt-1 text-xs text-red-600" data-testid="field-error">
                            {errors.produce_quantity.message}
                          </p>
                        )}
                      </td>
                    )}
                    {seesCost && !editing && (
                      <td className={`${cell} text-right tabular-nums`} data-testid="wip-output-value">
                        {formatMoney(saved?.output_value ?? undefined)}
                      </td>
                    )}
                    {seesCost && !editing && (
                      <td className={`${cell} text-right tabular-nums`} data-testid="wip-output-unit-cost">
                        {formatUnitCost(saved?.wip_unit_cost ?? undefined)}
                      </td>
                    )}
                    {editing && (
                      <td className={cell}>
                        <Button
                          variant="secondary"
                          onClick={() =>
                            form.setValue(
                              'outputs',
                              outputs.filter((_, i) => i !== index),
                              { shouldDirty: true },
                            )
                          }
                        >
                          {t('wip:actions.remove')}
                        </Button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {outputsError && (
          <p className="mt-2 text-xs text-red-600" data-testid="field-error">
            {outputsError}
          </p>
        )}
        {editing && (
          <div className="mt-3 flex flex-wrap items-end gap-2">
            <input
              aria-label={t('wip:placeholders.searchBom')}
              placeholder={t('wip:placeholders.searchBom')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              data-testid="wip-bom-search"
              className="block h-9 w-64 rounded-md border border-slate-300 px-3 text-sm focus:ring-2 focus:ring-blue-500 focus:outline-none"
            />
            <select
              aria-label={t('wip:fields.bom')}
              value={chosenBom}
              onChange={(event) => setChosenBom(event.target.value)}
              data-testid="wip-bom-picker"
              className="block h-9 w-72 rounded-md border border-slate-300 px-2 text-sm"
            >
              <option value="">{t('wip:placeholders.bom')}</option>
              {(boms ?? [])
                .filter((bom) => !outputs.some((output) => output.bom_id === bom.bom_id))
                .map((bom) => (
                  <option key={bom.bom_id} value={bom.bom_id}>
                    {`${bom.bom_id} · ${bom.bom_name} → ${bom.output_sku_id} (${trimZeros(bom.output_quantity)} ${bom.output_uom_name})`}
                  </option>
                ))}
            </select>
            <Button variant="secondary" onClick={addOutput} disabled={!chosenBom} data-testid="wip-add-output">
              {t('wip:actions.addOutput')}
            </Button>
          </div>
        )}
      </section>

      <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="wip-consumption">
        <h2 className="mb-3 text-sm font-semibold text-slate-800">{t('wip:sections.consumption')}</h2>
        {!document ? (
          <p className="text-sm text-slate-500">{t('wip:hints.saveFirst')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full text-sm">
              <thead>
                <tr className="border-b border-slate-200">
                  <th className={head}>{t('documents:lines.item')}</th>
                  <th className={head}>{t('wip:fields.unit')}</th>
                  <th className={headRight}>{t('wip:fields.planned_quantity')}</th>
                  <th className={headRight}>{t('wip:fields.expected_quantity')}</th>
                  <th className={headRight}>{t('wip:fields.actual_quantity')}</th>
                  <th className={headRight}>{t('wip:fields.discrepancy_quantity')}</th>
                  <th className={headRight}>{t('wip:fields.on_hand')}</th>
                  {seesCost && !editing && <th className={headRight}>{t('wip:fields.issued_value')}</th>}
                </tr>
              </thead>
              <tbody>
                {document.consumption.map((line) => (
                  <tr key={line.sku_id} className="border-b border-slate-100" data-testid="wip-consumption-row">
                    <td className={cell}>
                      <span className="font-medium">{line.item_name}</span>
                      <span className="block text-xs text-slate-500">{line.sku_id}</span>
                    </td>
                    <td className={cell}>{line.uom_name}</td>
                    <td className={`${cell} text-right tabular-nums`}>{formatQuantity(line.planned_quantity)}</td>
                    <td className={`${cell} text-right tabular-nums`}>
                      {formatQuantity(line.expected_quantity ?? undefined)}
                    </td>
                    <td className={`${cell} text-right`}>
                      {editing ? (
                        <input
                          aria-label={`${t('wip:fields.actual_quantity')} ${line.sku_id}`}
                          inputMode="decimal"
                          placeholder={trimZeros(line.expected_quantity ?? line.planned_quantity)}
                          title={t('wip:hints.actual')}
                          value={actualOf(line.sku_id)}
                          onChange={(event) => setActual(line.sku_id, event.target.value)}
                          data-testid="wip-actual"
                          className={`ml-auto ${INPUT} border-slate-300`}
                        />
                      ) : (
                        <span className="tabular-nums">{formatQuantity(line.actual_quantity ?? undefined)}</span>
                      )}
                    </td>
                    <td className={`${cell} text-right tabular-nums`} data-testid="wip-discrepancy">
                      {formatQuantity(line.discrepancy_quantity ?? undefined)}
                    </td>
                    <td className={`${cell} text-right tabular-nums`}>{formatQuantity(line.on_hand)}</td>
                    {seesCost && !editing && (
                      <td className={`${cell} text-right tabular-nums`}>
                        {formatMoney(line.issued_value ?? undefined)}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
              {seesCost && !editing && document.ingredient_value !== null && (
                <tfoot>
                  <tr className="text-sm font-medium">
                    <td colSpan={8} className="py-2 pr-3 text-right">
                      {t('wip:fields.ingredient_value')}:{' '}
                      <span data-testid="wip-ingredient-value">{formatMoney(document.ingredient_value)}</span>
                      {' · '}
                      {t('wip:fields.output_value')}:{' '}
                      <span data-testid="wip-output-total">{formatMoney(document.output_value ?? undefined)}</span>
                    </td>
                  </tr>
                </tfoot>
              )}
            </table>
          </div>
        )}
      </section>

      <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 className="mb-3 text-sm font-semibold text-slate-800">{t('wip:sections.byProducts')}</h2>
        <Controller
          control={form.control}
          name="by_products"
          render={({ field }) => (
            <LineGrid<ByProduct>
              testId="wip-by-products"
              lines={field.value ?? []}
              readOnly={!editing}
              onChange={(next) => field.onChange(next)}
              itemType="sku"
              newLine={(item) => ({
                item_type: 'sku',
                item_id: item.item_id,
                item_name: item.item_name,
                uom_name: item.uom_name,
                quantity: '',
                cost_share_percentage: '',
              })}
              quantity={{
                header: t('wip:fields.quantity'),
                value: (line) => (editing ? text(line.quantity) : formatQuantity(text(line.quantity))),
                set: (line, value) => ({ ...line, quantity: value }),
                placeholder: t('wip:placeholders.quantity'),
              }}
              columns={byProductColumns}
              errors={byProductErrors}
            />
          )}
        />
      </section>
    </DocumentPage>
  );
}
