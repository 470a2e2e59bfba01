import { conversionFactor, plainFactor, skuCategoryInputSchema, skuInputSchema, unitKey } from '@scm/contracts';
import type { SkuInput, SkuOptions, SkuView, ValidSkuInput } from '@scm/contracts';
import { useMemo } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { FieldError, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { skuCategoriesApi, skusApi, useSkuOptions } from '../../../../api/skus';
import {
  ControlledSelect,
  FormSection,
  FormShell,
  NewCategory,
  useFieldProps,
  useFormMode,
  zodResolver,
} from '../../../../components/form';
import type { FormMode } from '../../../../components/form';
import { Button } from '../../../../components/ui/Button';
import { Icon } from '../../../../components/ui/icons';
import { Select } from '../../../../components/ui/Select';
import type { SelectOption } from '../../../../components/ui/Select';
import { Switch } from '../../../../components/ui/Switch';
import { TagInput } from '../../../../components/ui/TagInput';
import { TextField } from '../../../../components/ui/TextField';
import { formatUnitCost } from '../../../../lib/format';
import { SKU_PATH } from '../paths';

const BLANK: SkuInput = {
  sku_id: '',
  name: '',
  display_name: '',
  ch_display_name: '',
  alternate_display_name_list: [],
  category_id: '',
  sub_category_id: '',
  primary_uom_name: '',
  purchasing_uom_name: '',
  receiving_uom_name: '',
  counting_uom_name: '',
  uom_list: [],
  supplier_list: [],
  default_supplier_id: '',
  barcode: '',
  threshold: '0',
  is_inventorise: true,
  default_wastage_percentage: '0',
  max_order_qty: '',
  account_code: '',
  gl_code: '',
  hashtag_list: [],
  supplier_description: '',
  product_brand: '',
  packaging_detail: '',
};

/** `12.000000` → `12`, `0.200000` → `0.2`: what a user would type. */
function plain(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** A factor as the form holds it (text or a number while typing), as text. */
const factorOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** A clone keeps everything but the code, which must be new. */
function toFormValues(sku: SkuView, clone: boolean): SkuInput {
  return {
    sku_id: clone ? '' : sku.sku_id,
    name: sku.name,
    display_name: sku.display_name,
    ch_display_name: sku.ch_display_name,
    alternate_display_name_list: [...sku.alternate_display_name_list],
    category_id: sku.category_id,
    sub_category_id: sku.sub_category_id ?? '',
    primary_uom_name: sku.primary_uom_name,
    purchasing_uom_name: sku.purchasing_uom_name,
    receiving_uom_name: sku.receiving_uom_name,
    counting_uom_name: sku.counting_uom_name,
    uom_list: sku.uom_list.map((row) => ({ uom_name: row.uom_name, factor: plain(row.factor) })),
    supplier_list: sku.supplier_list.map((row) => row.supplier_id),
    default_supplier_id: sku.default_supplier_id ?? '',
    barcode: sku.barcode,
    threshold: plain(sku.threshold),
    is_inventorise: sku.is_inventorise,
    default_wastage_percentage: plain(sku.default_wastage_percentage),
    max_order_qty: sku.max_order_qty === null ? '' : plain(sku.max_order_qty),
    account_code: sku.account_code,
    gl_code: sku.gl_code,
    hashtag_list: [...sku.hashtag_list],
    supplier_description: sku.supplier_description,
    product_brand: sku.product_brand,
    packaging_detail: sku.packaging_detail,
  };
}

/** The choices of the form, with the record's own references kept choosable (archived or not). */
function useChoices(options: SkuOptions | undefined, record: SkuView | undefined) {
  return useMemo(() => {
    const categories = new Map((options?.categories ?? []).map((row) => [row.category_id, row]));
    if (record && !categories.has(record.category_id)) {
      categories.set(record.category_id, {
        category_id: record.category_id,
        category_name: record.category_name,
        sub_categories: record.sub_category_id
          ? [{ sub_category_id: record.sub_category_id, sub_category_name: record.sub_category_name ?? '' }]
          : [],
      });
    }
    // Units by their real names (docs/units-of-measure.md), the record's own kept choosable.
    const units = [...(options?.units ?? [])];
    for (const row of record?.uom_list ?? []) {
      if (!units.some((unit) => unitKey(unit) === unitKey(row.uom_name))) units.push(row.uom_name);
    }
    const conversions = options?.uoms ?? [];
    const suppliers = new Map((options?.suppliers ?? []).map((row) => [row.supplier_id, row]));
    for (const row of record?.supplier_list ?? []) {
      if (!suppliers.has(row.supplier_id)) suppliers.set(row.supplier_id, row);
    }
    return { categories, units, conversions, suppliers };
  }, [options, record]);
}

type Choices = ReturnType<typeof useChoices>;
type SkuForm = UseFormReturn<SkuInput, unknown, ValidSkuInput>;

/** /PLUSKU/sku/list/{type}: view, new/create, edit and clone (`?id=`) of a SKU. */
export default function SkuFormPage() {
  const mode = useFormMode();
  return <SkuFormView key={mode.formKey} {...mode} />;
}

function SkuFormView({ mode, id, isNew, readOnly }: FormMode) {
  const { t } = useTranslation();
  const needsRecord = mode !== 'new' && mode !== 'create';
  const { data: record, error, isLoading } = skusApi.useRecord(needsRecord ? id : undefined);
  const { data: options } = useSkuOptions();
  const choices = useChoices(options, record);
  const form = useForm<SkuInput, unknown, ValidSkuInput>({
    resolver: zodResolver(skuInputSchema),
    defaultValues: BLANK,
  });
  const values = useMemo(() => (record ? toFormValues(record, mode === 'clone') : undefined), [record, mode]);
  const {
    control,
    setValue,
    formState: { errors },
  } = form;
  const bind = useFieldProps(form, readOnly);
  const categoryId = useWatch({ control, name: 'category_id' });

  const categoryOptions = useMemo<SelectOption<string>[]>(
    () => [
      { value: '', label: t('sku:sku.selectCategory') },
      ...[...choices.categories.values()].map((row) => ({ value: row.category_id, label: row.category_name })),
    ],
    [choices, t],
  );
  const subCategoryOptions = useMemo<SelectOption<string>[]>(
    () => [
      { value: '', label: t('sku:sku.noSubCategory') },
      ...(choices.categories.get(categoryId)?.sub_categories ?? []).map((row) => ({
        value: row.sub_category_id,
        label: row.sub_category_name,
      })),
    ],
    [choices, categoryId, t],
  );
  const prices = !isNew ? record?.price_per_uom : undefined;

  return (
    <FormShell
      form={form}
      mode={mode}
      title={t('routes:sku')}
      subtitle={record && !isNew ? `${record.sku_id} ${record.name}` : undefined}
      permissionKey="SKU"
      record={isNew ? undefined : record}
      values={values}
      loading={needsRecord && Boolean(id) && isLoading}
      loadError={needsRecord && !id ? true : error}
      listPath={SKU_PATH}
      editPath={id ? `${SKU_PATH}/edit?id=${encodeURIComponent(id)}` : undefined}
      editable={record?.status !== 'archived'}
      errorFields={{ CATALOG_SKU_DUPLICATE: 'sku_id', CATALOG_SKU_ID_CHANGED: 'sku_id' }}
      onSave={async (input, { idempotencyKey }) => {
        const saved =
          mode === 'edit' && id
            ? await skusApi.update(id, input, idempotencyKey)
            : await skusApi.create(input, idempotencyKey);
        return `${SKU_PATH}/view?id=${encodeURIComponent(saved.sku_id)}`;
      }}
    >
      <FormSection
        title={t('sku:sku.sections.basic')}
        description={readOnly ? undefined : t('sku:sku.sections.basicHelp')}
      >
        <TextField
          {...bind.text('sku_id', t('sku:sku.fields.sku_id'), { required: true })}
          readOnly={mode === 'edit'}
          placeholder={t('sku:sku.placeholders.sku_id')}
          hint={readOnly ? undefined : t('sku:sku.hints.sku_id')}
        />
        <TextField
          {...bind.text('name', t('sku:sku.fields.name'), { required: true })}
          placeholder={readOnly ? undefined : t('sku:sku.placeholders.name')}
        />
        <TextField {...bind.text('barcode', t('sku:sku.fields.barcode'))} />
        <TextField {...bind.text('product_brand', t('sku:sku.fields.product_brand'))} />
        <TextField {...bind.text('packaging_detail', t('sku:sku.fields.packaging_detail'))} />
        <TextField {...bind.text('supplier_description', t('sku:sku.fields.supplier_description'))} />
      </FormSection>

      <FormSection
        title={t('sku:sku.sections.names')}
        description={readOnly ? undefined : t('sku:sku.sections.namesHelp')}
      >
        <TextField
          {...bind.text('display_name', t('sku:sku.fields.display_name'), { required: true })}
          placeholder={readOnly ? undefined : t('sku:sku.placeholders.display_name')}
        />
        <TextField
          {...bind.text('ch_display_name', t('sku:sku.fields.ch_display_name'))}
          placeholder={readOnly ? undefined : t('sku:sku.placeholders.ch_display_name')}
        />
        <Controller
          control={control}
          name="alternate_display_name_list"
          render={({ field }) => (
            <TextList
              value={field.value ?? []}
              onChange={field.onChange}
              readOnly={readOnly}
              errors={errors.alternate_display_name_list as (FieldError | undefined)[] | undefined}
            />
          )}
        />
      </FormSection>

      <FormSection title={t('sku:sku.sections.category')}>
        <NewCategory
          readOnly={readOnly}
          schema={skuCategoryInputSchema}
          toInput={(category_name) => ({ category_name, sub_categories: [] })}
          create={(input, key) => skuCategoriesApi.create(input, key)}
          onCreated={(categoryId) => {
            setValue('category_id', categoryId, { shouldDirty: true, shouldValidate: true });
            setValue('sub_category_id', '', { shouldDirty: true });
          }}
        >
          <ControlledSelect
            {...bind.select('category_id', t('sku:sku.fields.category'), { required: true })}
            options={categoryOptions}
            onChanged={() => setValue('sub_category_id', '', { shouldDirty: true })}
            data-testid="sku-category"
          />
        </NewCategory>
        <Controller
          control={control}
          name="sub_category_id"
          render={({ field, fieldState }) => (
            <Select
              label={t('sku:sku.fields.sub_category')}
              required={false}
              value={field.value ?? ''}
              onChange={field.onChange}
              options={subCategoryOptions}
              disabled={readOnly || !categoryId}
              error={fieldState.error?.message}
              data-testid="sku-sub-category"
            />
          )}
        />
      </FormSection>

      <UomSection form={form} choices={choices} readOnly={readOnly} />
      <SupplierSection form={form} choices={choices} readOnly={readOnly} />

      <FormSection title={t('sku:sku.sections.stock')}>
        <TextField
          {...bind.text('threshold', t('sku:sku.fields.threshold'), { required: true })}
          inputMode="decimal"
          hint={readOnly ? undefined : t('sku:sku.hints.threshold')}
        />
        <Controller
          control={control}
          name="is_inventorise"
          render={({ field }) => (
            <Switch
              className="self-center"
              label={t('sku:sku.fields.is_inventorise')}
              description={t('sku:sku.hints.is_inventorise')}
              checked={field.value}
              onChange={field.onChange}
              disabled={readOnly}
              data-testid="sku-inventorise"
            />
          )}
        />
        <TextField
          {...bind.text('default_wastage_percentage', t('sku:sku.fields.default_wastage_percentage'), {
            required: true,
          })}
          inputMode="decimal"
        />
        <TextField
          {...bind.text('max_order_qty', t('sku:sku.fields.max_order_qty'))}
          inputMode="decimal"
          placeholder={t('sku:sku.placeholders.max_order_qty')}
          hint={readOnly ? undefined : t('sku:sku.hints.max_order_qty')}
        />
      </FormSection>

      <FormSection title={t('sku:sku.sections.accounting')}>
        <TextField {...bind.text('account_code', t('sku:sku.fields.account_code'))} />
        <TextField {...bind.text('gl_code', t('sku:sku.fields.gl_code'))} />
      </FormSection>

      <FormSection title={t('sku:sku.sections.hashtags')} columns={1}>
        <Controller
          control={control}
          name="hashtag_list"
          render={({ field, fieldState }) => (
            <TagInput
              label={t('sku:sku.fields.hashtag_list')}
              value={field.value ?? []}
              onChange={field.onChange}
              disabled={readOnly}
              placeholder={readOnly ? undefined : t('sku:sku.placeholders.hashtag_list')}
              hint={readOnly ? undefined : t('sku:sku.hints.hashtag_list')}
              emptyText={t('sku:sku.noHashtags')}
              error={fieldState.error?.message}
              data-testid="sku-hashtags"
            />
          )}
        />
      </FormSection>

      {prices && (
        <FormSection title={t('sku:sku.sections.prices')} description={t('sku:sku.sections.pricesHelp')} columns={1}>
          <PriceTable prices={prices} primaryUnit={record?.primary_uom_name ?? ''} />
        </FormSection>
      )}
    </FormShell>
  );
}

/** The alternate names: one text field per name, added and removed one by one. */
function TextList({
  value,
  onChange,
  readOnly,
  errors,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  readOnly: boolean;
  errors: (FieldError | undefined)[] | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2 sm:col-span-2" data-testid="sku-alternate-names">
      <p className="text-sm font-medium text-slate-700">{t('sku:sku.fields.alternate_display_name_list')}</p>
      {value.length === 0 && <p className="text-sm text-slate-500">{t('sku:sku.noAlternateNames')}</p>}
      {value.map((name, index) => (
        <div key={index} className="flex items-start gap-2">
          <TextField
            className="min-w-0 flex-1"
            label={t('sku:sku.fields.alternate_name', { index: index + 1 })}
            autoComplete="off"
            value={name}
            onChange={(event) => onChange(value.map((item, at) => (at === index ? event.target.value : item)))}
            error={errors?.[index]?.message}
            data-testid={`sku-alternate-name-${index}`}
          />
          {!readOnly && (
            <Button
              type="button"
              variant="secondary"
              className="mt-6"
              aria-label={t('sku:sku.removeAlternateName')}
              title={t('sku:sku.removeAlternateName')}
              onClick={() => onChange(value.filter((_item, at) => at !== index))}
            >
              <Icon name="trash" />
            </Button>
          )}
        </div>
      ))}
      {!readOnly && (
        <Button
          type="button"
          variant="secondary"
          onClick={() => onChange([...value, ''])}
          data-testid="sku-alternate-name-add"
        >
          <Icon name="plus" />
          {t('sku:sku.addAlternateName')}
        </Button>
      )}
    </div>
  );
}

const ROLE_FIELDS = ['purchasing_uom_name', 'receiving_uom_name', 'counting_uom_name'] as const;

/**
 * The primary unit, the unit rows (a unit by its real name + how many primary units one of it holds, taken from
 * the UOM record and changeable for the SKU's own pack; the primary's own row is 1) and the purchasing /
 * receiving / counting units, chosen among the rows. docs/units-of-measure.md.
 */
function UomSection({ form, choices, readOnly }: { form: SkuForm; choices: Choices; readOnly: boolean }) {
  const { t } = useTranslation();
  const {
    control,
    getValues,
    setValue,
    formState: { errors },
  } = form;
  const bind = useFieldProps(form, readOnly);
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'uom_list' });
  const rows = useWatch({ control, name: 'uom_list' });
  const primary = useWatch({ control, name: 'primary_uom_name' });
  const same = (a: string, b: string) => a !== '' && b !== '' && unitKey(a) === unitKey(b);
  const listed = rows.map((row) => row.uom_name).filter((unit) => unit !== '');
  /** The record's factor for a unit, as a user would type it, or '' when no record links it to the primary. */
  const recordFactor = (unit: string, primaryUnit: string) => {
    const found = unit && primaryUnit ? conversionFactor(choices.conversions, unit, primaryUnit) : null;
    return found ? plainFactor(found.factor) : '';
  };

  /** Purchasing / receiving / counting units that are no longer among the rows fall back to the primary unit. */
  function settleRoles(units: readonly string[], fallback: string) {
    for (const name of ROLE_FIELDS) {
      const current = getValues(name);
      if (!current || !units.some((unit) => same(unit, current))) setValue(name, fallback, { shouldDirty: true });
    }
  }

  /** A new primary unit takes the old primary's row (or a new first row) with factor 1; the others are re-read. */
  function choosePrimary(next: string) {
    const previous = getValues('primary_uom_name');
    const current = getValues('uom_list').map((row) => ({ uom_name: row.uom_name, factor: factorOf(row.factor) }));
    const existing = current.findIndex((row) => same(row.uom_name, next));
    const old = current.findIndex((row) => same(row.uom_name, previous));
    let updated: { uom_name: string; factor: string }[];
    if (existing >= 0) updated = current.map((row, index) => (index === existing ? { ...row, factor: '1' } : row));
    else if (old >= 0) updated = current.map((row, index) => (index === old ? { uom_name: next, factor: '1' } : row));
    else updated = [{ uom_name: next, factor: '1' }, ...current];
    // Another primary unit: every other row's factor is the record's to the new primary (or to be typed).
    updated = updated.map((row) =>
      same(row.uom_name, next) ? row : { ...row, factor: recordFactor(row.uom_name, next) || row.factor },
    );
    replace(updated);
    setValue('primary_uom_name', next, { shouldDirty: true });
    settleRoles(
      updated.map((row) => row.uom_name),
      next,
    );
    // The rules between these fields are checked together: after a failed save, clear what this choice fixed.
    if (form.formState.isSubmitted) void form.trigger(['primary_uom_name', 'uom_list', ...ROLE_FIELDS]);
  }

  const roleOptions = listed.map((unit) => ({ value: unit, label: unit }));
  const listError = (errors.uom_list as FieldError | undefined)?.message;

  return (
    <FormSection title={t('sku:sku.sections.uoms')} description={readOnly ? undefined : t('sku:sku.sections.uomsHelp')}>
      <Controller
        control={control}
        name="primary_uom_name"
        render={({ fieldState }) => (
          <Select
            label={t('sku:sku.fields.primary_uom')}
            required={!readOnly}
            value={primary}
            onChange={choosePrimary}
            options={[
              { value: '', label: t('sku:sku.selectUom') },
              ...choices.units.map((unit) => ({ value: unit, label: unit })),
            ]}
            disabled={readOnly}
            error={fieldState.error?.message}
            data-testid="sku-primary-uom"
          />
        )}
      />
      <div className="hidden sm:block" />
      <div className="space-y-2 sm:col-span-2" data-testid="sku-uoms">
        {fields.length === 0 && (
          <p className={`text-sm ${listError ? 'text-red-600' : 'text-slate-500'}`}>
            {listError ?? t('sku:sku.noUoms')}
          </p>
        )}
        {fields.map((field, index) => {
          const unit = rows[index]?.uom_name ?? '';
          const isPrimary = same(unit, primary);
          const factor = factorOf(rows[index]?.factor);
          const fromRecord = recordFactor(unit, primary);
          const taken = listed.filter((other) => !same(other, unit));
          const rowErrors = errors.uom_list?.[index];
          return (
            <div
              key={field.id}
              className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_12rem_auto]"
              data-testid={`sku-uom-row-${index}`}
            >
              <Controller
                control={control}
                name={`uom_list.${index}.uom_name`}
                render={({ field: uomField }) => (
                  <Select
                    label={t('sku:sku.fields.uom')}
                    required={!readOnly}
                    value={uomField.value}
                    onChange={(next) => {
                      uomField.onChange(next);
                      // The record's factor by default; the user may change it for this SKU's own pack.
                      setValue(`uom_list.${index}.factor`, recordFactor(next, primary), { shouldDirty: true });
                      settleRoles(
                        getValues('uom_list').map((row) => row.uom_name),
                        primary,
                      );
                    }}
                    options={[
                      { value: '', label: t('sku:sku.selectUom') },
                      ...choices.units
                        .filter((choice) => !taken.some((other) => same(other, choice)))
                        .filter((choice) => isPrimary || !same(choice, primary))
                        .map((choice) => ({ value: choice, label: choice })),
                    ]}
                    disabled={readOnly || isPrimary}
                    error={rowErrors?.uom_name?.message}
                    hint={isPrimary ? t('sku:sku.primary') : undefined}
                    data-testid={`sku-uom-${index}`}
                  />
                )}
              />
              <TextField
                {...bind.text(`uom_list.${index}.factor`, t('sku:sku.fields.factor'), { required: true })}
                inputMode="decimal"
                readOnly={isPrimary}
                hint={
                  unit && primary && factor && !isPrimary
                    ? `${t('sku:sku.conversion', { uom: unit, factor, primary })}${
                        readOnly
                          ? ''
                          : ` · ${
                              fromRecord === ''
                                ? t('sku:sku.factorNoRecord')
                                : fromRecord === plainFactor(factor)
                                  ? t('sku:sku.factorFromRecord')
                                  : t('sku:sku.factorOwnPack', { factor: fromRecord })
                            }`
                      }`
                    : undefined
                }
                data-testid={`sku-uom-factor-${index}`}
              />
              {!readOnly && (
                <Button
                  type="button"
                  variant="secondary"
                  className="self-start sm:mt-6"
                  disabled={isPrimary}
                  aria-label={t('sku:sku.removeUom')}
                  title={t('sku:sku.removeUom')}
                  onClick={() => {
                    remove(index);
                    settleRoles(
                      getValues('uom_list').map((row) => row.uom_name),
                      primary,
                    );
                  }}
                  data-testid={`sku-uom-remove-${index}`}
                >
                  <Icon name="trash" />
                </Button>
              )}
            </div>
          );
        })}
        {!readOnly && (
          <Button
            type="button"
            variant="secondary"
            disabled={!primary}
            onClick={() => append({ uom_name: '', factor: '' })}
            data-testid="sku-uom-add"
          >
            <Icon name="plus" />
            {t('sku:sku.addUom')}
          </Button>
        )}
      </div>
      {ROLE_FIELDS.map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field, fieldState }) => (
            <Select
              label={t(`sku:sku.fields.${name.replace('_name', '')}`)}
              required={!readOnly}
              value={field.value}
              onChange={field.onChange}
              options={[{ value: '', label: t('sku:sku.selectUom') }, ...roleOptions]}
              disabled={readOnly || roleOptions.length === 0}
              error={fieldState.error?.message}
              data-testid={`sku-${name.replace('_uom_name', '')}-uom`}
            />
          )}
        />
      ))}
    </FormSection>
  );
}

