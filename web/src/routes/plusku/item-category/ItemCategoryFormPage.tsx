import { itemCategoryInputSchema } from '@scm/contracts';
import type { ItemCategoryInput, ItemCategoryKind, ItemCategoryView, ValidItemCategoryInput } from '@scm/contracts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { itemCategoriesApi } from '../../../api/item-categories';
import { FormSection, FormShell, useFormMode, zodResolver } from '../../../components/form';
import type { FormMode } from '../../../components/form';
import { TextField } from '../../../components/ui/TextField';
import { ITEM_CATEGORY_PAGES } from './item-category-kinds';

const BLANK: ItemCategoryInput = { category_name: '' };

const toFormValues = (category: ItemCategoryView): ItemCategoryInput => ({ category_name: category.category_name });

/**
 * The category form of one kind at `<path>/{type}` (view, new/create, edit, clone with `?id=`), e.g.
 * `<ItemCategoryFormPage kind="product" />` for /product/category/{type}.
 */
export function ItemCategoryFormPage({ kind }: { kind: ItemCategoryKind }) {
  const mode = useFormMode();
  return <ItemCategoryForm key={mode.formKey} kind={kind} {...mode} />;
}

function ItemCategoryForm({ kind, mode, id, isNew, readOnly }: FormMode & { kind: ItemCategoryKind }) {
  const { t } = useTranslation();
  const { path, routeId, permissionKey } = ITEM_CATEGORY_PAGES[kind];
  const calls = itemCategoriesApi(kind);
  const needsRecord = mode !== 'new' && mode !== 'create';
  const { data: record, error, isLoading } = calls.useRecord(needsRecord ? id : undefined);
  const form = useForm<ItemCategoryInput, unknown, ValidItemCategoryInput>({
    resolver: zodResolver(itemCategoryInputSchema),
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
      title={t(`routes:${routeId}`)}
      subtitle={record && !isNew ? record.category_name : undefined}
      permissionKey={permissionKey}
      record={isNew ? undefined : record}
      values={values}
      loading={needsRecord && Boolean(id) && isLoading}
      loadError={needsRecord && !id ? true : error}
      listPath={path}
      editPath={id ? `${path}/edit?id=${encodeURIComponent(id)}` : undefined}
      editable={record?.status !== 'archived'}
      errorFields={{ CATALOG_ITEM_CATEGORY_DUPLICATE: 'category_name' }}
      onSave={async (input, { idempotencyKey }) => {
        const saved =
          mode === 'edit' && id
            ? await calls.update(id, input, idempotencyKey)
            : await calls.create(input, idempotencyKey);
        return `${path}/view?id=${encodeURIComponent(saved.category_id)}`;
      }}
    >
      <FormSection
        title={t('item-category:section')}
        description={readOnly ? undefined : t('item-category:sectionHelp')}
      >
        <TextField
          label={t('item-category:fields.category_name')}
          required={!readOnly}
          autoComplete="off"
          placeholder={t(`item-category:kinds.${kind}.placeholder`)}
          error={errors.category_name?.message}
          {...register('category_name')}
        />
      </FormSection>
    </FormShell>
  );
}
