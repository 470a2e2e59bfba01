import {
  COUNTRIES,
  DEFAULT_TAX_RATE,
  GST_PRICE_TYPES,
  SUPPLIER_TAX_TYPES,
  TAX_RATES,
  supplierCategoryInputSchema,
  supplierInputSchema,
} from '@scm/contracts';
import type { SupplierInput, SupplierTaxType, SupplierView, ValidSupplierInput } from '@scm/contracts';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { supplierCategoriesApi, suppliersApi } from '../../../api/suppliers';
import {
  ControlledSelect,
  FormSection,
  FormShell,
  NewCategory,
  useFieldProps,
  useFormMode,
  zodResolver,
} from '../../../components/form';
import type { FormMode } from '../../../components/form';
import { Select } from '../../../components/ui/Select';
import { TagInput } from '../../../components/ui/TagInput';
import { TextField } from '../../../components/ui/TextField';
import { SUPPLIER_PATH } from '../paths';
import type { SupplierPageProps } from './SupplierListPage';

const BLANK: SupplierInput = {
  supplier_id: '',
  company_name: '',
  account_no: '',
  credit_term_in_days: '0',
  contact_name: '',
  contact_no: '',
  contact_email: '',
  company_uen: '',
  company_website: '',
  address: '',
  postal_code: '',
  country: 'Singapore',
  remark: '',
  minimum_order_value: '0.00',
  category_id: '',
  terms_and_conditions: '',
  gst_price_type: 'exclusive',
  gst_reg_no: '',
  gst_rate: DEFAULT_TAX_RATE,
  tax_rate: DEFAULT_TAX_RATE,
  tax_type: 'GST',
  tax_reg_no: '',
  hashtag_list: [],
};

/** A clone keeps everything but the code, which must be new. */
function toFormValues(supplier: SupplierView, clone: boolean): SupplierInput {
  return {
    supplier_id: clone ? '' : supplier.supplier_id,
    company_name: supplier.company_name,
    account_no: supplier.account_no,
    credit_term_in_days: String(supplier.credit_term_in_days),
    contact_name: supplier.contact_name,
    contact_no: supplier.contact_no,
    contact_email: supplier.contact_email,
    company_uen: supplier.company_uen,
    company_website: supplier.company_website,
    address: supplier.address,
    postal_code: supplier.postal_code,
    country: supplier.country,
    remark: supplier.remark,
    minimum_order_value: supplier.minimum_order_value,
    category_id: supplier.category_id,
    terms_and_conditions: supplier.terms_and_conditions,
    gst_price_type: supplier.gst_price_type,
    gst_reg_no: supplier.gst_reg_no,
    gst_rate: supplier.gst_rate,
    tax_rate: supplier.tax_rate,
    tax_type: supplier.tax_type,
    tax_reg_no: supplier.tax_reg_no,
    hashtag_list: [...supplier.hashtag_list],
  };
}

/** /supplier/list/{type}: view, new/create, edit and clone (`?id=`) of a supplier. */
export default function SupplierFormPage() {
  return <SupplierFormRoute path={SUPPLIER_PATH} permissionKey="SUPPLIER" titleKey="supplier" />;
}

/** The supplier form under one route and key (see `SupplierPageProps`). */
export function SupplierFormRoute(page: SupplierPageProps) {
  const mode = useFormMode();
  return <SupplierForm key={mode.formKey} {...mode} {...page} />;
}

