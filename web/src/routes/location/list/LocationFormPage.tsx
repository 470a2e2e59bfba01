import { COUNTRIES, locationCategoryInputSchema, locationInputSchema } from '@scm/contracts';
import type { LocationInput, LocationView, ValidLocationInput } from '@scm/contracts';
import { useMemo } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { locationCategoriesApi, locationsApi, regionsApi } from '../../../api/locations';
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
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/icons';
import { Select } from '../../../components/ui/Select';
import type { SelectOption } from '../../../components/ui/Select';
import { Switch } from '../../../components/ui/Switch';
import { TextField } from '../../../components/ui/TextField';
import { LOCATION_PATH } from '../paths';

const BLANK: LocationInput = {
  location_id: '',
  location_name: '',
  is_operating: true,
  category_id: '',
  sub_category_id: '',
  region_id: '',
  address: '',
  country: 'Singapore',
  postal_code: '',
  contact_person: [],
  remark: '',
};

/** A clone keeps everything but the code, which must be new. */
function toFormValues(location: LocationView, clone: boolean): LocationInput {
  return {
    location_id: clone ? '' : location.location_id,
    location_name: location.location_name,
    is_operating: location.is_operating,
    category_id: location.category_id,
    sub_category_id: location.sub_category_id ?? '',
    region_id: location.region_id,
    address: location.address,
    country: location.country,
    postal_code: location.postal_code,
    contact_person: location.contact_person.map((person) => ({ ...person })),
    remark: location.remark,
  };
}

/** The options with a blank first entry, and the record's own choice kept while it is not among them. */
function withCurrent(
  options: SelectOption<string>[],
  blank: string,
  current?: { value: string; label: string | null } | null,
): SelectOption<string>[] {
  const all = [{ value: '', label: blank }, ...options];
  if (current?.value && current.label !== null && !options.some((option) => option.value === current.value)) {
    all.push({ value: current.value, label: current.label });
  }
  return all;
}

/** /location/list/{type}: view, new/create, edit and clone (`?id=`) of a location. */
export default function LocationFormPage() {
  const mode = useFormMode();
  return <LocationForm key={mode.formKey} {...mode} />;
}

