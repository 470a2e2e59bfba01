import { DIRECTOR_ROLE_NAME, roleInputSchema } from '@scm/contracts';
import type { RoleInput, RoleView, ValidRoleInput } from '@scm/contracts';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { createRole, updateRole, useRole } from '../../../api/roles';
import { FormSection, FormShell, useFormMode, zodResolver } from '../../../components/form';
import type { FormMode } from '../../../components/form';
import { Checkbox } from '../../../components/ui/Checkbox';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { Icon } from '../../../components/ui/icons';
import { Switch } from '../../../components/ui/Switch';
import { TextField } from '../../../components/ui/TextField';
import { useCan } from '../../../lib/permissions';
import { ROLE_PATH } from './paths';
import { PermissionMatrix } from './PermissionMatrix';
import { approvesStockAdjustment, fullMatrix, toRoleInput } from './permission-matrix';
import type { MatrixEntry } from './permission-matrix';

/** The form's values: `permission_list` holds every key (the schema drops the ones granting nothing). */
type RoleFormValues = Omit<RoleInput, 'permission_list'> & { permission_list: MatrixEntry[] };

const BLANK: RoleFormValues = {
  role_name: '',
  can_see_cost: false,
  approval_limit: '',
  permission_list: fullMatrix([]),
};

function toFormValues(role: RoleView, clone: boolean): RoleFormValues {
  return {
    role_name: clone ? '' : role.role_name,
    can_see_cost: role.can_see_cost,
    approval_limit: role.approval_limit,
    permission_list: fullMatrix(role.permission_list),
  };
}

/** /user/role/{type}: view, new/create, edit and clone (`?id=`) of a role and its permissions. */
export default function RoleFormPage() {
  const mode = useFormMode();
  return <RoleForm key={mode.formKey} {...mode} />;
}

function RoleForm({ mode, id, isNew, readOnly }: FormMode) {
  const { t } = useTranslation();
  const can = useCan();
  const [confirm, confirmDialog] = useConfirm();
  const needsRecord = mode !== 'new' && mode !== 'create';
  const { data: record, error, isLoading } = useRole(needsRecord ? id : undefined);
  const form = useForm<RoleFormValues, unknown, ValidRoleInput>({
    resolver: zodResolver(roleInputSchema),
    defaultValues: BLANK,
  });
  const values = useMemo(() => (record ? toFormValues(record, mode === 'clone') : undefined), [record, mode]);
  const {
    register,
    control,
    watch,
    getValues,
    setValue,
    formState: { errors },
  } = form;
  const permissions = watch('permission_list');
  const costForced = approvesStockAdjustment(permissions);
  const isDirector = !isNew && record?.role_name === DIRECTOR_ROLE_NAME;

  /**
   * SPEC.md §6: approval on Stock Adjustment needs can_see_cost. Turning it on while costs are hidden asks
   * first; yes switches can_see_cost on too, no leaves Stock Adjustment as it was.
   */
  async function changePermissions(next: MatrixEntry[]) {
    const current = getValues('permission_list');
    let accepted = next;
    if (approvesStockAdjustment(next) && !approvesStockAdjustment(current) && !getValues('can_see_cost')) {
      const ok = await confirm({
        title: t('roles:confirm.costTitle'),
        message: t('roles:confirm.costMessage'),
        confirmLabel: t('roles:confirm.costConfirm'),
      });
      if (ok) setValue('can_see_cost', true, { shouldDirty: true });
      else {
        const previous = current.find((entry) => entry.permission.key === 'SA');
        accepted = next.map((entry) => (entry.permission.key === 'SA' && previous ? previous : entry));
      }
    }
    setValue('permission_list', accepted, { shouldDirty: true });
  }

  return (
    <>
      <FormShell
        form={form}
        mode={mode}
        title={t('routes:role')}
        subtitle={record && !isNew ? record.role_name : undefined}
        permissionKey="USER_ROLE"
        record={isNew ? undefined : record}
        values={values}
        loading={needsRecord && Boolean(id) && isLoading}
        loadError={needsRecord && !id ? true : error}
        listPath={ROLE_PATH}
        editPath={id ? `${ROLE_PATH}/edit?id=${encodeURIComponent(id)}` : undefined}
        errorFields={{ IDENTITY_ROLE_DUPLICATE: 'role_name', IDENTITY_ROLE_DIRECTOR_PROTECTED: 'role_name' }}
        onSave={async (valid, { idempotencyKey }) => {
          const input = toRoleInput(valid);
          const saved =
            mode === 'edit' && id
              ? await updateRole(id, input, idempotencyKey)
              : await createRole(input, idempotencyKey);
          return `${ROLE_PATH}/view?id=${encodeURIComponent(saved.role_id)}`;
        }}
        extraButtons={
          mode === 'view' &&
          record &&
          can('USER_ROLE', 'edit') && (
            <Link
              to={`${ROLE_PATH}/clone?id=${encodeURIComponent(record.role_id)}`}
              className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
              data-testid="form-clone"
            >
              <Icon name="copy" />
              {t('kit:actions.clone')}
            </Link>
          )
        }
      >
        <FormSection title={t('roles:sections.details')}>
          <TextField
            label={t('roles:fields.role_name')}
            required={!readOnly}
            autoComplete="off"
            readOnly={isDirector}
            placeholder={t('roles:placeholders.role_name')}
            hint={isDirector && !readOnly ? t('roles:hints.director') : undefined}
            error={errors.role_name?.message}
            {...register('role_name')}
          />
          <Controller
            control={control}
            name="approval_limit"
            render={({ field, fieldState }) => (
              <div>
                <TextField
                  label={t('roles:fields.approval_limit')}
                  required={!readOnly && field.value !== null}
                  inputMode="decimal"
                  autoComplete="off"
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value === null ? '' : String(field.value)}
                  onChange={(event) => field.onChange(event.target.value)}
                  disabled={readOnly || field.value === null}
                  placeholder={field.value === null ? t('roles:noLimit') : t('roles:placeholders.approval_limit')}
                  hint={readOnly ? undefined : t('roles:hints.approval_limit')}
                  error={fieldState.error?.message}
                  data-testid="approval-limit"
                />
                <Checkbox
                  className="mt-2"
                  label={t('roles:noLimit')}
                  checked={field.value === null}
                  disabled={readOnly}
                  onChange={(checked) => field.onChange(checked ? null : '')}
                />
              </div>
            )}
          />
          <Controller
            control={control}
            name="can_see_cost"
            render={({ field }) => (
              <Switch
                className="sm:col-span-2"
                label={t('roles:fields.can_see_cost')}
                description={costForced && !readOnly ? t('roles:hints.costRequired') : t('roles:hints.can_see_cost')}
                checked={field.value}
                onChange={field.onChange}
                disabled={readOnly || (costForced && field.value)}
                data-testid="can-see-cost"
              />
            )}
          />
        </FormSection>
        <FormSection
          title={t('roles:sections.permissions')}
          description={readOnly ? undefined : t('roles:sections.permissionsHelp')}
          columns={1}
        >
          <PermissionMatrix value={permissions} onChange={(next) => void changePermissions(next)} readOnly={readOnly} />
        </FormSection>
      </FormShell>
      {confirmDialog}
    </>
  );
}
