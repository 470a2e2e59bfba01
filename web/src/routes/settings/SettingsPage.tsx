import {
  COUNTRIES,
  RATED_CURRENCIES,
  companyDetailsInputSchema,
  exchangeRateInputSchema,
  gstRateInputSchema,
} from '@scm/contracts';
import type {
  CompanyDetailsInput,
  Currency,
  CurrencyView,
  ExchangeRateInput,
  ExchangeRateView,
  GstRateInput,
  RatedCurrency,
  SettingsView,
  ValidCompanyDetailsInput,
  ValidExchangeRateInput,
  ValidGstRateInput,
} from '@scm/contracts';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { settingsApi } from '../../api/settings';
import { FormSection, zodResolver } from '../../components/form';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { useConfirm } from '../../components/ui/ConfirmDialog';
import { PageHeader } from '../../components/ui/PageHeader';
import { PageLoading } from '../../components/ui/PageLoading';
import { Select } from '../../components/ui/Select';
import { TextField } from '../../components/ui/TextField';
import { DateField } from '../../components/ui/DateField';
import { useIdempotencyKeys } from '../../lib/idempotency';
import { useCan } from '../../lib/permissions';
import { showError } from '../../state/feedback';
import { InventorySettingsTab } from './InventorySettingsTab';
import { PosKeysTab } from './PosKeysTab';
import { ProcurementSettingsTab } from './ProcurementSettingsTab';

type Tab = 'gst' | 'currencies' | 'company' | 'inventory' | 'procurement' | 'posKeys';

/** Server field errors (duplicates, validation) shown on the form's fields; other failures rethrown. */
function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>, error: unknown) {
  if (error instanceof ApiError && error.fieldErrors.length > 0) {
    for (const problem of error.fieldErrors) {
      form.setError(problem.field as Path<T>, { type: 'server', message: problem.message });
    }
    return;
  }
  if (error instanceof ApiError) {
    showError(error.message);
    return;
  }
  throw error;
}

