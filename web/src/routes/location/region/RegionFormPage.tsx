import { regionInputSchema } from '@scm/contracts';
import type { RegionInput, RegionView, ValidRegionInput } from '@scm/contracts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { regionsApi } from '../../../api/locations';
import { FormSection, FormShell, useFormMode, zodResolver } from '../../../components/form';
import type { FormMode } from '../../../components/form';
import { TextField } from '../../../components/ui/TextField';
import { REGION_PATH } from '../paths';

const BLANK: RegionInput = { region_name: '', remark: '' };

function toFormValues(region: RegionView): RegionInput {
  return { region_name: region.region_name, remark: region.remark };
}

/** /location/region/{type}: view, new/create, edit and clone (`?id=`) of a region. */
export default function RegionFormPage() {
  const mode = useFormMode();
  return <RegionForm key={mode.formKey} {...mode} />;
}

function RegionForm({ mode, id, isNew, readOnly }: FormMode) {
  const { t } = useTranslation();
  const needsRecord = mode !== 'new' && mode !== 'create';
  const { data: record, error, isLoading } = regionsApi.useRecord(needsRecord ? id : undefined);
  const form = useForm<RegionInput, unknown, ValidRegionInput>({
    resolver: zodResolver(regionInputSchema),
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
      title={t('routes:region')}
      subtitle={record && !isNew ? record.region_name : undefined}
      permissionKey="LOCATION"
      record={isNew ? undefined : record}
      values={values}
      loading={needsRecord && Boolean(id) && isLoading}
      loadError={needsRecord && !id ? true : error}
      listPath={REGION_PATH}
      editPath={id ? `${REGION_PATH}/edit?id=${encodeURIComponent(id)}` : undefined}
      editable={record?.status !== 'archived'}
      errorFields={{ CATALOG_REGION_DUPLICATE: 'region_name' }}
      onSave={async (input, { idempotencyKey }) => {
        const saved =
          mode === 'edit' && id
            ? await regionsApi.update(id, input, idempotencyKey)
            : await regionsApi.create(input, idempotencyKey);
        return `${REGION_PATH}/view?id=${encodeURIComponent(saved.region_id)}`;
      }}
    >
      <FormSection
        title={t('locations:region.section')}
        description={readOnly ? undefined : t('locations:region.sectionHelp')}
      >
        <TextField
          label={t('locations:region.fields.region_name')}
          required={!readOnly}
          autoComplete="off"
          placeholder={t('locations:region.placeholders.region_name')}
          error={errors.region_name?.message}
          {...register('region_name')}
        />
        <TextField
          label={t('locations:region.fields.remark')}
          autoComplete="off"
          error={errors.remark?.message}
          {...register('remark')}
        />
      </FormSection>
    </FormShell>
  );
}