function SupplierForm({ mode, id, isNew, readOnly, path, permissionKey, titleKey }: FormMode & SupplierPageProps) {
  const { t } = useTranslation();
  const needsRecord = mode !== 'new' && mode !== 'create';
  const { data: record, error, isLoading } = suppliersApi.useRecord(needsRecord ? id : undefined);
  const { data: categoryRows } = supplierCategoriesApi.useOptions('category_name');
  const form = useForm<SupplierInput, unknown, ValidSupplierInput>({
    resolver: zodResolver(supplierInputSchema),
    defaultValues: BLANK,
  });
  const values = useMemo(() => (record ? toFormValues(record, mode === 'clone') : undefined), [record, mode]);
  const { control, setValue, watch } = form;
  const bind = useFieldProps(form, readOnly);
  const zeroRated = watch('tax_type') === 'ZERO RATED';

  const categories = useMemo(() => {
    const options = (categoryRows ?? []).map((row) => ({ value: row.category_id, label: row.category_name }));
    // The record's own category stays choosable while archived.
    if (record && !options.some((option) => option.value === record.category_id)) {
      options.push({ value: record.category_id, label: record.category_name });
    }
    return [{ value: '', label: t('suppliers:supplier.selectCategory') }, ...options];
  }, [categoryRows, record, t]);
  const countries = useMemo(
    () => COUNTRIES.map((country) => ({ value: country, label: t(`suppliers:countries.${country}`) })),
    [t],
  );
  const taxTypes = useMemo(
    () => SUPPLIER_TAX_TYPES.map((type) => ({ value: type, label: t(`suppliers:taxTypes.${type}`) })),
    [t],
  );
  const priceTypes = useMemo(
    () => GST_PRICE_TYPES.map((type) => ({ value: type, label: t(`suppliers:gstPriceTypes.${type}`) })),
    [t],
  );
  const rates = useMemo(
    () => TAX_RATES.map((rate) => ({ value: rate, label: t('suppliers:supplier.ratePercent', { rate }) })),
    [t],
  );

  return (
    <FormShell
      form={form}
      mode={mode}
      title={t(`routes:${titleKey}`)}
      subtitle={record && !isNew ? `${record.supplier_id} ${record.company_name}` : undefined}
      permissionKey={permissionKey}
      record={isNew ? undefined : record}
      values={values}
      loading={needsRecord && Boolean(id) && isLoading}
      loadError={needsRecord && !id ? true : error}
      listPath={path}
      editPath={id ? `${path}/edit?id=${encodeURIComponent(id)}` : undefined}
      editable={record?.status !== 'archived'}
      errorFields={{
        CATALOG_SUPPLIER_DUPLICATE: 'supplier_id',
        CATALOG_SUPPLIER_ID_CHANGED: 'supplier_id',
        CATALOG_SUPPLIER_REFERENCE_INVALID: 'category_id',
      }}
      onSave={async (input, { idempotencyKey }) => {
        const saved =
          mode === 'edit' && id
            ? await suppliersApi.update(id, input, idempotencyKey)
            : await suppliersApi.create(input, idempotencyKey);
        return `${path}/view?id=${encodeURIComponent(saved.supplier_id)}`;
      }}
    >
      <FormSection
        title={t('suppliers:supplier.sections.company')}
        description={readOnly ? undefined : t('suppliers:supplier.sections.companyHelp')}
      >
        <TextField
          {...bind.text('supplier_id', t('suppliers:supplier.fields.supplier_id'), { required: true })}
          readOnly={mode === 'edit'}
          placeholder={t('suppliers:supplier.placeholders.supplier_id')}
          hint={readOnly ? undefined : t('suppliers:supplier.hints.supplier_id')}
        />
        <TextField {...bind.text('company_name', t('suppliers:supplier.fields.company_name'), { required: true })} />
        <NewCategory
          readOnly={readOnly}
          schema={supplierCategoryInputSchema}
          toInput={(category_name) => ({ category_name })}
          create={(input, key) => supplierCategoriesApi.create(input, key)}
          onCreated={(categoryId) =>
            form.setValue('category_id', categoryId, { shouldDirty: true, shouldValidate: true })
          }
        >
          <ControlledSelect
            {...bind.select('category_id', t('suppliers:supplier.fields.category'), { required: true })}
            options={categories}
            data-testid="supplier-category"
          />
        </NewCategory>
        <TextField {...bind.text('account_no', t('suppliers:supplier.fields.account_no'))} />
        <TextField {...bind.text('company_uen', t('suppliers:supplier.fields.company_uen'))} />
        <TextField
          {...bind.text('company_website', t('suppliers:supplier.fields.company_website'))}
          placeholder={readOnly ? undefined : t('suppliers:supplier.placeholders.company_website')}
        />
        <Controller
          control={control}
          name="hashtag_list"
          render={({ field, fieldState }) => (
            <div className="sm:col-span-2">
              <TagInput
                label={t('suppliers:supplier.fields.hashtag_list')}
                value={field.value ?? []}
                onChange={field.onChange}
                disabled={readOnly}
                placeholder={readOnly ? undefined : t('suppliers:supplier.placeholders.hashtag_list')}
                hint={readOnly ? undefined : t('suppliers:supplier.hints.hashtag_list')}
                emptyText={t('suppliers:supplier.noHashtags')}
                error={fieldState.error?.message}
                data-testid="supplier-hashtags"
              />
            </div>
          )}
        />
      </FormSection>

      <FormSection title={t('suppliers:supplier.sections.contact')}>
        <TextField {...bind.text('contact_name', t('suppliers:supplier.fields.contact_name'), { required: true })} />
        <TextField
          {...bind.text('contact_no', t('suppliers:supplier.fields.contact_no'), { required: true })}
          inputMode="tel"
          placeholder={t('suppliers:supplier.placeholders.contact_no')}
        />
        <TextField {...bind.text('contact_email', t('suppliers:supplier.fields.contact_email'))} type="email" />
      </FormSection>

      <FormSection title={t('suppliers:supplier.sections.address')}>
        <TextField
          {...bind.text('address', t('suppliers:supplier.fields.address'), { required: true })}
          className="sm:col-span-2"
        />
        <ControlledSelect
          {...bind.select('country', t('suppliers:supplier.fields.country'), { required: true })}
          options={countries}
          data-testid="supplier-country"
        />
        <TextField
          {...bind.text('postal_code', t('suppliers:supplier.fields.postal_code'), { required: true })}
          inputMode="numeric"
          placeholder={t('suppliers:supplier.placeholders.postal_code')}
        />
        <TextField {...bind.text('remark', t('suppliers:supplier.fields.remark'))} className="sm:col-span-2" />
      </FormSection>

      <FormSection title={t('suppliers:supplier.sections.commercial')}>
        <TextField
          {...bind.text('credit_term_in_days', t('suppliers:supplier.fields.credit_term_in_days'), { required: true })}
          inputMode="numeric"
        />
        <TextField
          {...bind.text('minimum_order_value', t('suppliers:supplier.fields.minimum_order_value'), { required: true })}
          inputMode="decimal"
        />
        <TextField
          {...bind.text('terms_and_conditions', t('suppliers:supplier.fields.terms_and_conditions'))}
          className="sm:col-span-2"
        />
      </FormSection>

      <FormSection
        title={t('suppliers:supplier.sections.tax')}
        description={readOnly ? undefined : t('suppliers:supplier.sections.taxHelp')}
      >
        <Controller
          control={control}
          name="tax_type"
          render={({ field, fieldState }) => (
            <Select<SupplierTaxType>
              label={t('suppliers:supplier.fields.tax_type')}
              required={!readOnly}
              value={field.value}
              onChange={(next) => {
                field.onChange(next);
                if (next === 'ZERO RATED') {
                  setValue('gst_rate', 0, { shouldDirty: true });
                  setValue('tax_rate', 0, { shouldDirty: true });
                }
              }}
              options={taxTypes}
              disabled={readOnly}
              error={fieldState.error?.message}
              data-testid="supplier-tax-type"
            />
          )}
        />
        <ControlledSelect
          {...bind.select('gst_price_type', t('suppliers:supplier.fields.gst_price_type'), { required: true })}
          options={priceTypes}
          data-testid="supplier-gst-price-type"
        />
        <Controller
          control={control}
          name="gst_rate"
          render={({ field, fieldState }) => (
            <Select<number>
              label={t('suppliers:supplier.fields.gst_rate')}
              required={!readOnly}
              value={Number(field.value)}
              onChange={field.onChange}
              options={rates}
              disabled={readOnly || zeroRated}
              error={fieldState.error?.message}
              data-testid="supplier-gst-rate"
            />
          )}
        />
        <Controller
          control={control}
          name="tax_rate"
          render={({ field, fieldState }) => (
            <Select<number>
              label={t('suppliers:supplier.fields.tax_rate')}
              required={!readOnly}
              value={Number(field.value)}
              onChange={field.onChange}
              options={rates}
              disabled={readOnly || zeroRated}
              error={fieldState.error?.message}
              data-testid="supplier-tax-rate"
            />
          )}
        />
        <TextField {...bind.text('gst_reg_no', t('suppliers:supplier.fields.gst_reg_no'))} />
        <TextField {...bind.text('tax_reg_no', t('suppliers:supplier.fields.tax_reg_no'))} />
      </FormSection>
    </FormShell>
  );
}
