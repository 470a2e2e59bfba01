import type {
  CompanyDetailsInput,
  CurrencyView,
  ExchangeRateInput,
  ExchangeRateView,
  GstRateInput,
  SettingsView,
} from '@scm/contracts';
import useSWR, { mutate } from 'swr';
import { api } from './client';

const BASE = '/api/catalog/settings';
const SETTINGS_KEY = ['settings'] as const;
const CURRENCIES_KEY = ['settings', 'currencies'] as const;

/** Forms handle field errors themselves: `silent` keeps the warning dialog away. */
const formOptions = (idempotencyKey: string) => ({ idempotencyKey, silent: true, success: true, loading: true });
/** Row actions: a refusal (e.g. removing the default rate) shows in the warning dialog. */
const actionOptions = (idempotencyKey: string) => ({ idempotencyKey, success: true, loading: true });

async function settingsChanged(view: SettingsView): Promise<SettingsView> {
  await mutate(SETTINGS_KEY, view, { revalidate: false });
  return view;
}

/** The calls of /settings (SPEC.md §2, key SETTING): GST rates, company details, exchange rates. */
export const settingsApi = {
  useSettings() {
    return useSWR<SettingsView, Error>(SETTINGS_KEY, async () => (await api.get<SettingsView>(BASE)).data);
  },

  useCurrencies() {
    return useSWR<CurrencyView[], Error>(
      CURRENCIES_KEY,
      async () => (await api.get<CurrencyView[]>(`${BASE}/currencies`)).data ?? [],
    );
  },

  async addGstRate(input: GstRateInput, idempotencyKey: string): Promise<SettingsView> {
    return settingsChanged(
      (await api.post<SettingsView>(`${BASE}/gst-rates`, input, formOptions(idempotencyKey))).data,
    );
  },

  async setDefaultGstRate(gstRateId: string, idempotencyKey: string): Promise<SettingsView> {
    const body = { gst_rate_id: gstRateId };
    return settingsChanged(
      (await api.put<SettingsView>(`${BASE}/gst-rates/default`, body, actionOptions(idempotencyKey))).data,
    );
  },

  async removeGstRate(gstRateId: string, idempotencyKey: string): Promise<SettingsView> {
    const path = `${BASE}/gst-rates/${encodeURIComponent(gstRateId)}`;
    return settingsChanged((await api.delete<SettingsView>(path, actionOptions(idempotencyKey))).data);
  },

  async updateCompany(input: CompanyDetailsInput, idempotencyKey: string): Promise<SettingsView> {
    return settingsChanged((await api.put<SettingsView>(`${BASE}/company`, input, formOptions(idempotencyKey))).data);
  },

  async saveExchangeRate(
    id: string | null,
    input: ExchangeRateInput,
    idempotencyKey: string,
  ): Promise<ExchangeRateView> {
    const saved = id
      ? await api.put<ExchangeRateView>(
          `${BASE}/exchange-rates/${encodeURIComponent(id)}`,
          input,
          formOptions(idempotencyKey),
        )
      : await api.post<ExchangeRateView>(`${BASE}/exchange-rates`, input, formOptions(idempotencyKey));
    await mutate(CURRENCIES_KEY);
    return saved.data;
  },

  async deleteExchangeRate(id: string, idempotencyKey: string): Promise<void> {
    await api.delete<null>(`${BASE}/exchange-rates/${encodeURIComponent(id)}`, actionOptions(idempotencyKey));
    await mutate(CURRENCIES_KEY);
  },
};
