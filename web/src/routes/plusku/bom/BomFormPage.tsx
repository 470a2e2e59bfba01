import { BOM_OWNER_TYPES, pluBomInputSchema, skuBomInputSchema } from '@scm/contracts';
import type { BomInput, BomKind, BomOwnerType, BomSkuOption, BomView, ValidBomInput } from '@scm/contracts';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { ZodType } from 'zod';
import { useTranslation } from 'react-i18next';
import { bomsApi, useBomFormOptions, useBomSkuOptions } from '../../../api/boms';
import { itemCategoriesApi } from '../../../api/item-categories';
import { useSession } from '../../../api/session';
import {
  ControlledSelect,
  FormSection,
  FormShell,
  useFieldProps,
  useFormMode,
  zodResolver,
} from '../../../components/form';
import type { FormMode } from '../../../components/form';
import { Select } from '../../../components/ui/Select';
import type { SelectOption } from '../../../components/ui/Select';
import { TagInput } from '../../../components/ui/TagInput';
import { TextField } from '../../../components/ui/TextField';
import { BomSkuPicker } from './BomSkuPicker';
import { ConsumeListEditor } from './ConsumeListEditor';
import type { ConsumeRowErrors } from './ConsumeListEditor';
import { BOM_PAGES, uomLabel } from './bom-kinds';

const blank = (kind: BomKind): BomInput => ({
  bom_id: '',
  bom_name: '',
  ...(kind === 'sku_bom' && { output_sku_id: '' }),
  output_quantity: '1',
  output_uom_name: '',
  category_id: '',
  owner_type: 'text',
  owner: '',
  hashtag_list: [],
  consume_sku_list: [],
});

/** A clone keeps everything but the code, which must be new. */
function toFormValues(bom: BomView, clone: boolean): BomInput {
  return {
    bom_id: clone ? '' : bom.bom_id,
    bom_name: bom.bom_name,
    ...(bom.bom_kind === 'sku_bom' && { output_sku_id: bom.output_sku_id ?? '' }),
    output_quantity: bom.output_quantity,
    output_uom_name: bom.output_uom_name,
    category_id: bom.category_id ?? '',
    owner_type: bom.owner_type,
    owner: bom.owner,
    hashtag_list: [...bom.hashtag_list],
    consume_sku_list: bom.consume_sku_list.map((row) => ({
      sku_id: row.sku_id,
      quantity_per_uom: row.quantity_per_uom,
      uom_name: row.uom_name,
      wastage_percentage: row.wastage_percentage,
    })),
  };
}

/** The options with a blank first entry, and the record's own choice kept while it is not among them. */
function withCurrent(options: SelectOption<string>[], blankLabel: string, current?: SelectOption<string> | null) {
  const all = [{ value: '', label: blankLabel }, ...options];
  if (current?.value && !options.some((option) => option.value === current.value)) all.push(current);
  return all;
}

/**
 * The form of a SKU BOM or PLU BOM at `<path>/{type}` (view, new/create, edit, clone with `?id=`): code, name,
 * category, output (a SKU BOM's output SKU in one of its UOMs; a PLU BOM's output in any UOM), owner, hashtags
 * and the consume list with its costs for roles that see them.
 */
export function BomFormPage({ kind }: { kind: BomKind }) {
  const mode = useFormMode();
  return <BomForm key={mode.formKey} kind={kind} {...mode} />;
}

