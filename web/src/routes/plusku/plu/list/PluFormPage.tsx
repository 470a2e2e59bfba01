import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { PLU_BOM_TYPES, pluInputSchema } from '@scm/contracts';
import type { PluCostPreviewInput, PluInput, PluView, ValidPluInput } from '@scm/contracts';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { useBomFormOptions } from '../../../../api/boms';
import { itemCategoriesApi } from '../../../../api/item-categories';
import { plusApi, usePluBomOptions, usePluCostPreview } from '../../../../api/plus';
import { useSession } from '../../../../api/session';
import {
  ControlledSelect,
  FormSection,
  FormShell,
  useFieldProps,
  useFormMode,
  zodResolver,
} from '../../../../components/form';
import type { FormMode } from '../../../../components/form';
import { Select } from '../../../../components/ui/Select';
import type { SelectOption } from '../../../../components/ui/Select';
import { TextField } from '../../../../components/ui/TextField';
import { formatMoney, formatPercent, formatQuantity, formatUnitCost, toNumber } from '../../../../lib/format';
import { ConsumeListEditor } from '../../bom/ConsumeListEditor';
import { uomLabel } from '../../bom/bom-kinds';
import type { ConsumeRowErrors } from '../../bom/ConsumeListEditor';
import { PLU_PATH } from '../paths';

const BLANK_RECIPE = { output_quantity: '1', output_uom_name: '', consume_sku_list: [] };

const BLANK: PluInput = {
  plu_id: '',
  plu_name: '',
  ch_display_name: '',
  suggested_price: '',
  barcode: '',
  category_id: '',
  bom_type: 'existing',
  bom_id: '',
  custom_bom: BLANK_RECIPE,
};

/** A clone keeps everything but the code, which must be new. */
function toFormValues(plu: PluView, clone: boolean): PluInput {
  return {
    plu_id: clone ? '' : plu.plu_id,
    plu_name: plu.plu_name,
    ch_display_name: plu.ch_display_name,
    suggested_price: plu.suggested_price,
    barcode: plu.barcode,
    category_id: plu.category_id,
    bom_type: plu.bom_type,
    bom_id: plu.bom_id ?? '',
    custom_bom:
      plu.bom_type === 'custom'
        ? {
            output_quantity: plu.bom.output_quantity,
            output_uom_name: plu.bom.output_uom_name,
            consume_sku_list: plu.bom.consume_sku_list.map((row) => ({
              sku_id: row.sku_id,
              quantity_per_uom: row.quantity_per_uom,
              uom_name: row.uom_name,
              wastage_percentage: row.wastage_percentage,
            })),
          }
        : BLANK_RECIPE,
  };
}

function withCurrent(options: SelectOption<string>[], blankLabel: string, current?: SelectOption<string> | null) {
  const all = [{ value: '', label: blankLabel }, ...options];
  if (current?.value && !options.some((option) => option.value === current.value)) all.push(current);
  return all;
}

/** /PLUSKU/plu/list/{type}: view, new/create, edit and clone (`?id=`) of a PLU. */
export default function PluFormPage() {
  const mode = useFormMode();
  return <PluForm key={mode.formKey} {...mode} />;
}

