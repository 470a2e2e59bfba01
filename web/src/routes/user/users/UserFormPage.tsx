import { userInputSchema } from '@scm/contracts';
import type { UserInput, UserView, ValidUserInput } from '@scm/contracts';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { locationsApi } from '../../../api/locations';
import { useSession } from '../../../api/session';
import {
  activateUser,
  deactivateUser,
  inviteUser,
  resendInvitation,
  sendPasswordReset,
  updateUser,
  useRoleOptions,
  useUser,
} from '../../../api/users';
import { FormSection, FormShell, useFormMode, zodResolver } from '../../../components/form';
import type { FormAction, FormMode } from '../../../components/form';
import { Checkbox } from '../../../components/ui/Checkbox';
import { Icon } from '../../../components/ui/icons';
import { Select } from '../../../components/ui/Select';
import { MultiCombobox } from '../../../components/ui/MultiCombobox';
import { TagInput } from '../../../components/ui/TagInput';
import { TextField } from '../../../components/ui/TextField';
import { useCan, useHoldsAllLocations } from '../../../lib/permissions';
import { USER_PATH } from './paths';
import { ALL_LOCATIONS, hasAllLocations, userActionRules } from './user-actions';

const BLANK: UserInput = {
  employee_code: '',
  employee_name: '',
  email: '',
  username: '',
  role_id: '',
  location_list: [],
  language: null,
};

/** A clone keeps what a colleague in the same job shares (role, locations, language), not who they are. */
function toFormValues(user: UserView, clone: boolean): UserInput {
  const language: UserInput['language'] = user.language === 'zh-CN' ? 'zh-CN' : user.language === 'en' ? 'en' : null;
  const shared = { role_id: user.role_id, location_list: [...user.location_list], language };
  return clone
    ? { ...BLANK, ...shared }
    : {
        employee_code: user.employee_code,
        employee_name: user.employee_name,
        email: user.email,
        username: user.username,
        ...shared,
      };
}

/** /user/list/{type}: view, invite (new/create/clone) and edit (`?id=`) of a user. */
export default function UserFormPage() {
  const mode = useFormMode();
  return <UserForm key={mode.formKey} {...mode} />;
}

