import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { CURRENCIES, CatalogSubjects, REFERENCE_CURRENCY, toFixedScale } from '@scm/contracts';
import type {
  CompanyDetails,
  Country,
  CurrencyView,
  ExchangeRateLookup,
  ExchangeRateOnDate,
  ExchangeRateSnapshot,
  ExchangeRateView,
  RatedCurrency,
  SettingsSnapshot,
  SettingsView,
  ValidCompanyDetailsInput,
  ValidDefaultGstRateInput,
  ValidExchangeRateInput,
  ValidGstRateInput,
} from '@scm/contracts';
import { EventPublisher, currentContext, isUniqueViolation, stampChange } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { ExchangeRateEntity, GstRateEntity, SettingsEntity } from './settings.entity.js';
import { SettingsException } from './settings.exception.js';
import { SettingsRepository } from './settings.repository.js';

/** Today as `YYYY-MM-DD` (UTC): the date "the current rate" is read on. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Settings (SPEC.md §2 /settings, §9): GST rate options with one default, company details, and dated
 * exchange rates against USD. Every change and its event commit together (outbox): GST and company changes
 * publish the full settings snapshot with the settings revision; each exchange rate has its own revision.
 */
@Injectable()
export class SettingsService implements OnApplicationBootstrap {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly events: EventPublisher,
  ) {}

  /**
   * Announces the settings the replicas have not heard of: the row seeded by migration (revision 1) publishes
   * nothing by itself, so a fresh install's procurement would price GST at 0 % until someone edited the settings.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.settings.transaction(async (manager) => {
      const settings = await this.settings.settingsForUpdate(manager);
      if (settings.announced_revision >= settings.revision) return;
      await this.publishSnapshot(manager, settings);
      await this.settings.saveSettings(manager, settings);
    });
  }

  async get(): Promise<SettingsView> {
    const manager = this.settings.manager;
    return this.view(await this.settings.settings(manager), await this.settings.gstRates(manager));
  }

  async addGstRate(input: ValidGstRateInput): Promise<SettingsView> {
    try {
      return await this.changeSettings(async (manager) => {
        const rate: GstRateEntity = { gst_rate_id: randomUUID(), rate: input.rate, created_time: new Date() };
        await this.settings.insertGstRate(manager, rate);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw SettingsException.gstRateDuplicate();
      throw error;
    }
  }

  removeGstRate(gstRateId: string): Promise<SettingsView> {
    return this.changeSettings(async (manager, settings) => {
      const rate = await this.settings.findGstRate(manager, gstRateId);
      if (!rate) throw SettingsException.gstRateNotFound();
      if (settings.default_gst_rate_id === gstRateId) throw SettingsException.gstRateIsDefault();
      await this.settings.deleteGstRate(manager, gstRateId);
    });
  }

  setDefaultGstRate(input: ValidDefaultGstRateInput): Promise<SettingsView> {
    return this.changeSettings(async (manager, settings) => {
      const rate = await this.settings.findGstRate(manager, input.gst_rate_id);
      if (!rate) throw SettingsException.gstRateNotFound();
      settings.default_gst_rate_id = rate.gst_rate_id;
    });
  }

  updateCompany(input: ValidCompanyDetailsInput): Promise<SettingsView> {
    return this.changeSettings((_manager, settings) => {
      Object.assign(settings, input);
      return Promise.resolve();
    });
  }

  /** Every supported currency (USD first, always 1) with the rate in effect today and its history. */
  async currencies(): Promise<CurrencyView[]> {
    const rates = (await this.settings.exchangeRates()).map((rate) => this.rateView(rate));
    const day = today();
    return CURRENCIES.map((currency): CurrencyView => {
      if (currency === REFERENCE_CURRENCY) {
        return { currency, is_reference: true, current_rate: '1.000000', current_effective_date: null, history: [] };
      }
      const history = rates.filter((rate) => rate.currency === currency);
      const current = history.find((rate) => rate.effective_date <= day) ?? null;
      return {
        currency,
        is_reference: false,
        current_rate: current?.rate ?? null,
        current_effective_date: current?.effective_date ?? null,
        history,
      };
    });
  }

  /** The rate of a currency on a date: the latest effective_date on or before it (USD is always 1). */
  async rateOn(lookup: ExchangeRateLookup): Promise<ExchangeRateOnDate> {
    if (lookup.currency === REFERENCE_CURRENCY) {
      return { currency: lookup.currency, date: lookup.date, rate: toFixedScale('1', 6), effective_date: null };
    }
    const rate = await this.settings.rateOnDate(lookup.currency, lookup.date);
    if (!rate) throw SettingsException.noRateOnDate();
    return { currency: lookup.currency, date: lookup.date, rate: rate.rate, effective_date: rate.effective_date };
  }

  async createExchangeRate(input: ValidExchangeRateInput): Promise<ExchangeRateView> {
    const now = new Date();
    const actor = currentContext()?.actor ?? null;
    const rate: ExchangeRateEntity = {
      exchange_rate_id: randomUUID(),
      currency: input.currency,
      effective_date: input.effective_date,
      rate: input.rate,
      revision: 1,
      created_time: now,
      last_updated_time: now,
      created_by: actor,
      last_updated_by: actor,
    };
    await this.writeRate(async (manager) => {
      await this.settings.insertExchangeRate(manager, rate);
      await this.publishRate(manager, rate);
    });
    return this.rateView(rate);
  }

  updateExchangeRate(exchangeRateId: string, input: ValidExchangeRateInput): Promise<ExchangeRateView> {
    return this.writeRate(async (manager) => {
      const rate = await this.settings.findExchangeRateForUpdate(manager, exchangeRateId);
      if (!rate) throw SettingsException.exchangeRateNotFound();
      rate.currency = input.currency;
      rate.effective_date = input.effective_date;
      rate.rate = input.rate;
      stampChange(rate);
      await this.settings.saveExchangeRate(manager, rate);
      await this.publishRate(manager, rate);
      return this.rateView(rate);
    });
  }

  async deleteExchangeRate(exchangeRateId: string): Promise<void> {
    await this.writeRate(async (manager) => {
      const rate = await this.settings.findExchangeRateForUpdate(manager, exchangeRateId);
      if (!rate) throw SettingsException.exchangeRateNotFound();
      await this.settings.deleteExchangeRate(manager, exchangeRateId);
      await this.events.publish(manager, CatalogSubjects.ExchangeRateDeleted, {
        exchange_rate_id: rate.exchange_rate_id,
        currency: rate.currency,
        effective_date: rate.effective_date,
        revision: rate.revision + 1,
      });
    });
  }

  /** Locks the settings row, applies `mutate`, bumps the revision and publishes the full snapshot. */
  private changeSettings(
    mutate: (manager: EntityManager, settings: SettingsEntity) => Promise<void>,
  ): Promise<SettingsView> {
    return this.settings.transaction(async (manager) => {
      const settings = await this.settings.settingsForUpdate(manager);
      await mutate(manager, settings);
      stampChange(settings);
      const view = await this.publishSnapshot(manager, settings);
      await this.settings.saveSettings(manager, settings);
      return view;
    });
  }

  /** Publishes the full snapshot of `settings` (in the caller's transaction) and marks its revision announced. */
  private async publishSnapshot(manager: EntityManager, settings: SettingsEntity): Promise<SettingsView> {
    const view = this.view(settings, await this.settings.gstRates(manager));
    const snapshot: SettingsSnapshot = {
      gst_rates: view.gst_rates.map(({ gst_rate_id, rate }) => ({ gst_rate_id, rate })),
      default_gst_rate_id: view.default_gst_rate_id,
      default_gst_rate: view.default_gst_rate,
      company: view.company,
      revision: view.revision,
      last_updated_time: view.last_updated_time,
    };
    await this.events.publish(manager, CatalogSubjects.SettingsUpdated, snapshot);
    settings.announced_revision = settings.revision;
    return view;
  }

  /** A transaction whose (currency, effective_date) violation becomes the translated duplicate error. */
  private async writeRate<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.settings.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw SettingsException.exchangeRateDuplicate();
      throw error;
    }
  }

  private async publishRate(manager: EntityManager, rate: ExchangeRateEntity): Promise<void> {
    const snapshot: ExchangeRateSnapshot = {
      exchange_rate_id: rate.exchange_rate_id,
      currency: rate.currency,
      effective_date: rate.effective_date,
      rate: rate.rate,
      revision: rate.revision,
      last_updated_time: rate.last_updated_time.toISOString(),
    };
    await this.events.publish(manager, CatalogSubjects.ExchangeRateUpserted, snapshot);
  }

  private view(settings: SettingsEntity, rates: GstRateEntity[]): SettingsView {
    const gstRates = rates.map((rate) => ({
      gst_rate_id: rate.gst_rate_id,
      rate: toFixedScale(rate.rate, 2),
      is_default: rate.gst_rate_id === settings.default_gst_rate_id,
    }));
    const company: CompanyDetails = {
      company_name: settings.company_name,
      company_uen: settings.company_uen,
      gst_reg_no: settings.gst_reg_no,
      address: settings.address,
      postal_code: settings.postal_code,
      country: settings.country as Country | '',
      phone: settings.phone,
      email: settings.email,
      website: settings.website,
    };
    return {
      gst_rates: gstRates,
      default_gst_rate_id: settings.default_gst_rate_id,
      default_gst_rate: gstRates.find((rate) => rate.is_default)?.rate ?? '',
      company,
      revision: settings.revision,
      last_updated_time: settings.last_updated_time.toISOString(),
      last_updated_by: settings.last_updated_by,
    };
  }

  private rateView(rate: ExchangeRateEntity): ExchangeRateView {
    return {
      exchange_rate_id: rate.exchange_rate_id,
      currency: rate.currency as RatedCurrency,
      effective_date: rate.effective_date,
      rate: toFixedScale(rate.rate, 6),
      created_time: rate.created_time.toISOString(),
      last_updated_time: rate.last_updated_time.toISOString(),
      created_by: rate.created_by,
      last_updated_by: rate.last_updated_by,
    };
  }
}
