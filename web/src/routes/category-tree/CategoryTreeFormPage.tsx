import { useMemo } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSection, FormShell, useFormMode, zodResolver } from '../../components/form';
import type { FormMode } from '../../components/form';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/icons';
import { TextField } from '../../components/ui/TextField';
import { CATEGORY_TREE_PAGES } from './category-tree-kinds';
import type {
  CategoryTreeInput,
  CategoryTreeKind,
  CategoryTreeView,
  ValidCategoryTreeInput,
} from './category-tree-kinds';

const BLANK: CategoryTreeInput = { category_name: '', sub_categories: [] };

/** A clone starts new sub-categories (no ids); an edit keeps them so renames follow into the records using them. */
function toFormValues(category: CategoryTreeView, clone: boolean): CategoryTreeInput {
  return {
    category_name: category.category_name,
    sub_categories: category.sub_categories.map((row) =>
      clone
        ? { sub_category_name: row.sub_category_name }
        : { sub_category_id: row.sub_category_id, sub_category_name: row.sub_category_name },
    ),
  };
}

/**
 * The form of one kind's category with its sub-categories at `<path>/{type}` (view, new/create, edit, clone with
 * `?id=`), e.g. `<CategoryTreeFormPage kind="location" />` for /location/category/{type}.
 */
export function CategoryTreeFormPage({ kind }: { kind: CategoryTreeKind }) {
  const mode = useFormMode();
  return <CategoryTreeForm key={mode.formKey} kind={kind} {...mode} />;
}

function CategoryTreeForm({ kind, mode, id, isNew, readOnly }: FormMode & { kind: CategoryTreeKind }) {
  const { t } = useTranslation();
  const { path, routeId, permissionKey, ns, calls, inputSchema, duplicateCode } = CATEGORY_TREE_PAGES[kind];
  const needsRecord = mode !== 'new' && mode !== 'create';
  const { data: record, error, isLoading } = calls.useRecord(needsRecord ? id : undefined);
  const form = useForm<CategoryTreeInput, unknown, ValidCategoryTreeInput>({
    resolver: zodResolver(inputSchema),
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
      errorFields={{ [duplicateCode]: 'category_name' }}
      onSave={async (input, { idempotencyKey }) => {
        const saved =
          mode === 'edit' && id
            ? await calls.update(id, input, idempotencyKey)
            : await calls.create(input, idempotencyKey);
        return `${path}/view?id=${encodeURIComponent(saved.category_id)}`;
      }}
    >
      <FormSection
        title={t(`${ns}:category.section`)}
        description={readOnly ? undefined : t(`${ns}:category.sectionHelp`)}
      >
        <TextField
          label={t(`${ns}:category.fields.category_name`)}
          required={!readOnly}
          autoComplete="off"
          placeholder={t(`${ns}:category.placeholders.category_name`)}
          error={errors.category_name?.message}
          {...register('category_name')}
        />
      </FormSection>
      <FormSection title={t(`${ns}:category.fields.sub_categories`)}>
        <div className="space-y-2 sm:col-span-2" data-testid="sub-categories">
          {fields.length === 0 && <p className="text-sm text-slate-500">{t(`${ns}:category.noSubCategories`)}</p>}
          {fields.map((field, index) => {
            const used = field.sub_category_id !== undefined && inUse.has(field.sub_category_id);
            return (
              <div key={field.id} className="flex items-start gap-2">
                <TextField
                  className="min-w-0 flex-1"
                  label={t(`${ns}:category.fields.sub_category_name`, { index: index + 1 })}
                  required={!readOnly}
                  autoComplete="off"
                  error={errors.sub_categories?.[index]?.sub_category_name?.message}
                  hint={used ? t(`${ns}:category.subCategoryInUse`) : undefined}
                  {...register(`sub_categories.${index}.sub_category_name`)}
                />
                {!readOnly && (
                  <Button
                    type="button"
                    variant="secondary"
                    className="mt-6"
                    disabled={used}
                    aria-label={t(`${ns}:category.removeSubCategory`)}
                    title={used ? t(`${ns}:category.subCategoryInUse`) : t(`${ns}:category.removeSubCategory`)}
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
              {t(`${ns}:category.addSubCategory`)}
            </Button>
          )}
        </div>
      </FormSection>
    </FormShell>
  );
}