function UserForm({ mode, id, isNew, readOnly }: FormMode) {
  const { t } = useTranslation();
  const can = useCan();
  const allLocations = useHoldsAllLocations();
  const { user: me } = useSession();
  const needsRecord = mode !== 'new' && mode !== 'create';
  const { data: record, error, isLoading } = useUser(needsRecord ? id : undefined);
  const { data: roleOptions } = useRoleOptions();
  // New and active locations by name; the value kept is the location id (identity stores ids, `*` for all). A user
  // administrator who may not list locations (no LOCATION view: the list would answer 403) types the ids instead.
  const canListLocations = can('LOCATION', 'view');
  const { data: locationRows } = locationsApi.useOptions('location_name', canListLocations);
  const locations = useMemo(
    () =>
      (locationRows ?? []).map((location) => ({
        value: location.location_id,
        label: location.location_name,
        hint: location.location_id,
      })),
    [locationRows],
  );
  const form = useForm<UserInput, unknown, ValidUserInput>({
    resolver: zodResolver(userInputSchema),
    defaultValues: BLANK,
  });
  const values = useMemo(() => (record ? toFormValues(record, mode === 'clone') : undefined), [record, mode]);
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const isSelf = !isNew && record !== undefined && record.user_id === me?.user_id;

  const roles = useMemo(() => {
    const options = (roleOptions ?? []).map((role) => ({ value: role.role_id, label: role.role_name }));
    // Until the options arrive (or if the role is gone from them), the record still names its role.
    if (record && !options.some((option) => option.value === record.role_id))
      options.push({ value: record.role_id, label: record.role_name });
    return [{ value: '', label: t('users:selectRole') }, ...options];
  }, [roleOptions, record, t]);

  const languages = [
    { value: '', label: t('users:languages.browser') },
    { value: 'en', label: t('users:languages.en') },
    { value: 'zh-CN', label: t('users:languages.zhCN') },
  ];

  /** View-mode account actions by status; each stays on the page, which shows the new status. */
  const accountActions: FormAction<ValidUserInput>[] = record
    ? [
        {
          id: 'resendInvitation',
          label: t('users:actions.resendInvitation'),
          variant: 'secondary',
          modes: ['view'],
          hidden: !userActionRules.resendInvitation(record),
          run: (_values, { idempotencyKey }) => resendInvitation(record.user_id, idempotencyKey),
        },
        {
          id: 'activate',
          label: t('users:actions.activate'),
          variant: 'secondary',
          modes: ['view'],
          hidden: !userActionRules.activate(record),
          run: async (_values, { idempotencyKey }) => void (await activateUser(record.user_id, idempotencyKey)),
        },
        {
          id: 'sendPasswordReset',
          label: t('users:actions.sendPasswordReset'),
          variant: 'secondary',
          modes: ['view'],
          hidden: !userActionRules.sendPasswordReset(record),
          confirm: {
            title: t('users:confirm.resetTitle'),
            message: t('users:confirm.resetMessage', { name: record.employee_name, email: record.email }),
            confirmLabel: t('users:confirm.resetConfirm'),
          },
          run: (_values, { idempotencyKey }) => sendPasswordReset(record.user_id, idempotencyKey),
        },
        {
          id: 'deactivate',
          label: t('users:actions.deactivate'),
          variant: 'danger',
          modes: ['view'],
          hidden: !userActionRules.deactivate(record, me?.user_id),
          confirm: {
            title: t('users:confirm.deactivateTitle'),
            message: t('users:confirm.deactivateMessage', { name: record.employee_name }),
            confirmLabel: t('users:actions.deactivate'),
            tone: 'danger',
          },
          run: async (_values, { idempotencyKey }) => void (await deactivateUser(record.user_id, idempotencyKey)),
        },
      ]
    : [];

  return (
    <FormShell
      form={form}
      mode={mode}
      title={t('routes:user')}
      subtitle={
        record && !isNew ? (
          <>
            {record.employee_name} · {record.email}
            {record.status === 'Invited' && mode === 'view' && (
              <span className="mt-1 block text-xs text-blue-700" data-testid="user-invited-hint">
                {t('users:hints.invited')}
              </span>
            )}
          </>
        ) : undefined
      }
      permissionKey="USER"
      record={isNew ? undefined : record}
      values={values}
      loading={needsRecord && Boolean(id) && isLoading}
      loadError={needsRecord && !id ? true : error}
      listPath={USER_PATH}
      editPath={id ? `${USER_PATH}/edit?id=${encodeURIComponent(id)}` : undefined}
      errorFields={{
        IDENTITY_USER_DUPLICATE_EMAIL: 'email',
        IDENTITY_USER_DUPLICATE_USERNAME: 'username',
        IDENTITY_USER_DUPLICATE_CODE: 'employee_code',
        IDENTITY_ROLE_NOT_FOUND: 'role_id',
      }}
      saveLabel={isNew ? t('users:sendInvitation') : undefined}
      onSave={async (input, { idempotencyKey }) => {
        const saved =
          mode === 'edit' && id ? await updateUser(id, input, idempotencyKey) : await inviteUser(input, idempotencyKey);
        return `${USER_PATH}/view?id=${encodeURIComponent(saved.user_id)}`;
      }}
      actions={accountActions}
      extraButtons={
        mode === 'view' &&
        record &&
        can('USER', 'edit') && (
          <Link
            to={`${USER_PATH}/clone?id=${encodeURIComponent(record.user_id)}`}
            className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            data-testid="form-clone"
          >
            <Icon name="copy" />
            {t('kit:actions.clone')}
          </Link>
        )
      }
    >
      <FormSection
        title={t('users:sections.account')}
        description={readOnly ? undefined : t('users:sections.accountHelp')}
      >
        <TextField
          label={t('users:fields.employee_code')}
          required={!readOnly}
          autoComplete="off"
          placeholder={t('users:placeholders.employee_code')}
          error={errors.employee_code?.message}
          {...register('employee_code')}
        />
        <TextField
          label={t('users:fields.employee_name')}
          required={!readOnly}
          autoComplete="off"
          placeholder={t('users:placeholders.employee_name')}
          error={errors.employee_name?.message}
          {...register('employee_name')}
        />
        <TextField
          label={t('users:fields.email')}
          required={!readOnly}
          type="email"
          autoComplete="off"
          placeholder={t('users:placeholders.email')}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={t('users:fields.username')}
          required={!readOnly}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('users:placeholders.username')}
          hint={readOnly ? undefined : t('users:hints.username')}
          error={errors.username?.message}
          {...register('username')}
        />
      </FormSection>

      <FormSection
        title={t('users:sections.access')}
        description={readOnly ? undefined : t('users:sections.accessHelp')}
      >
        <Controller
          control={control}
          name="role_id"
          render={({ field, fieldState }) => (
            <Select
              label={t('users:fields.role')}
              required={!readOnly}
              value={field.value}
              onChange={field.onChange}
              options={roles}
              disabled={readOnly || isSelf}
              hint={isSelf && !readOnly ? t('users:hints.ownRole') : undefined}
              error={fieldState.error?.message}
              data-testid="user-role"
            />
          )}
        />
        <div className="hidden sm:block" />
        <Controller
          control={control}
          name="location_list"
          render={({ field, fieldState }) => {
            const all = hasAllLocations(field.value);
            return (
              <div className="space-y-2 sm:col-span-2">
                <Checkbox
                  label={t('users:allLocations')}
                  checked={all}
                  // Only a manager holding every location gives it (the server refuses the others).
                  disabled={readOnly || !allLocations}
                  onChange={(checked) => field.onChange(checked ? [ALL_LOCATIONS] : [])}
                />
                {all ? (
                  <p className="text-xs text-slate-500">{t('users:allLocationsHelp')}</p>
                ) : canListLocations ? (
                  <MultiCombobox
                    label={t('users:fields.location_list')}
                    value={field.value}
                    onChange={field.onChange}
                    options={locations}
                    disabled={readOnly}
                    placeholder={t('users:placeholders.location_list')}
                    hint={readOnly ? undefined : t('users:hints.location_list')}
                    emptyText={t('users:noLocations')}
                    error={fieldState.error?.message}
                    data-testid="user-locations"
                  />
                ) : (
                  <TagInput
                    label={t('users:fields.location_list')}
                    value={field.value}
                    onChange={field.onChange}
                    disabled={readOnly}
                    placeholder={t('users:placeholders.location_ids')}
                    hint={readOnly ? undefined : t('users:hints.location_ids')}
                    emptyText={t('users:noLocations')}
                    error={fieldState.error?.message}
                    data-testid="user-locations"
                  />
                )}
              </div>
            );
          }}
        />
      </FormSection>

      <FormSection title={t('users:sections.preferences')}>
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <Select
              label={t('users:fields.language')}
              required={false}
              value={field.value ?? ''}
              onChange={(value) => field.onChange(value === '' ? null : value)}
              options={languages}
              disabled={readOnly}
              hint={readOnly ? undefined : t('users:hints.language')}
              data-testid="user-language"
            />
          )}
        />
      </FormSection>
    </FormShell>
  );
}