function PluForm({ mode, id, isNew, readOnly }: FormMode) {
  const { t } = useTranslation();
  const { user } = useSession();
  const showCost = user?.role.can_see_cost ?? false;
  const needsRecord = mode !== 'new' && mode !== 'create';
  const { data: record, error, isLoading } = plusApi.useRecord(needsRecord ? id : undefined);
  const { data: categoryRows } = itemCategoriesApi('plu').useOptions('category_name');
  const { data: formOptions } = useBomFormOptions();
  const schema = pluInputSchema as unknown as ZodType<ValidPluInput, PluInput>;
  const form = useForm<PluInput, unknown, ValidPluInput>({ resolver: zodResolver(schema), defaultValues: BLANK });
  const values = useMemo(() => (record ? toFormValues(record, mode === 'clone') : undefined), [record, mode]);
  const {
    control,
    watch,
    formState: { errors },
  } = form;
  const bind = useFieldProps(form, readOnly);
  const bomType = watch('bom_type');
  const bomId = watch('bom_id') ?? '';
  const price = watch('suggested_price');
  const recipeOutput = watch('custom_bom.output_quantity');
  const customBom = watch('custom_bom');
  // While writing, the figures come from the server's roll-up of what the form holds (the figures the saved PLU
  // will show); in view mode, the record's own.
  // Not memoised: react-hook-form hands back the same recipe object, changed in place.
  const previewInput = costPreviewInput({ bomType, bomId, price, customBom });
  const { data: preview } = usePluCostPreview(showCost && !readOnly ? previewInput : null);
  const figures = readOnly ? record : previewInput ? preview : undefined;

  const categories = useMemo(
    () =>
      withCurrent(
        (categoryRows ?? []).map((row) => ({ value: row.category_id, label: row.category_name })),
        t('plu:form.chooseCategory'),
        record ? { value: record.category_id, label: record.category_name } : null,
      ),
    [categoryRows, record, t],
  );
  const uoms = useMemo(
    () =>
      withCurrent(
        (formOptions?.units ?? []).map((unit) => ({ value: unit, label: uomLabel({ uom_name: unit }) })),
        t('plu:form.chooseUom'),
        record?.bom_type === 'custom' ? { value: record.bom.output_uom_name, label: record.bom.output_uom_name } : null,
      ),
    [formOptions, record, t],
  );
  const bomTypes = useMemo(() => PLU_BOM_TYPES.map((type) => ({ value: type, label: t(`plu:bomTypes.${type}`) })), [t]);

  /** The record's BOM is the one on screen (same existing BOM, or the custom one untouched in view mode). */
  const sameBom =
    record !== undefined && record.bom_type === bomType && (bomType === 'custom' || record.bom_id === bomId);

  return (
    <FormShell
      form={form}
      mode={mode}
      title={t('routes:plu')}
      subtitle={record && !isNew ? `${record.plu_id} ${record.plu_name}` : undefined}
      permissionKey="PLU"
      record={isNew ? undefined : record}
      values={values}
      loading={needsRecord && Boolean(id) && isLoading}
      loadError={needsRecord && !id ? true : error}
      listPath={PLU_PATH}
      editPath={id ? `${PLU_PATH}/edit?id=${encodeURIComponent(id)}` : undefined}
      editable={record?.status !== 'archived'}
      errorFields={{ CATALOG_PLU_DUPLICATE: 'plu_id', CATALOG_PLU_ID_CHANGED: 'plu_id' }}
      onSave={async (input, { idempotencyKey }) => {
        const saved =
          mode === 'edit' && id
            ? await plusApi.update(id, input, idempotencyKey)
            : await plusApi.create(input, idempotencyKey);
        return `${PLU_PATH}/view?id=${encodeURIComponent(saved.plu_id)}`;
      }}
    >
      <FormSection
        title={t('plu:form.sections.details')}
        description={readOnly ? undefined : t('plu:form.sections.detailsHelp')}
      >
        <TextField
          {...bind.text('plu_id', t('plu:fields.plu_id'), { required: true })}
          readOnly={mode === 'edit'}
          placeholder={t('plu:placeholders.plu_id')}
          data-testid="plu-id"
        />
        <TextField {...bind.text('plu_name', t('plu:fields.plu_name'), { required: true })} data-testid="plu-name" />
        <TextField {...bind.text('ch_display_name', t('plu:fields.ch_display_name'))} data-testid="plu-ch-name" />
        <TextField
          {...bind.text('suggested_price', t('plu:fields.suggested_price'), { required: true })}
          inputMode="decimal"
          data-testid="plu-price"
        />
        <TextField {...bind.text('barcode', t('plu:fields.barcode'))} data-testid="plu-barcode" />
        <ControlledSelect
          {...bind.select('category_id', t('plu:fields.category'), { required: true })}
          options={categories}
          data-testid="plu-category"
        />
      </FormSection>

      <FormSection
        title={t('plu:form.sections.bom')}
        description={readOnly ? undefined : t('plu:form.sections.bomHelp')}
        columns={3}
      >
        <ControlledSelect
          {...bind.select('bom_type', t('plu:fields.bom_type'), { required: true })}
          options={bomTypes}
          data-testid="plu-bom-type"
        />
        {bomType === 'existing' ? (
          <Controller
            control={control}
            name="bom_id"
            render={({ field, fieldState }) => (
              <PluBomPicker
                value={field.value ?? ''}
                onChange={field.onChange}
                current={record?.bom_type === 'existing' ? `${record.bom.bom_id} · ${record.bom.bom_name}` : undefined}
                error={fieldState.error?.message}
                disabled={readOnly}
              />
            )}
          />
        ) : (
          <>
            <TextField
              {...bind.text('custom_bom.output_quantity', t('plu:fields.output_quantity'), { required: true })}
              inputMode="decimal"
              data-testid="plu-custom-output-quantity"
            />
            <Controller
              control={control}
              name="custom_bom.output_uom_name"
              render={({ field, fieldState }) => (
                <Select
                  label={t('plu:fields.output_uom')}
                  required={!readOnly}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  options={uoms}
                  disabled={readOnly}
                  error={fieldState.error?.message}
                  data-testid="plu-custom-output-uom"
                />
              )}
            />
          </>
        )}
        {errors.custom_bom?.message && (
          <p className="text-xs text-red-600 sm:col-span-3" data-testid="field-error">
            {errors.custom_bom.message}
          </p>
        )}
        <div className="sm:col-span-3">
          {bomType === 'custom' ? (
            <Controller
              control={control}
              name="custom_bom.consume_sku_list"
              render={({ field, fieldState }) => (
                <ConsumeListEditor
                  value={field.value ?? []}
                  onChange={field.onChange}
                  rowErrors={errors.custom_bom?.consume_sku_list as (ConsumeRowErrors | undefined)[] | undefined}
                  listError={fieldState.error?.message}
                  readOnly={readOnly}
                  showCost={showCost}
                  savedRows={readOnly ? record?.bom.consume_sku_list : undefined}
                  rolledUp={readOnly ? record?.bom : preview?.bom}
                  outputQuantity={recipeOutput}
                  testId="plu-consume"
                />
              )}
            />
          ) : (
            sameBom &&
            record && (
              <div className="space-y-2">
                <p className="text-sm text-slate-600">
                  {t('plu:form.bomOutput', {
                    quantity: formatQuantity(record.bom.output_quantity),
                    uom: record.bom.output_uom_name,
                  })}
                </p>
                <ConsumeListEditor
                  value={record.bom.consume_sku_list}
                  onChange={() => undefined}
                  readOnly
                  showCost={showCost}
                  savedRows={record.bom.consume_sku_list}
                  rolledUp={record.bom}
                  outputQuantity={record.bom.output_quantity}
                  testId="plu-bom-rows"
                />
              </div>
            )
          )}
        </div>
      </FormSection>

      {showCost && (
        <FormSection title={t('plu:form.sections.cost')} description={t('plu:form.sections.costHelp')} columns={3}>
          <Figure label={t('plu:fields.cost')} value={formatUnitCost(figures?.cost)} testId="plu-cost" />
          <Figure label={t('plu:fields.margin')} value={formatMoney(figures?.margin)} testId="plu-margin" />
          <Figure
            label={t('plu:fields.margin_percentage')}
            value={formatPercent(figures?.margin_percentage)}
            testId="plu-margin-percentage"
          />
        </FormSection>
      )}
    </FormShell>
  );
}