/**
 * /settings (SPEC.md §2, key SETTING): GST rates, currencies with dated exchange rates, company details, the period
 * lock and the over-receipt tolerance.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const canEdit = can('SETTING', 'edit');
  const [tab, setTab] = useState<Tab>('gst');
  const { data: settings, isLoading } = settingsApi.useSettings();
  const tabs: { id: Tab; label: string }[] = [
    { id: 'gst', label: t('settings:tabs.gst') },
    { id: 'currencies', label: t('settings:tabs.currencies') },
    { id: 'company', label: t('settings:tabs.company') },
    { id: 'inventory', label: t('inventory:settings.tab') },
    // The receiving tolerance is read under the Receiving Order view right: without it the tab would only fail.
    ...(can('RO', 'view') ? [{ id: 'procurement' as const, label: t('receiving-order:settings.tab') }] : []),
    { id: 'posKeys', label: t('epoint:keys.tab') },
  ];

  return (
    <div>
      <PageHeader
        title={t('routes:settings')}
        description={t('settings:description')}
        badge={canEdit ? undefined : <Badge tone="gray">{t('settings:viewOnly')}</Badge>}
      />
      <div role="tablist" aria-label={t('settings:tabs.label')} className="mb-4 flex gap-1 border-b border-slate-200">
        {tabs.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            aria-selected={tab === item.id}
            data-testid={`settings-tab-${item.id}`}
            onClick={() => setTab(item.id)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${tab === item.id ? 'border-blue-700 text-blue-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'currencies' ? (
          <CurrenciesTab canEdit={canEdit} />
        ) : tab === 'inventory' ? (
          <InventorySettingsTab canEdit={canEdit} />
        ) : tab === 'procurement' ? (
          <ProcurementSettingsTab canEdit={canEdit} />
        ) : tab === 'posKeys' ? (
          <PosKeysTab canEdit={canEdit} />
        ) : isLoading || !settings ? (
          <PageLoading />
        ) : tab === 'gst' ? (
          <GstTab settings={settings} canEdit={canEdit} />
        ) : (
          <CompanyTab settings={settings} canEdit={canEdit} />
        )}
      </div>
    </div>
  );
}

function GstTab({ settings, canEdit }: { settings: SettingsView; canEdit: boolean }) {
  const { t } = useTranslation();
  const keys = useIdempotencyKeys();
  const [confirm, confirmDialog] = useConfirm();
  const form = useForm<GstRateInput, unknown, ValidGstRateInput>({
    resolver: zodResolver(gstRateInputSchema),
    defaultValues: { rate: '' },
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const add = handleSubmit(async (input) => {
    try {
      await settingsApi.addGstRate(input, keys.keyFor('add', input));
      keys.done('add');
      reset({ rate: '' });
    } catch (error) {
      applyServerErrors(form as unknown as UseFormReturn<FieldValues, unknown, FieldValues>, error);
    }
  });

  const remove = async (id: string, rate: string) => {
    const ok = await confirm({
      title: t('settings:gst.confirm.removeTitle'),
      message: t('settings:gst.confirm.removeMessage', { rate }),
      tone: 'danger',
    });
    if (!ok) return;
    await settingsApi.removeGstRate(id, keys.keyFor(`remove-${id}`, null)).catch(() => undefined);
  };

  return (
    <FormSection title={t('settings:gst.section')} description={t('settings:gst.sectionHelp')} columns={1}>
      <table className="w-full text-sm" data-testid="gst-rates">
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th className="py-2 font-medium">{t('settings:gst.fields.rate')}</th>
            <th className="py-2 font-medium">{t('settings:gst.fields.default')}</th>
            {canEdit && <th className="py-2 text-right font-medium">{t('settings:actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {settings.gst_rates.map((row) => (
            <tr key={row.gst_rate_id} className="border-b border-slate-100">
              <td className="py-2">{t('settings:gst.percent', { rate: row.rate })}</td>
              <td className="py-2">{row.is_default && <Badge tone="green">{t('settings:gst.default')}</Badge>}</td>
              {canEdit && (
                <td className="space-x-2 py-2 text-right">
                  {!row.is_default && (
                    <Button
                      variant="secondary"
                      onClick={() =>
                        void settingsApi
                          .setDefaultGstRate(row.gst_rate_id, keys.keyFor(`default-${row.gst_rate_id}`, null))
                          .catch(() => undefined)
                      }
                    >
                      {t('settings:gst.setDefault')}
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    disabled={row.is_default}
                    title={row.is_default ? t('settings:gst.defaultCannotRemove') : undefined}
                    onClick={() => void remove(row.gst_rate_id, row.rate)}
                  >
                    {t('settings:remove')}
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {canEdit && (
        <form className="flex items-start gap-2" onSubmit={(event) => void add(event)} noValidate>
          <TextField
            label={t('settings:gst.newRate')}
            placeholder={t('settings:gst.placeholders.rate')}
            inputMode="decimal"
            autoComplete="off"
            error={errors.rate?.message}
            className="w-48"
            {...register('rate')}
          />
          <Button type="submit" className="mt-6" disabled={isSubmitting}>
            {t('settings:gst.add')}
          </Button>
        </form>
      )}
      {confirmDialog}
    </FormSection>
  );
}

const BLANK_RATE: ExchangeRateInput = { currency: 'SGD', effective_date: '', rate: '' };

function CurrenciesTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const keys = useIdempotencyKeys();
  const [confirm, confirmDialog] = useConfirm();
  const { data: currencies, isLoading } = settingsApi.useCurrencies();
  const [expanded, setExpanded] = useState<Currency | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const form = useForm<ExchangeRateInput, unknown, ValidExchangeRateInput>({
    resolver: zodResolver(exchangeRateInputSchema),
    defaultValues: BLANK_RATE,
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const names: Record<Currency, string> = {
    USD: t('settings:currencies.names.USD'),
    SGD: t('settings:currencies.names.SGD'),
    EUR: t('settings:currencies.names.EUR'),
    GBP: t('settings:currencies.names.GBP'),
  };
  const currencyOptions = RATED_CURRENCIES.map((code) => ({ value: code, label: `${code} · ${names[code]}` }));
  const amount = useMemo(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }), []);

  const save = handleSubmit(async (input) => {
    try {
      await settingsApi.saveExchangeRate(editing, input, keys.keyFor(`rate-${editing ?? 'new'}`, input));
      keys.done(`rate-${editing ?? 'new'}`);
      setEditing(null);
      reset(BLANK_RATE);
    } catch (error) {
      applyServerErrors(form as unknown as UseFormReturn<FieldValues, unknown, FieldValues>, error);
    }
  });

  const edit = (rate: ExchangeRateView) => {
    setEditing(rate.exchange_rate_id);
    reset({ currency: rate.currency, effective_date: rate.effective_date, rate: rate.rate });
  };

  const remove = async (rate: ExchangeRateView) => {
    const ok = await confirm({
      title: t('settings:currencies.confirm.deleteTitle'),
      message: t('settings:currencies.confirm.deleteMessage', { currency: rate.currency, date: rate.effective_date }),
      tone: 'danger',
    });
    if (!ok) return;
    await settingsApi.deleteExchangeRate(rate.exchange_rate_id, keys.keyFor(`delete-${rate.exchange_rate_id}`, null));
    if (editing === rate.exchange_rate_id) {
      setEditing(null);
      reset(BLANK_RATE);
    }
  };

  if (isLoading || !currencies) return <PageLoading />;
  return (
    <div className="space-y-4">
      <FormSection
        title={t('settings:currencies.section')}
        description={t('settings:currencies.sectionHelp', { sample: amount.format(1) })}
        columns={1}
      >
        <table className="w-full text-sm" data-testid="currencies">
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th className="py-2 font-medium">{t('settings:currencies.fields.currency')}</th>
              <th className="py-2 font-medium">{t('settings:currencies.fields.current_rate')}</th>
              <th className="py-2 font-medium">{t('settings:currencies.fields.effective_date')}</th>
              <th className="py-2 text-right font-medium">{t('settings:currencies.fields.history')}</th>
            </tr>
          </thead>
          <tbody>
            {currencies.map((row: CurrencyView) => (
              <Fragment key={row.currency}>
                <tr className="border-b border-slate-100">
                  <td className="py-2">
                    <span className="font-medium">{row.currency}</span> {names[row.currency]}{' '}
                    {row.is_reference && <Badge tone="blue">{t('settings:currencies.reference')}</Badge>}
                  </td>
                  <td className="py-2 tabular-nums">{row.current_rate ?? t('settings:currencies.noRate')}</td>
                  <td className="py-2">{row.current_effective_date ?? ''}</td>
                  <td className="py-2 text-right">
                    {!row.is_reference && (
                      <Button
                        variant="ghost"
                        aria-expanded={expanded === row.currency}
                        onClick={() => setExpanded(expanded === row.currency ? null : row.currency)}
                      >
                        {t('settings:currencies.historyCount', { count: row.history.length })}
                      </Button>
                    )}
                  </td>
                </tr>
                {expanded === row.currency && (
                  <tr>
                    <td colSpan={4} className="bg-slate-50 px-4 py-2">
                      {row.history.length === 0 ? (
                        <p className="text-slate-500">{t('settings:currencies.noHistory')}</p>
                      ) : (
                        <table className="w-full text-sm">
                          <tbody>
                            {row.history.map((rate) => (
                              <tr key={rate.exchange_rate_id} className="border-b border-slate-100 last:border-0">
                                <td className="py-1">{rate.effective_date}</td>
                                <td className="py-1 tabular-nums">{rate.rate}</td>
                                {canEdit && (
                                  <td className="space-x-2 py-1 text-right">
                                    <Button variant="secondary" onClick={() => edit(rate)}>
                                      {t('settings:edit')}
                                    </Button>
                                    <Button variant="ghost" onClick={() => void remove(rate).catch(() => undefined)}>
                                      {t('settings:remove')}
                                    </Button>
                                  </td>
                                )}
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      )}
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </FormSection>
      {canEdit && (
        <FormSection title={editing ? t('settings:currencies.editRate') : t('settings:currencies.addRate')} columns={3}>
          <Controller
            control={control}
            name="currency"
            render={({ field }) => (
              <Select<RatedCurrency>
                label={t('settings:currencies.fields.currency')}
                required
                value={field.value}
                onChange={field.onChange}
                options={currencyOptions}
                error={errors.currency?.message}
              />
            )}
          />
          <DateField
            label={t('settings:currencies.fields.effective_date')}
            required
            error={errors.effective_date?.message}
            {...register('effective_date')}
          />
          <TextField
            label={t('settings:currencies.fields.rate')}
            required
            inputMode="decimal"
            autoComplete="off"
            hint={t('settings:currencies.rateHint')}
            error={errors.rate?.message}
            {...register('rate')}
          />
          <div className="flex gap-2 sm:col-span-3">
            <Button disabled={isSubmitting} onClick={() => void save()}>
              {t('settings:save')}
            </Button>
            {editing && (
              <Button
                variant="secondary"
                onClick={() => {
                  setEditing(null);
                  reset(BLANK_RATE);
                }}
              >
                {t('settings:cancel')}
              </Button>
            )}
          </div>
        </FormSection>
      )}
      {confirmDialog}
    </div>
  );
}

function CompanyTab({ settings, canEdit }: { settings: SettingsView; canEdit: boolean }) {
  const { t } = useTranslation();
  const keys = useIdempotencyKeys();
  const form = useForm<CompanyDetailsInput, unknown, ValidCompanyDetailsInput>({
    resolver: zodResolver(companyDetailsInputSchema),
    defaultValues: settings.company as CompanyDetailsInput,
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  useEffect(() => reset(settings.company as CompanyDetailsInput), [settings.company, reset]);
  const countryOptions = COUNTRIES.map((country) => ({ value: country, label: t(`settings:countries.${country}`) }));
  const readOnly = !canEdit;

  const save = handleSubmit(async (input) => {
    try {
      await settingsApi.updateCompany(input, keys.keyFor('company', input));
      keys.done('company');
    } catch (error) {
      applyServerErrors(form as unknown as UseFormReturn<FieldValues, unknown, FieldValues>, error);
    }
  });

  const text = (name: keyof CompanyDetailsInput, required: boolean, inputMode?: 'numeric' | 'email') => (
    <TextField
      label={t(`settings:company.fields.${name}`)}
      required={required && !readOnly}
      disabled={readOnly}
      autoComplete="off"
      inputMode={inputMode}
      error={errors[name]?.message}
      {...register(name)}
    />
  );

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <FormSection title={t('settings:company.section')} description={t('settings:company.sectionHelp')}>
        {text('company_name', true)}
        {text('company_uen', true)}
        {text('gst_reg_no', false)}
        {text('address', true)}
        {text('postal_code', true, 'numeric')}
        <Controller
          control={control}
          name="country"
          render={({ field }) => (
            <Select<string>
              label={t('settings:company.fields.country')}
              required={!readOnly}
              disabled={readOnly}
              value={field.value}
              onChange={field.onChange}
              options={countryOptions}
              error={errors.country?.message}
            />
          )}
        />
        {text('phone', true, 'numeric')}
        {text('email', false, 'email')}
        {text('website', false)}
      </FormSection>
      {canEdit && (
        <div className="mt-4 flex gap-2">
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {t('settings:save')}
          </Button>
        </div>
      )}
    </form>
  );
}