/** The suppliers, one per row, and which of them is the default (one radio per row, or none). */
function SupplierSection({ form, choices, readOnly }: { form: SkuForm; choices: Choices; readOnly: boolean }) {
  const { t } = useTranslation();
  const {
    control,
    setValue,
    formState: { errors },
  } = form;
  const defaultSupplier = useWatch({ control, name: 'default_supplier_id' }) ?? '';
  const all = [...choices.suppliers.values()];
  const setDefault = (supplierId: string) =>
    setValue('default_supplier_id', supplierId, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const rowErrors = errors.supplier_list as (FieldError | undefined)[] | undefined;

  return (
    <FormSection
      title={t('sku:sku.sections.suppliers')}
      description={readOnly ? undefined : t('sku:sku.sections.suppliersHelp')}
      columns={1}
    >
      <Controller
        control={control}
        name="supplier_list"
        render={({ field }) => {
          const list = field.value ?? [];
          return (
            <div
              className="space-y-2"
              role="radiogroup"
              aria-label={t('sku:sku.fields.default_supplier')}
              data-testid="sku-suppliers"
            >
              {list.length === 0 && <p className="text-sm text-slate-500">{t('sku:sku.noSuppliers')}</p>}
              {list.map((supplierId, index) => {
                const taken = new Set(list.filter((other, at) => at !== index && other !== ''));
                return (
                  <div
                    key={index}
                    className="grid grid-cols-1 items-start gap-2 sm:grid-cols-[1fr_auto_auto]"
                    data-testid={`sku-supplier-row-${index}`}
                  >
                    <Select
                      label={t('sku:sku.fields.supplier')}
                      required={!readOnly}
                      value={supplierId}
                      onChange={(next) => {
                        field.onChange(list.map((item, at) => (at === index ? next : item)));
                        if (defaultSupplier === supplierId && supplierId !== '') setDefault(next);
                      }}
                      options={[
                        { value: '', label: t('sku:sku.selectSupplier') },
                        ...all
                          .filter((row) => !taken.has(row.supplier_id))
                          .map((row) => ({ value: row.supplier_id, label: `${row.supplier_id} ${row.company_name}` })),
                      ]}
                      disabled={readOnly}
                      error={rowErrors?.[index]?.message}
                      data-testid={`sku-supplier-${index}`}
                    />
                    <label className="flex h-9 items-center gap-2 text-sm text-slate-700 sm:mt-6">
                      <input
                        type="radio"
                        name="sku-default-supplier"
                        className="h-4 w-4 accent-blue-700"
                        checked={supplierId !== '' && defaultSupplier === supplierId}
                        disabled={readOnly || supplierId === ''}
                        onChange={() => setDefault(supplierId)}
                        data-testid={`sku-supplier-default-${index}`}
                      />
                      {t('sku:sku.fields.default_supplier')}
                    </label>
                    {!readOnly && (
                      <Button
                        type="button"
                        variant="secondary"
                        className="self-start sm:mt-6"
                        aria-label={t('sku:sku.removeSupplier')}
                        title={t('sku:sku.removeSupplier')}
                        onClick={() => {
                          field.onChange(list.filter((_item, at) => at !== index));
                          if (defaultSupplier === supplierId) setDefault('');
                        }}
                        data-testid={`sku-supplier-remove-${index}`}
                      >
                        <Icon name="trash" />
                      </Button>
                    )}
                  </div>
                );
              })}
              <div className="flex flex-wrap items-center gap-4">
                {!readOnly && (
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => field.onChange([...list, ''])}
                    data-testid="sku-supplier-add"
                  >
                    <Icon name="plus" />
                    {t('sku:sku.addSupplier')}
                  </Button>
                )}
                {list.length > 0 && (
                  <label className="flex items-center gap-2 text-sm text-slate-700">
                    <input
                      type="radio"
                      name="sku-default-supplier"
                      className="h-4 w-4 accent-blue-700"
                      checked={!defaultSupplier}
                      disabled={readOnly}
                      onChange={() => setDefault('')}
                      data-testid="sku-supplier-default-none"
                    />
                    {t('sku:sku.noDefaultSupplier')}
                  </label>
                )}
              </div>
              {errors.default_supplier_id?.message && (
                <p className="text-xs text-red-600" data-testid="field-error">
                  {errors.default_supplier_id.message}
                </p>
              )}
            </div>
          );
        }}
      />
    </FormSection>
  );
}

