import { Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  companyDetailsInputSchema,
  defaultGstRateInputSchema,
  exchangeRateInputSchema,
  exchangeRateLookupSchema,
  gstRateInputSchema,
} from '@scm/contracts';
import type {
  CurrencyView,
  ExchangeRateLookup,
  ExchangeRateOnDate,
  ExchangeRateView,
  SettingsView,
  ValidCompanyDetailsInput,
  ValidDefaultGstRateInput,
  ValidExchangeRateInput,
  ValidGstRateInput,
} from '@scm/contracts';
import { IdParam, Permission, ServiceController, SuccessMessage, ValidBody, ZodValidationPipe } from '@scm/platform';
import { SettingsService } from './settings.service.js';

/** Settings (SPEC.md §2 /settings, key SETTING): GST rates, exchange rates, company details. */
@ServiceController('catalog/settings', 'catalog: settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @Permission('SETTING', 'view')
  get(): Promise<SettingsView> {
    return this.settings.get();
  }

  @Post('gst-rates')
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.created')
  addGstRate(@ValidBody(gstRateInputSchema) input: ValidGstRateInput): Promise<SettingsView> {
    return this.settings.addGstRate(input);
  }

  @Put('gst-rates/default')
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.updated')
  setDefaultGstRate(@ValidBody(defaultGstRateInputSchema) input: ValidDefaultGstRateInput): Promise<SettingsView> {
    return this.settings.setDefaultGstRate(input);
  }

  @Delete('gst-rates/:id')
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.deleted')
  removeGstRate(@IdParam() gstRateId: string): Promise<SettingsView> {
    return this.settings.removeGstRate(gstRateId);
  }

  @Put('company')
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.updated')
  updateCompany(@ValidBody(companyDetailsInputSchema) input: ValidCompanyDetailsInput): Promise<SettingsView> {
    return this.settings.updateCompany(input);
  }

  @Get('currencies')
  @Permission('SETTING', 'view')
  currencies(): Promise<CurrencyView[]> {
    return this.settings.currencies();
  }

  /** `?currency=SGD&date=2025-01-31`: the rate in effect on that date. */
  @Get('exchange-rates/on-date')
  @Permission('SETTING', 'view')
  rateOn(
    @Query(new ZodValidationPipe(exchangeRateLookupSchema)) lookup: ExchangeRateLookup,
  ): Promise<ExchangeRateOnDate> {
    return this.settings.rateOn(lookup);
  }

  @Post('exchange-rates')
  @HttpCode(201)
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.created')
  createExchangeRate(@ValidBody(exchangeRateInputSchema) input: ValidExchangeRateInput): Promise<ExchangeRateView> {
    return this.settings.createExchangeRate(input);
  }

  @Put('exchange-rates/:id')
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.updated')
  updateExchangeRate(
    @IdParam() exchangeRateId: string,
    @ValidBody(exchangeRateInputSchema) input: ValidExchangeRateInput,
  ): Promise<ExchangeRateView> {
    return this.settings.updateExchangeRate(exchangeRateId, input);
  }

  @Delete('exchange-rates/:id')
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.deleted')
  async deleteExchangeRate(@IdParam() exchangeRateId: string): Promise<null> {
    await this.settings.deleteExchangeRate(exchangeRateId);
    return null;
  }
}