/**
 * What to ask the cost preview for the BOM on the form, or null while there is nothing whole to ask: no BOM chosen,
 * no output quantity, a row without its SKU or quantity. A row still missing its unit is refused by the server and
 * shows no figure either.
 */
function costPreviewInput({
  bomType,
  bomId,
  price,
  customBom,
}: {
  bomType: PluInput['bom_type'];
  bomId: string;
  price: PluInput['suggested_price'];
  customBom: PluInput['custom_bom'];
}): PluCostPreviewInput | null {
  const suggested_price = toNumber(price) === undefined ? null : price;
  if (bomType === 'existing') return bomId ? { bom_type: 'existing', bom_id: bomId, suggested_price } : null;
  const rows = customBom?.consume_sku_list ?? [];
  const whole =
    (toNumber(customBom?.output_quantity) ?? 0) > 0 &&
    rows.length > 0 &&
    rows.every((row) => Boolean(row.sku_id) && toNumber(row.quantity_per_uom) !== undefined);
  // A copy: the form changes its recipe object in place, and SWR would take it for the same key.
  const recipe = whole && customBom ? (JSON.parse(JSON.stringify(customBom)) as typeof customBom) : null;
  return recipe ? { bom_type: 'custom', custom_bom: recipe, suggested_price } : null;
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <p className="mt-1 text-lg font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/** Picks a new or active PLU BOM by typing part of its ID or name (under the PLU key). */
function PluBomPicker({
  value,
  onChange,
  current,
  error,
  disabled,
}: {
  value: string;
  onChange: (bomId: string) => void;
  current?: string;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { data } = usePluBomOptions({ search_str: search, bom_ids: value ? [value] : [], limit: 20 });
  const chosen = data?.find((bom) => bom.bom_id === value);
  const label = chosen ? `${chosen.bom_id} · ${chosen.bom_name}` : value ? (current ?? value) : '';
  return (
    <div className="sm:col-span-2">
      <p className="mb-1 block text-sm font-medium text-slate-700">
        {!disabled && <span className="mr-0.5 text-red-600">*</span>}
        {t('plu:fields.bom')}
      </p>
      <Combobox
        value={value}
        onChange={(bomId: string | null) => onChange(bomId ?? '')}
        onClose={() => setSearch('')}
        disabled={disabled}
      >
        <ComboboxInput
          data-testid="plu-bom"
          aria-label={t('plu:fields.bom')}
          aria-invalid={error ? true : undefined}
          className={`block h-9 w-full rounded-md border px-3 text-sm text-slate-800 shadow-xs placeholder:text-slate-400 focus:ring-2 focus:ring-blue-500 focus:outline-none data-disabled:border-slate-200 data-disabled:bg-slate-50 data-disabled:shadow-none ${error ? 'border-red-500' : 'border-slate-300'}`}
          displayValue={() => label}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('plu:form.chooseBom')}
        />
        <ComboboxOptions
          anchor={{ to: 'bottom start', gap: 4 }}
          className="z-50 max-h-64 w-(--input-width) overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-900/10 empty:invisible"
        >
          {(data ?? [])
            .filter((bom) => bom.status !== 'archived')
            .map((bom) => (
              <ComboboxOption
                key={bom.bom_id}
                value={bom.bom_id}
                className="cursor-pointer px-3 py-1.5 data-focus:bg-blue-50 data-focus:text-blue-800"
                data-testid={`plu-bom-option-${bom.bom_id}`}
              >
                <span className="font-medium">{bom.bom_id}</span> <span className="text-slate-500">{bom.bom_name}</span>{' '}
                <span className="text-xs text-slate-400">
                  {formatQuantity(bom.output_quantity)} {bom.output_uom_name}
                </span>
              </ComboboxOption>
            ))}
        </ComboboxOptions>
      </Combobox>
      {error && (
        <p className="mt-1 text-xs text-red-600" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
