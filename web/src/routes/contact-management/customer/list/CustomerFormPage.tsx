import { ADDRESS_TYPES, CONTACT_MODES, COUNTRIES, GENDERS, SALUTATIONS, customerInputSchema } from '@scm/contracts';
import type { AddressType, Country, CustomerInput, CustomerView, ValidCustomerInput } from '@scm/contracts';
import { useMemo } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { customersApi } from '../../../../api/customers';
import {
  ControlledSelect,
  FormSection,
  FormShell,
  useFieldProps,
  useFormMode,
  zodResolver,
} from '../../../../components/form';
import type { FormMode } from '../../../../components/form';
import { Button } from '../../../../components/ui/Button';
import { Icon } from '../../../../components/ui/icons';
import { Select } from '../../../../components/ui/Select';
import { Switch } from '../../../../components/ui/Switch';
import { TagInput } from '../../../../components/ui/TagInput';
import { TextField } from '../../../../components/ui/TextField';
import { DateField } from '../../../../components/ui/DateField';
import { CUSTOMER_PATH } from '../../paths';

type AddressRow = NonNullable<CustomerInput['address_list']>[number];

const BLANK: CustomerInput = {
  customer_code: '',
  customer_name: '',
  salutation: 'Ms',
  chinese_name: '',
  gender: 'female',
  email: '',
  primary_contact_no: '',
  secondary_contact_no: '',
  birthday: '',
  wedding_anniversary: '',
  mailing_list: false,
  contact_mode: 'SMS',
  occupation: '',
  company: '',
  department: '',
  tags: [],
  address_list: [],
};

/** A clone keeps everything but the code, which must be new. */
function toFormValues(customer: CustomerView, clone: boolean): CustomerInput {
  return {
    customer_code: clone ? '' : customer.customer_code,
    customer_name: customer.customer_name,
    salutation: customer.salutation,
    chinese_name: customer.chinese_name,
    gender: customer.gender,
    email: customer.email,
    primary_contact_no: customer.primary_contact_no,
    secondary_contact_no: customer.secondary_contact_no,
    birthday: customer.birthday ?? '',
    wedding_anniversary: customer.wedding_anniversary ?? '',
    mailing_list: customer.mailing_list,
    contact_mode: customer.contact_mode,
    occupation: customer.occupation,
    company: customer.company,
    department: customer.department,
    tags: [...customer.tags],
    address_list: customer.address_list.map((row) => ({ ...row })),
  };
}

/**
 * Exactly one default per address type present: `preferred` (a row index) wins its type; otherwise the
 * first default, or the first row, of each type.
 */
function withOneDefault(rows: AddressRow[], preferred?: number): AddressRow[] {
  const chosen = new Map<string, number>();
  if (preferred !== undefined && rows[preferred]) chosen.set(rows[preferred].address_type, preferred);
  rows.forEach((row, index) => {
    if (!chosen.has(row.address_type) && row.is_default) chosen.set(row.address_type, index);
  });
  rows.forEach((row, index) => {
    if (!chosen.has(row.address_type)) chosen.set(row.address_type, index);
  });
  return rows.map((row, index) => ({ ...row, is_default: chosen.get(row.address_type) === index }));
}

/** /contact-management/customer/list/{type}: view, new/create, edit and clone (`?id=`) of a customer. */
export default function CustomerFormPage() {
  const mode = useFormMode();
  return <CustomerForm key={mode.formKey} {...mode} />;
}