function LocationForm({ mode, id, isNew, readOnly }: FormMode) {
  const { t } = useTranslation();
  const needsRecord = mode !== 'new' && mode !== 'create';
  const { data: record, error, isLoading } = locationsApi.useRecord(needsRecord ? id : undefined);
  const { data: categoryRows } = locationCategoriesApi.useOptions('category_name');
  const { data: regionRows } = regionsApi.useOptions('region_name');
  const form = useForm<LocationInput, unknown, ValidLocationInput>({
    resolver: zodResolver(locationInputSchema),
    defaultValues: BLANK,
  });
  const values = useMemo(() => (record ? toFormValues(record, mode === 'clone') : undefined), [record, mode]);
  const { control, setValue, watch } = form;
  const bind = useFieldProps(form, readOnly);
  const { fields, append, remove } = useFieldArray({ control, name: 'contact_person' });
  const categoryId = watch('category_id');
  const { data: category } = locationCategoriesApi.useRecord(categoryId || undefined);

  const categories = useMemo(
    () =>
      withCurrent(
        (categoryRows ?? []).map((row) => ({ value: row.category_id, label: row.category_name })),
        t('locations:location.selectCategory'),
        record && { value: record.category_id, label: record.category_name },
      ),
    [categoryRows, record, t],
  );
  const subCategories = useMemo(
    () =>
      withCurrent(
        category?.category_id === categoryId
          ? category.sub_categories.map((row) => ({ value: row.sub_category_id, label: row.sub_category_name }))
          : [],
        t('locations:location.noSubCategory'),
        record?.category_id === categoryId
          ? { value: record.sub_category_id ?? '', label: record.sub_category_name }
          : null,
      ),
    [category, categoryId, record, t],
  );
  const regions = useMemo(
    () =>
      withCurrent(
        (regionRows ?? []).map((row) => ({ value: row.region_id, label: row.region_name })),
        t('locations:location.selectRegion'),
        record && { value: record.region_id, label: record.region_name },
      ),
    [regionRows, record, t],
  );
  const countries = useMemo(
    () => COUNTRIES.map((country) => ({ value: country, label: t(`locations:countries.${country}`) })),
    [t],
  );

  return (
    <FormShell
      form={form}
      mode={mode}
      title={t('routes:location')}
      subtitle={record && !isNew ? `${record.location_id} ${record.location_name}` : undefined}
      permissionKey="LOCATION"
      record={isNew ? undefined : record}
      values={values}
      loading={needsRecord && Boolean(id) && isLoading}
      loadError={needsRecord && !id ? true : error}
      listPath={LOCATION_PATH}
      editPath={id ? `${LOCATION_PATH}/edit?id=${encodeURIComponent(id)}` : undefined}
      editable={record?.status !== 'archived'}
      errorFields={{
        CATALOG_LOCATION_DUPLICATE: 'location_id',
        CATALOG_LOCATION_ID_CHANGED: 'location_id',
      }}
      onSave={async (input, { idempotencyKey }) => {
        const saved =
          mode === 'edit' && id
            ? await locationsApi.update(id, input, idempotencyKey)
            : await locationsApi.create(input, idempotencyKey);
        return `${LOCATION_PATH}/view?id=${encodeURIComponent(saved.location_id)}`;
      }}
    >
      <FormSection
        title={t('locations:location.sections.details')}
        description={readOnly ? undefined : t('locations:location.sections.detailsHelp')}
      >
        <TextField
          {...bind.text('location_id', t('locations:location.fields.location_id'), { required: true })}
          readOnly={mode === 'edit'}
          placeholder={t('locations:location.placeholders.location_id')}
          hint={readOnly ? undefined : t('locations:location.hints.location_id')}
        />
        <TextField {...bind.text('location_name', t('locations:location.fields.location_name'), { required: true })} />
        <NewCategory
          readOnly={readOnly}
          schema={locationCategoryInputSchema}
          toInput={(category_name) => ({ category_name, sub_categories: [] })}
          create={(input, key) => locationCategoriesApi.create(input, key)}
          onCreated={(categoryId) => {
            setValue('category_id', categoryId, { shouldDirty: true, shouldValidate: true });
            setValue('sub_category_id', '', { shouldDirty: true });
          }}
        >
          <ControlledSelect
            {...bind.select('category_id', t('locations:location.fields.category'), { required: true })}
            options={categories}
            onChanged={() => setValue('sub_category_id', '', { shouldDirty: true })}
            data-testid="location-category"
          />
        </NewCategory>
        <Controller
          control={control}
          name="sub_category_id"
          render={({ field, fieldState }) => (
            <Select
              label={t('locations:location.fields.sub_category')}
              required={false}
              value={field.value ?? ''}
              onChange={field.onChange}
              options={subCategories}
              disabled={readOnly || !categoryId}
              error={fieldState.error?.message}
              data-testid="location-sub-category"
            />
          )}
        />
        <ControlledSelect
          {...bind.select('region_id', t('locations:location.fields.region'), { required: true })}
          options={regions}
          data-testid="location-region"
        />
        <Controller
          control={control}
          name="is_operating"
          render={({ field }) => (
            <Switch
              className="self-end pb-2"
              label={t('locations:location.fields.is_operating')}
              description={t('locations:location.hints.is_operating')}
              checked={field.value}
              onChange={field.onChange}
              disabled={readOnly}
              data-testid="location-operating"
            />
          )}
        />
      </FormSection>

      <FormSection title={t('locations:location.sections.address')}>
        <TextField
          {...bind.text('address', t('locations:location.fields.address'), { required: true })}
          className="sm:col-span-2"
        />
        <ControlledSelect
          {...bind.select('country', t('locations:location.fields.country'), { required: true })}
          options={countries}
          data-testid="location-country"
        />
        <TextField
          {...bind.text('postal_code', t('locations:location.fields.postal_code'), { required: true })}
          inputMode="numeric"
          placeholder={t('locations:location.placeholders.postal_code')}
        />
        <TextField {...bind.text('remark', t('locations:location.fields.remark'))} className="sm:col-span-2" />
      </FormSection>

      <FormSection title={t('locations:location.sections.contacts')} columns={1}>
        <div className="space-y-3" data-testid="contact-persons">
          {fields.length === 0 && <p className="text-sm text-slate-500">{t('locations:location.contacts.empty')}</p>}
          {fields.map((field, index) => (
            <div
              key={field.id}
              className="grid gap-3 rounded-md p-3 ring-1 ring-slate-200 sm:grid-cols-[1fr_1fr_1fr_auto]"
              data-testid={`contact-person-${index}`}
            >
              <TextField
                {...bind.text(`contact_person.${index}.name`, t('locations:location.contacts.name'), {
                  required: true,
                })}
              />
              <TextField
                {...bind.text(`contact_person.${index}.mobile_no`, t('locations:location.contacts.mobile_no'), {
                  required: true,
                })}
                inputMode="tel"
                placeholder={t('locations:location.placeholders.mobile_no')}
              />
              <TextField
                {...bind.text(`contact_person.${index}.email`, t('locations:location.contacts.email'))}
                type="email"
              />
              {!readOnly && (
                <Button
                  type="button"
                  variant="secondary"
                  className="self-start sm:mt-6"
                  aria-label={t('locations:location.contacts.remove')}
                  title={t('locations:location.contacts.remove')}
                  onClick={() => remove(index)}
                  data-testid={`contact-person-remove-${index}`}
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
              onClick={() => append({ name: '', mobile_no: '', email: '' })}
              data-testid="contact-person-add"
            >
              <Icon name="plus" />
              {t('locations:location.contacts.add')}
            </Button>
          )}
        </div>
      </FormSection>
    </FormShell>
  );
}