/** The suppliers' current prices per UOM (roles with can_see_cost only: the server sends none otherwise). */
function PriceTable({ prices, primaryUnit }: { prices: NonNullable<SkuView['price_per_uom']>; primaryUnit: string }) {
  const { t } = useTranslation();
  if (prices.length === 0) return <p className="text-sm text-slate-500">{t('sku:sku.noPrices')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm" data-testid="sku-prices">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs font-medium text-slate-500">
            <th className="py-2 pr-4">{t('sku:sku.fields.supplier')}</th>
            <th className="py-2 pr-4">{t('sku:sku.fields.uom')}</th>
            <th className="py-2 text-right">{t('sku:sku.fields.current_price')}</th>
            <th className="py-2 pl-4 text-right">{t('sku:sku.fields.price_per_primary')}</th>
          </tr>
        </thead>
        <tbody>
          {prices.map((price) => (
            <tr key={`${price.supplier_id}:${price.uom_name}`} className="border-b border-slate-100 last:border-0">
              <td className="py-2 pr-4 text-slate-800">
                {price.supplier_id} {price.company_name}
              </td>
              <td className="py-2 pr-4 text-slate-800">
                {price.uom_name}
                {price.factor && plainFactor(price.factor) !== '1' && (
                  <span className="block text-xs text-slate-500">
                    {t('sku:sku.conversion', {
                      uom: price.uom_name,
                      factor: plainFactor(price.factor),
                      primary: primaryUnit,
                    })}
                  </span>
                )}
              </td>
              <td className="py-2 text-right text-slate-800 tabular-nums">{formatUnitCost(price.current_price)}</td>
              <td className="py-2 pl-4 text-right text-slate-800 tabular-nums" data-testid="sku-price-per-primary">
                {price.price_per_primary_uom ? `${formatUnitCost(price.price_per_primary_uom)} / ${primaryUnit}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