function BomForm({ kind, mode, id, isNew, readOnly }: FormMode & { kind: BomKind }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const showCost = user?.role.can_see_cost ?? false;
  const { path, routeId, permissionKey } = BOM_PAGES[kind];
  const calls = bomsApi(kind);
  const needsRecord = mode !== 'new' && mode !== 'create';
  const { data: record, error, isLoading } = calls.useRecord(needsRecord ? id : undefined);
  const { data: categoryRows } = itemCategoriesApi(kind).useOptions('category_name');
  const { data: formOptions } = useBomFormOptions();
  const schema = (kind === 'sku_bom' ? skuBomInputSchema : pluBomInputSchema) as unknown as ZodType<
    ValidBomInput,
    BomInput
  >;
  const form = useForm<BomInput, unknown, ValidBomInput>({ resolver: zodResolver(schema), defaultValues: blank(kind) });
  const values = useMemo(() => (record ? toFormValues(record, mode === 'clone') : undefined), [record, mode]);
  const {
    control,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const bind = useFieldProps(form, readOnly);
  const outputSkuId = watch('output_sku_id') ?? '';
  const ownerType = watch('owner_type') ?? 'text';
  const outputQuantity = watch('output_quantity');
  const [pickedOutput, setPickedOutput] = useState<BomSkuOption | null>(null);
  const { data: outputSkus } = useBomSkuOptions({
    search_str: '',
    sku_ids: outputSkuId ? [outputSkuId] : [],
    limit: 1,
  });
  const outputSku =
    pickedOutput?.sku_id === outputSkuId ? pickedOutput : outputSkus?.find((sku) => sku.sku_id === outputSkuId);

  const categories = useMemo(
    () =>
      withCurrent(
        (categoryRows ?? []).map((row) => ({ value: row.category_id, label: row.category_name })),
        t('bom:form.chooseCategory'),
        record?.category_id ? { value: record.category_id, label: record.category_name } : null,
      ),
    [categoryRows, record, t],
  );
  const outputUoms = useMemo(() => {
    const rows =
      kind === 'sku_bom'
        ? (outputSku?.uom_list ?? []).map((uom) => ({ value: uom.uom_name, label: uomLabel(uom) }))
        : (formOptions?.units ?? []).map((unit) => ({ value: unit, label: unit }));
    return withCurrent(
      rows,
      t('bom:form.chooseUom'),
      record ? { value: record.output_uom_name, label: record.output_uom_name } : null,
    );
  }, [kind, outputSku, formOptions, record, t]);
  const locations = useMemo(
    () =>
      withCurrent(
        (formOptions?.locations ?? []).map((row) => ({ value: row.location_id, label: row.location_name })),
        t('bom:form.chooseLocation'),
        record?.owner_type === 'location' ? { value: record.owner, label: record.owner_name } : null,
      ),
    [formOptions, record, t],
  );
  const ownerTypes = useMemo(
    () => BOM_OWNER_TYPES.map((type) => ({ value: type, label: t(`bom:ownerTypes.${type}`) })),
    [t],
  );

  return (
    <FormShell
      form={form}
      mode={mode}
      title={t(`routes:${routeId}`)}
      subtitle={record && !isNew ? `${record.bom_id} ${record.bom_name}` : undefined}
      permissionKey={permissionKey}
      record={isNew ? undefined : record}
      values={values}
      loading={needsRecord && Boolean(id) && isLoading}
      loadError={needsRecord && !id ? true : error}
      listPath={path}
      editPath={id ? `${path}/edit?id=${encodeURIComponent(id)}` : undefined}
      editable={record?.status !== 'archived'}
      errorFields={{ CATALOG_BOM_DUPLICATE: 'bom_id', CATALOG_BOM_ID_CHANGED: 'bom_id' }}
      onSave={async (input, { idempotencyKey }) => {
        const saved =
          mode === 'edit' && id
            ? await calls.update(id, input, idempotencyKey)
            : await calls.create(input, idempotencyKey);
        return `${path}/view?id=${encodeURIComponent(saved.bom_id)}`;
      }}
    >
      <FormSection
        title={t('bom:form.sections.details')}
        description={readOnly ? undefined : t('bom:form.sections.detailsHelp')}
      >
        <TextField
          {...bind.text('bom_id', t('bom:fields.bom_id'), { required: true })}
          readOnly={mode === 'edit'}
          placeholder={t('bom:placeholders.bom_id')}
          data-testid="bom-id"
        />
        <TextField {...bind.text('bom_name', t('bom:fields.bom_name'), { required: true })} data-testid="bom-name" />
        <ControlledSelect
          {...bind.select('category_id', t('bom:fields.category'), { required: true })}
          options={categories}
          data-testid="bom-category"
        />
        <Controller
          control={control}
          name="owner_type"
          render={({ field }) => (
            <Select<BomOwnerType>
              label={t('bom:fields.owner_type')}
              required={false}
              value={field.value ?? 'text'}
              onChange={(next) => {
                field.onChange(next);
                setValue('owner', '', { shouldDirty: true });
              }}
              options={ownerTypes}
              disabled={readOnly}
              data-testid="bom-owner-type"
            />
          )}
        />
        {ownerType === 'location' ? (
          <Controller
            control={control}
            name="owner"
            render={({ field, fieldState }) => (
              <Select
                label={t('bom:fields.owner')}
                required={!readOnly}
                value={field.value ?? ''}
                onChange={field.onChange}
                options={locations}
                disabled={readOnly}
                error={fieldState.error?.message}
                data-testid="bom-owner-location"
              />
            )}
          />
        ) : (
          <TextField
            {...bind.text('owner', t('bom:fields.owner'))}
            placeholder={t('bom:placeholders.owner')}
            data-testid="bom-owner"
          />
        )}
      </FormSection>

      <FormSection
        title={t('bom:form.sections.output')}
        description={readOnly ? undefined : t(`bom:form.sections.outputHelp.${kind}`)}
        columns={3}
      >
        {kind === 'sku_bom' && (
          <Controller
            control={control}
            name="output_sku_id"
            render={({ fieldState }) => (
              <div>
                <p className="mb-1 block text-sm font-medium text-slate-700">
                  {!readOnly && <span className="mr-0.5 text-red-600">*</span>}
                  {t('bom:fields.output_sku')}
                </p>
                {readOnly ? (
                  <p className="pt-2 text-sm text-slate-800" data-testid="bom-output-sku-text">
                    {record?.output_sku_id} {record?.output_sku_name}
                  </p>
                ) : (
                  <BomSkuPicker
                    value={outputSkuId}
                    label={outputSkuId ? `${outputSkuId}${outputSku ? ` · ${outputSku.name}` : ''}` : ''}
                    ariaLabel={t('bom:fields.output_sku')}
                    error={fieldState.error?.message}
                    onChange={(sku) => {
                      if (!sku) return;
                      setPickedOutput(sku);
                      setValue('output_sku_id', sku.sku_id, { shouldDirty: true, shouldValidate: false });
                      setValue('output_uom_name', sku.primary_uom_name, { shouldDirty: true });
                    }}
                    data-testid="bom-output-sku"
                  />
                )}
                {fieldState.error?.message && (
                  <p className="mt-1 text-xs text-red-600" data-testid="field-error">
                    {fieldState.error.message}
                  </p>
                )}
              </div>
            )}
          />
        )}
        <TextField
          {...bind.text('output_quantity', t('bom:fields.output_quantity'), { required: true })}
          inputMode="decimal"
          data-testid="bom-output-quantity"
        />
        <ControlledSelect
          {...bind.select('output_uom_name', t('bom:fields.output_uom'), { required: true })}
          options={outputUoms}
          disabled={readOnly || (kind === 'sku_bom' && !outputSkuId)}
          data-testid="bom-output-uom"
        />
      </FormSection>

      <FormSection
        title={t('bom:form.sections.consume')}
        description={readOnly ? undefined : t('bom:form.sections.consumeHelp')}
        columns={1}
      >
        <Controller
          control={control}
          name="consume_sku_list"
          render={({ field, fieldState }) => (
            <ConsumeListEditor
              value={field.value ?? []}
              onChange={field.onChange}
              rowErrors={errors.consume_sku_list as (ConsumeRowErrors | undefined)[] | undefined}
              listError={fieldState.error?.message}
              readOnly={readOnly}
              showCost={showCost}
              savedRows={readOnly ? record?.consume_sku_list : undefined}
              rolledUp={readOnly ? record : undefined}
              outputQuantity={outputQuantity}
              testId="bom-consume"
            />
          )}
        />
      </FormSection>

      <FormSection title={t('bom:form.sections.hashtags')} columns={1}>
        <Controller
          control={control}
          name="hashtag_list"
          render={({ field, fieldState }) => (
            <TagInput
              label={t('bom:fields.hashtag_list')}
              value={field.value ?? []}
              onChange={field.onChange}
              disabled={readOnly}
              placeholder={readOnly ? undefined : t('bom:placeholders.hashtag_list')}
              emptyText={t('bom:form.noHashtags')}
              error={fieldState.error?.message}
              data-testid="bom-hashtags"
            />
          )}
        />
      </FormSection>
    </FormShell>
  );
}
