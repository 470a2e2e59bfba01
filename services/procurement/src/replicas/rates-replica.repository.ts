import { Injectable } from '@nestjs/common';
import { REFERENCE_CURRENCY } from '@scm/contracts';
import type { ExchangeRateDeleted, ExchangeRateSnapshot, SettingsSnapshot } from '@scm/contracts';
import { tombstoneReplicaRow, upsertReplicaRow } from '@scm/platform';
import type { EntityManager } from 'typeorm';

/** The GST rate options of catalog's settings, and which one is the default. */
export interface GstRates {
  gst_rates: { gst_rate_id: string; rate: string }[];
  default_gst_rate_id: string | null;
  default_gst_rate: string | null;
}

/**
 * Procurement's copy of catalog's company settings (GST rate options, company details for the printed PO) and
 * dated exchange rates (SPEC.md §9: how many units of a currency one USD buys from its effective date on).
 */
@Injectable()
export class RatesReplicaRepository {
  async upsertSettings(manager: EntityManager, settings: SettingsSnapshot): Promise<void> {
    await upsertReplicaRow(manager, 'company_settings_replica', ['settings_id'], {
      settings_id: 'company',
      gst_rates: settings.gst_rates,
      default_gst_rate_id: settings.default_gst_rate_id,
      default_gst_rate: settings.default_gst_rate,
      company: settings.company,
      revision: settings.revision,
      last_updated_time: settings.last_updated_time,
    });
  }

  async upsertExchangeRate(manager: EntityManager, rate: ExchangeRateSnapshot): Promise<void> {
    await upsertReplicaRow(manager, 'exchange_rate_replica', ['exchange_rate_id'], {
      exchange_rate_id: rate.exchange_rate_id,
      currency: rate.currency,
      effective_date: rate.effective_date,
      rate: rate.rate,
      revision: rate.revision,
      last_updated_time: rate.last_updated_time,
    });
  }

  async markExchangeRateDeleted(manager: EntityManager, deleted: ExchangeRateDeleted): Promise<void> {
    await tombstoneReplicaRow(
      manager,
      'exchange_rate_replica',
      { exchange_rate_id: deleted.exchange_rate_id },
      deleted.revision,
    );
  }

  async gstRates(manager: EntityManager): Promise<GstRates> {
    const [row] = await manager.query<GstRates[]>(
      `SELECT gst_rates, default_gst_rate_id, default_gst_rate::text AS default_gst_rate
         FROM company_settings_replica WHERE settings_id = 'company'`,
    );
    return row ?? { gst_rates: [], default_gst_rate_id: null, default_gst_rate: null };
  }

  /**
   * How many units of `currency` one USD buys on `date` (YYYY-MM-DD): the rate with the latest effective date on
   * or before it; '1' for USD; null when no rate is in effect yet.
   */
  async rateOn(manager: EntityManager, currency: string, date: string): Promise<string | null> {
    if (currency === REFERENCE_CURRENCY) return '1';
    const [row] = await manager.query<{ rate: string }[]>(
      `SELECT rate::text AS rate FROM exchange_rate_replica
        WHERE currency = $1 AND effective_date <= $2::date AND NOT deleted
        ORDER BY effective_date DESC LIMIT 1`,
      [currency, date],
    );
    return row?.rate ?? null;
  }

  async clear(manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM company_settings_replica');
    await manager.query('DELETE FROM exchange_rate_replica');
  }
}