function CustomerForm({ mode, id, isNew, readOnly }: FormMode) {
  const { t } = useTranslation();
  const needsRecord = mode !== 'new' && mode !== 'create';
  const { data: record, error, isLoading } = customersApi.useRecord(needsRecord ? id : undefined);
  const form = useForm<CustomerInput, unknown, ValidCustomerInput>({
    resolver: zodResolver(customerInputSchema),
    defaultValues: BLANK,
  });
  const values = useMemo(() => (record ? toFormValues(record, mode === 'clone') : undefined), [record, mode]);
  const {
    control,
    getValues,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const bind = useFieldProps(form, readOnly);
  const { fields, append, remove } = useFieldArray({ control, name: 'address_list' });
  const addresses = watch('address_list') ?? [];

  /** Rewrites every row's default flag so each type present keeps exactly one. */
  const fixDefaults = (preferred?: number) => {
    const rows = withOneDefault(getValues('address_list') ?? [], preferred);
    rows.forEach((row, index) => {
      setValue(`address_list.${index}.is_default`, row.is_default, { shouldDirty: true });
    });
  };

  const salutations = useMemo(
    () => SALUTATIONS.map((value) => ({ value, label: t(`customers:salutations.${value}`) })),
    [t],
  );
  const genders = useMemo(() => GENDERS.map((value) => ({ value, label: t(`customers:genders.${value}`) })), [t]);
  const contactModes = useMemo(
    () => CONTACT_MODES.map((value) => ({ value, label: t(`customers:contactModes.${value}`) })),
    [t],
  );
  const countries = useMemo(() => COUNTRIES.map((value) => ({ value, label: t(`customers:countries.${value}`) })), [t]);
  const addressTypes = useMemo(
    () => ADDRESS_TYPES.map((value) => ({ value, label: t(`customers:addressTypes.${value}`) })),
    [t],
  );
  const addressListError = errors.address_list?.message ?? errors.address_list?.root?.message;

  return (
    <FormShell
      form={form}
      mode={mode}
      title={t('routes:customer')}
      subtitle={record && !isNew ? `${record.customer_code} ${record.customer_name}` : undefined}
      permissionKey="RJ_CUSTOMER"
      record={isNew ? undefined : record}
      values={values}
      loading={needsRecord && Boolean(id) && isLoading}
      loadError={needsRecord && !id ? true : error}
      listPath={CUSTOMER_PATH}
      editPath={id ? `${CUSTOMER_PATH}/edit?id=${encodeURIComponent(id)}` : undefined}
      editable={record?.status !== 'archived'}
      errorFields={{
        CATALOG_CUSTOMER_DUPLICATE: 'customer_code',
        CATALOG_CUSTOMER_ID_CHANGED: 'customer_code',
      }}
      onSave={async (input, { idempotencyKey }) => {
        const saved =
          mode === 'edit' && id
            ? await customersApi.update(id, input, idempotencyKey)
            : await customersApi.create(input, idempotencyKey);
        return `${CUSTOMER_PATH}/view?id=${encodeURIComponent(saved.customer_code)}`;
      }}
    >
      <FormSection
        title={t('customers:customer.sections.profile')}
        description={readOnly ? undefined : t('customers:customer.sections.profileHelp')}
      >
        <TextField
          {...bind.text('customer_code', t('customers:customer.fields.customer_code'), { required: true })}
          readOnly={mode === 'edit'}
          placeholder={t('customers:customer.placeholders.customer_code')}
          hint={readOnly ? undefined : t('customers:customer.hints.customer_code')}
        />
        <ControlledSelect
          {...bind.select('salutation', t('customers:customer.fields.salutation'), { required: true })}
          options={salutations}
          data-testid="customer-salutation"
        />
        <TextField {...bind.text('customer_name', t('customers:customer.fields.customer_name'), { required: true })} />
        <TextField {...bind.text('chinese_name', t('customers:customer.fields.chinese_name'))} />
        <ControlledSelect
          {...bind.select('gender', t('customers:customer.fields.gender'), { required: true })}
          options={genders}
          data-testid="customer-gender"
        />
        <DateField {...bind.text('birthday', t('customers:customer.fields.birthday'))} />
        <DateField {...bind.text('wedding_anniversary', t('customers:customer.fields.wedding_anniversary'))} />
        <Controller
          control={control}
          name="tags"
          render={({ field, fieldState }) => (
            <div className="sm:col-span-2">
              <TagInput
                label={t('customers:customer.fields.tags')}
                value={field.value ?? []}
                onChange={field.onChange}
                disabled={readOnly}
                placeholder={readOnly ? undefined : t('customers:customer.placeholders.tags')}
                emptyText={t('customers:customer.noTags')}
                error={fieldState.error?.message}
                data-testid="customer-tags"
              />
            </div>
          )}
        />
      </FormSection>

      <FormSection title={t('customers:customer.sections.contact')}>
        <TextField {...bind.text('email', t('customers:customer.fields.email'))} type="email" />
        <ControlledSelect
          {...bind.select('contact_mode', t('customers:customer.fields.contact_mode'), { required: true })}
          options={contactModes}
          data-testid="customer-contact-mode"
        />
        <TextField
          {...bind.text('primary_contact_no', t('customers:customer.fields.primary_contact_no'), { required: true })}
          inputMode="tel"
          placeholder={t('customers:customer.placeholders.contact_no')}
        />
        <TextField
          {...bind.text('secondary_contact_no', t('customers:customer.fields.secondary_contact_no'))}
          inputMode="tel"
          placeholder={t('customers:customer.placeholders.contact_no')}
        />
        <Controller
          control={control}
          name="mailing_list"
          render={({ field }) => (
            <Switch
              className="self-end pb-2"
              label={t('customers:customer.fields.mailing_list')}
              description={t('customers:customer.hints.mailing_list')}
              checked={field.value}
              onChange={field.onChange}
              disabled={readOnly}
              data-testid="customer-mailing-list"
            />
          )}
        />
      </FormSection>

      <FormSection title={t('customers:customer.sections.work')}>
        <TextField {...bind.text('occupation', t('customers:customer.fields.occupation'))} />
        <TextField {...bind.text('company', t('customers:customer.fields.company'))} />
        <TextField {...bind.text('department', t('customers:customer.fields.department'))} />
      </FormSection>

      <FormSection
        title={t('customers:customer.sections.addresses')}
        description={readOnly ? undefined : t('customers:customer.sections.addressesHelp')}
        columns={1}
      >
        <div className="space-y-3" data-testid="customer-addresses">
          {fields.length === 0 && <p className="text-sm text-slate-500">{t('customers:customer.address.empty')}</p>}
          {addressListError && (
            <p className="text-sm text-red-600" role="alert">
              {addressListError}
            </p>
          )}
          {fields.map((field, index) => (
            <div
              key={field.id}
              className="grid gap-3 rounded-md p-3 ring-1 ring-slate-200 sm:grid-cols-[1fr_1fr_1fr_auto]"
              data-testid={`customer-address-${index}`}
            >
              <Controller
                control={control}
                name={`address_list.${index}.address_type`}
                render={({ field: typeField, fieldState }) => (
                  <Select<AddressType>
                    label={t('customers:customer.address.type')}
                    required={!readOnly}
                    value={typeField.value ?? 'billing'}
                    onChange={(next) => {
                      typeField.onChange(next);
                      fixDefaults();
                    }}
                    options={addressTypes}
                    disabled={readOnly}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name={`address_list.${index}.country`}
                render={({ field: countryField, fieldState }) => (
                  <Select<Country>
                    label={t('customers:customer.address.country')}
                    required={!readOnly}
                    value={countryField.value ?? 'Singapore'}
                    onChange={countryField.onChange}
                    options={countries}
                    disabled={readOnly}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <TextField
                {...bind.text(`address_list.${index}.postal_code`, t('customers:customer.address.postal_code'), {
                  required: true,
                })}
                inputMode="numeric"
                placeholder={t('customers:customer.placeholders.postal_code')}
              />
              {!readOnly && (
                <Button
                  type="button"
                  variant="secondary"
                  className="self-start sm:mt-6 sm:justify-self-end"
                  aria-label={t('customers:customer.address.remove')}
                  title={t('customers:customer.address.remove')}
                  onClick={() => {
                    remove(index);
                    fixDefaults();
                  }}
                  data-testid={`customer-address-remove-${index}`}
                >
                  <Icon name="trash" />
                </Button>
              )}
              <TextField
                {...bind.text(`address_list.${index}.address`, t('customers:customer.address.address'), {
                  required: true,
                })}
                className="sm:col-span-3"
              />
              <label className="flex items-center gap-2 self-end pb-2 text-sm whitespace-nowrap text-slate-700">
                <input
                  type="radio"
                  name={`customer-default-${addresses[index]?.address_type ?? 'billing'}`}
                  checked={addresses[index]?.is_default ?? false}
                  onChange={() => fixDefaults(index)}
                  disabled={readOnly}
                  aria-label={t('customers:customer.address.setDefault')}
                  data-testid={`customer-address-default-${index}`}
                />
                {t('customers:customer.address.is_default')}
              </label>
            </div>
          ))}
          {!readOnly && (
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                const type: AddressType = addresses.some((row) => row.address_type === 'billing')
                  ? 'shipping'
                  : 'billing';
                append({
                  address_type: type,
                  address: '',
                  country: 'Singapore',
                  postal_code: '',
                  is_default: !addresses.some((row) => row.address_type === type),
                });
              }}
              data-testid="customer-address-add"
            >
              <Icon name="plus" />
              {t('customers:customer.address.add')}
            </Button>
          )}
        </div>
      </FormSection>

      {record && !isNew && (
        <FormSection title={t('customers:customer.sections.sales')} description={t('customers:customer.hints.sales')}>
          <TextField
            label={t('customers:customer.fields.transaction_count')}
            readOnly
            value={String(record.transaction_count)}
            data-testid="customer-transaction-count"
          />
          <TextField
            label={t('customers:customer.fields.total_spending')}
            readOnly
            value={record.total_spending}
            data-testid="customer-total-spending"
          />
        </FormSection>
      )}
    </FormShell>
  );
}
