import { skuCategoryInputSchema } from '@scm/contracts';
import type { SkuCategoryInput, SkuCategoryView, ValidSkuCategoryInput } from '@scm/contracts';
import { useMemo } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { skuCategoriesApi } from '../../../../api/skus';
import { FormSection, FormShell, useFormMode, zodResolver } from '../../../../components/form';
import type { FormMode } from '../../../../components/form';
import { Button } from '../../../../components/ui/Button';
import { Icon } from '../../../../components/ui/icons';
import { TextField } from '../../../../components/ui/TextField';
import { SKU_CATEGORY_PATH } from '../paths';

const BLANK: SkuCategoryInput = { category_name: '', sub_categories: [] };

/** A clone starts new sub-categories (no ids); an edit keeps them so renames follow into SKUs. */
function toFormValues(category: SkuCategoryView, clone: boolean): SkuCategoryInput {
  return {
    category_name: category.category_name,
    sub_categories: category.sub_categories.map((row) =>
      clone
        ? { sub_category_name: row.sub_category_name }
        : { sub_category_id: row.sub_category_id, sub_category_name: row.sub_category_name },
    ),
  };
}

/** /PLUSKU/sku/category/{type}: view, new/create, edit and clone (`?id=`) of a SKU category. */
export default function SkuCategoryFormPage() {
  const mode = useFormMode();
  return <SkuCategoryForm key={mode.formKey} {...mode} />;
}

function SkuCategoryForm({ mode, id, isNew, readOnly }: FormMode) {
  const { t } = useTranslation();
  const needsRecord = mode !== 'new' && mode !== 'create';
  const { data: record, error, isLoading } = skuCategoriesApi.useRecord(needsRecord ? id : undefined);
  const form = useForm<SkuCategoryInput, unknown, ValidSkuCategoryInput>({
    resolver: zodResolver(skuCategoryInputSchema),
    defaultValues: BLANK,
  });
  const values = useMemo(() => (record ? toFormValues(record, mode === 'clone') : undefined), [record, mode]);
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'sub_categories' });
  const inUse = useMemo(
    () => new Set(record?.sub_categories.filter((row) => row.in_use).map((row) => row.sub_category_id)),
    [record],
  );

  return (
    <FormShell
      form={form}
      mode={mode}
      title={t('routes:skuCategory')}
      subtitle={record && !isNew ? record.category_name : undefined}
      permissionKey="SKU"
      record={isNew ? undefined : record}
      values={values}
      loading={needsRecord && Boolean(id) && isLoading}
      loadError={needsRecord && !id ? true : error}
      listPath={SKU_CATEGORY_PATH}
      editPath={id ? `${SKU_CATEGORY_PATH}/edit?id=${encodeURIComponent(id)}` : undefined}
      editable={record?.status !== 'archived'}
      errorFields={{ CATALOG_SKU_CATEGORY_DUPLICATE: 'category_name' }}
      onSave={async (input, { idempotencyKey }) => {
        const saved =
          mode === 'edit' && id
            ? await skuCategoriesApi.update(id, input, idempotencyKey)
            : await skuCategoriesApi.create(input, idempotencyKey);
        return `${SKU_CATEGORY_PATH}/view?id=${encodeURIComponent(saved.category_id)}`;
      }}
    >
      <FormSection title={t('sku:category.section')} description={readOnly ? undefined : t('sku:category.sectionHelp')}>
        <TextField
          label={t('sku:category.fields.category_name')}
          required={!readOnly}
          autoComplete="off"
          placeholder={t('sku:category.placeholders.category_name')}
          error={errors.category_name?.message}
          {...register('category_name')}
        />
      </FormSection>
      <FormSection title={t('sku:category.fields.sub_categories')}>
        <div className="space-y-2 sm:col-span-2" data-testid="sub-categories">
          {fields.length === 0 && <p className="text-sm text-slate-500">{t('sku:category.noSubCategories')}</p>}
          {fields.map((field, index) => {
            const used = field.sub_category_id !== undefined && inUse.has(field.sub_category_id);
            return (
              <div key={field.id} className="flex items-start gap-2">
                <TextField
                  className="min-w-0 flex-1"
                  label={t('sku:category.fields.sub_category_name', { index: index + 1 })}
                  required={!readOnly}
                  autoComplete="off"
                  error={errors.sub_categories?.[index]?.sub_category_name?.message}
                  hint={used ? t('sku:category.subCategoryInUse') : undefined}
                  {...register(`sub_categories.${index}.sub_category_name`)}
                />
                {!readOnly && (
                  <Button
                    type="button"
                    variant="secondary"
                    className="mt-6"
                    disabled={used}
                    aria-label={t('sku:category.removeSubCategory')}
                    title={used ? t('sku:category.subCategoryInUse') : t('sku:category.removeSubCategory')}
                    onClick={() => remove(index)}
                    data-testid={`sub-category-remove-${index}`}
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
              onClick={() => append({ sub_category_name: '' })}
              data-testid="sub-category-add"
            >
              <Icon name="plus" />
              {t('sku:category.addSubCategory')}
            </Button>
          )}
        </div>
      </FormSection>
    </FormShell>
  );
}
