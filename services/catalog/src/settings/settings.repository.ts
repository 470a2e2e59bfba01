import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE, inTransaction } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { ExchangeRateEntity, GstRateEntity, SettingsEntity } from './settings.entity.js';

const SETTINGS_ID = 1;

@Injectable()
export class SettingsRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** A transaction of its own, or the enclosing unit of work's (see `inTransaction`). */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return inTransaction(this.dataSource, work);
  }

  async settings(manager: EntityManager = this.dataSource.manager): Promise<SettingsEntity> {
    return manager.getRepository(SettingsEntity).findOneByOrFail({ settings_id: SETTINGS_ID });
  }

  /** Locks the settings row: GST and company changes apply one after the other, each with its revision. */
  settingsForUpdate(manager: EntityManager): Promise<SettingsEntity> {
    return manager
      .getRepository(SettingsEntity)
      .createQueryBuilder('s')
      .setLock('pessimistic_write')
      .where('s.settings_id = :id', { id: SETTINGS_ID })
      .getOneOrFail();
  }

  async saveSettings(manager: EntityManager, settings: SettingsEntity): Promise<void> {
    await manager.getRepository(SettingsEntity).save(settings);
  }

  gstRates(manager: EntityManager = this.dataSource.manager): Promise<GstRateEntity[]> {
    return manager.getRepository(GstRateEntity).find({ order: { rate: 'ASC' } });
  }

  findGstRate(manager: EntityManager, gstRateId: string): Promise<GstRateEntity | null> {
    return manager.getRepository(GstRateEntity).findOneBy({ gst_rate_id: gstRateId });
  }

  async insertGstRate(manager: EntityManager, rate: GstRateEntity): Promise<void> {
    await manager.getRepository(GstRateEntity).insert(rate);
  }

  async deleteGstRate(manager: EntityManager, gstRateId: string): Promise<void> {
    await manager.getRepository(GstRateEntity).delete({ gst_rate_id: gstRateId });
  }

  /** Every dated rate, newest effective date first within each currency. */
  exchangeRates(manager: EntityManager = this.dataSource.manager): Promise<ExchangeRateEntity[]> {
    return manager.getRepository(ExchangeRateEntity).find({ order: { currency: 'ASC', effective_date: 'DESC' } });
  }

  findExchangeRate(manager: EntityManager, exchangeRateId: string): Promise<ExchangeRateEntity | null> {
    return manager.getRepository(ExchangeRateEntity).findOneBy({ exchange_rate_id: exchangeRateId });
  }

  findExchangeRateForUpdate(manager: EntityManager, exchangeRateId: string): Promise<ExchangeRateEntity | null> {
    return manager
      .getRepository(ExchangeRateEntity)
      .createQueryBuilder('x')
      .setLock('pessimistic_write')
      .where('x.exchange_rate_id = :exchangeRateId', { exchangeRateId })
      .getOne();
  }

  /** The rate in effect on `date`: the latest effective_date on or before it. */
  rateOnDate(currency: string, date: string): Promise<ExchangeRateEntity | null> {
    return this.dataSource.manager
      .getRepository(ExchangeRateEntity)
      .createQueryBuilder('x')
      .where('x.currency = :currency AND x.effective_date <= :date', { currency, date })
      .orderBy('x.effective_date', 'DESC')
      .limit(1)
      .getOne();
  }

  async insertExchangeRate(manager: EntityManager, rate: ExchangeRateEntity): Promise<void> {
    await manager.getRepository(ExchangeRateEntity).insert(rate);
  }

  async saveExchangeRate(manager: EntityManager, rate: ExchangeRateEntity): Promise<void> {
    await manager.getRepository(ExchangeRateEntity).save(rate);
  }

  async deleteExchangeRate(manager: EntityManager, exchangeRateId: string): Promise<void> {
    await manager.getRepository(ExchangeRateEntity).delete({ exchange_rate_id: exchangeRateId });
  }
}
