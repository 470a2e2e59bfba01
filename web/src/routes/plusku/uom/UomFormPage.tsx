import { uomInputSchema } from '@scm/contracts';
import type { UomInput, UomView, ValidUomInput } from '@scm/contracts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { createUom, updateUom, useUom } from '../../../api/uoms';
import { AttachmentList } from '../../../components/attachments/AttachmentList';
import { FormSection, FormShell, useFormMode, zodResolver } from '../../../components/form';
import type { FormMode } from '../../../components/form';
import { Icon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/TextField';
import { formatQuantity } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { UOM_PATH } from './paths';

const BLANK: UomInput = { uom_name: '', secondary_uom: '', uom_per_primary: '' };

/** "24.000" → "24": the factor as a person types it. */
function factorText(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

function toFormValues(uom: UomView): UomInput {
  return { uom_name: uom.uom_name, secondary_uom: uom.secondary_uom, uom_per_primary: factorText(uom.uom_per_primary) };
}

/** /PLUSKU/uom/{type}: view, new/create, edit and clone (`?id=`) of a unit of measure. */
export default function UomFormPage() {
  const mode = useFormMode();
  return <UomForm key={mode.formKey} {...mode} />;
}

function UomForm({ mode, id, isNew, readOnly }: FormMode) {
  const { t } = useTranslation();
  const can = useCan();
  const needsRecord = mode !== 'new' && mode !== 'create';
  const { data: record, error, isLoading } = useUom(needsRecord ? id : undefined);
  const form = useForm<UomInput, unknown, ValidUomInput>({
    resolver: zodResolver(uomInputSchema),
    defaultValues: BLANK,
  });
  const values = useMemo(() => (record ? toFormValues(record) : undefined), [record]);
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const [primary, secondary, factor] = watch(['uom_name', 'secondary_uom', 'uom_per_primary']);
  const factorNumber = Number(factor);
  const preview =
    String(primary).trim() !== '' &&
    String(secondary).trim() !== '' &&
    /^\d+(\.\d{1,3})?$/.test(String(factor).trim()) &&
    factorNumber > 0;

  return (
    <FormShell
      form={form}
      mode={mode}
      title={t('routes:uom')}
      subtitle={record && !isNew ? `${record.uom_name} / ${record.secondary_uom}` : undefined}
      permissionKey="UOM"
      record={isNew ? undefined : record}
      values={values}
      loading={needsRecord && Boolean(id) && isLoading}
      loadError={needsRecord && !id ? true : error}
      listPath={UOM_PATH}
      editPath={id ? `${UOM_PATH}/edit?id=${encodeURIComponent(id)}` : undefined}
      editable={record?.status !== 'archived'}
      errorFields={{ CATALOG_UOM_DUPLICATE: 'secondary_uom' }}
      attachments={
        record && !isNew ? (
          <AttachmentList
            service="catalog"
            ownerType="uom"
            ownerId={record.uom_id}
            readOnly={mode === 'view' || !can('UOM', 'edit')}
          />
        ) : undefined
      }
      onSave={async (input, { idempotencyKey }) => {
        const saved =
          mode === 'edit' && id ? await updateUom(id, input, idempotencyKey) : await createUom(input, idempotencyKey);
        return `${UOM_PATH}/view?id=${encodeURIComponent(saved.uom_id)}`;
      }}
      extraButtons={
        mode === 'view' &&
        record &&
        can('UOM', 'edit') && (
          <Link
            to={`${UOM_PATH}/clone?id=${encodeURIComponent(record.uom_id)}`}
            className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            data-testid="form-clone"
          >
            <Icon name="copy" />
            {t('kit:actions.clone')}
          </Link>
        )
      }
    >
      <FormSection title={t('uom:section')} description={readOnly ? undefined : t('uom:sectionHelp')}>
        <TextField
          label={t('uom:fields.uom_name')}
          required={!readOnly}
          autoComplete="off"
          placeholder={t('uom:placeholders.uom_name')}
          error={errors.uom_name?.message}
          {...register('uom_name')}
        />
        <TextField
          label={t('uom:fields.secondary_uom')}
          required={!readOnly}
          autoComplete="off"
          placeholder={t('uom:placeholders.secondary_uom')}
          error={errors.secondary_uom?.message}
          {...register('secondary_uom')}
        />
        <TextField
          label={t('uom:fields.uom_per_primary')}
          required={!readOnly}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('uom:placeholders.uom_per_primary')}
          hint={readOnly ? undefined : t('uom:hints.uom_per_primary')}
          error={errors.uom_per_primary?.message}
          {...register('uom_per_primary')}
        />
        <div className="flex items-end">
          {preview && (
            <p
              className="w-full min-w-0 rounded-md bg-blue-50 break-all px-3 py-2 text-sm text-blue-900 ring-1 ring-blue-100"
              data-testid="uom-conversion"
            >
              {t('uom:conversion', {
                secondary: String(secondary).trim(),
                factor: formatQuantity(factorNumber),
                primary: String(primary).trim(),
              })}
            </p>
          )}
        </div>
      </FormSection>
    </FormShell>
  );
}
