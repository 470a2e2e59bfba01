import { supplierCategoryInputSchema } from '@scm/contracts';
import type { SupplierCategoryInput, SupplierCategoryView, ValidSupplierCategoryInput } from '@scm/contracts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { supplierCategoriesApi } from '../../../api/suppliers';
import { FormSection, FormShell, useFormMode, zodResolver } from '../../../components/form';
import type { FormMode } from '../../../components/form';
import { TextField } from '../../../components/ui/TextField';
import { SUPPLIER_CATEGORY_PATH } from '../paths';

const BLANK: SupplierCategoryInput = { category_name: '' };

const toFormValues = (category: SupplierCategoryView): SupplierCategoryInput => ({
  category_name: category.category_name,
});

/** /supplier/category/{type}: view, new/create, edit and clone (`?id=`) of a supplier category. */
export default function SupplierCategoryFormPage() {
  const mode = useFormMode();
  return <SupplierCategoryForm key={mode.formKey} {...mode} />;
}

function SupplierCategoryForm({ mode, id, isNew, readOnly }: FormMode) {
  const { t } = useTranslation();
  const needsRecord = mode !== 'new' && mode !== 'create';
  const { data: record, error, isLoading } = supplierCategoriesApi.useRecord(needsRecord ? id : undefined);
  const form = useForm<SupplierCategoryInput, unknown, ValidSupplierCategoryInput>({
    resolver: zodResolver(supplierCategoryInputSchema),
    defaultValues: BLANK,
  });
  const values = useMemo(() => (record ? toFormValues(record) : undefined), [record]);
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <FormShell
      form={form}
      mode={mode}
      title={t('routes:supplierCategory')}
      subtitle={record && !isNew ? record.category_name : undefined}
      permissionKey="SUPPLIER"
      record={isNew ? undefined : record}
      values={values}
      loading={needsRecord && Boolean(id) && isLoading}
      loadError={needsRecord && !id ? true : error}
      listPath={SUPPLIER_CATEGORY_PATH}
      editPath={id ? `${SUPPLIER_CATEGORY_PATH}/edit?id=${encodeURIComponent(id)}` : undefined}
      editable={record?.status !== 'archived'}
      errorFields={{ CATALOG_SUPPLIER_CATEGORY_DUPLICATE: 'category_name' }}
      onSave={async (input, { idempotencyKey }) => {
        const saved =
          mode === 'edit' && id
            ? await supplierCategoriesApi.update(id, input, idempotencyKey)
            : await supplierCategoriesApi.create(input, idempotencyKey);
        return `${SUPPLIER_CATEGORY_PATH}/view?id=${encodeURIComponent(saved.category_id)}`;
      }}
    >
      <FormSection
        title={t('suppliers:category.section')}
        description={readOnly ? undefined : t('suppliers:category.sectionHelp')}
      >
        <TextField
          label={t('suppliers:category.fields.category_name')}
          required={!readOnly}
          autoComplete="off"
          placeholder={t('suppliers:category.placeholders.category_name')}
          error={errors.category_name?.message}
          {...register('category_name')}
        />
      </FormSection>
    </FormShell>
  );
}
