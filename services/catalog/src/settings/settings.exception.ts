import { CatalogErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';

export class SettingsException extends AppException {
  static gstRateNotFound(): SettingsException {
    return new SettingsException(CatalogErrorCode.GST_RATE_NOT_FOUND);
  }

  static gstRateDuplicate(): SettingsException {
    return new SettingsException(CatalogErrorCode.GST_RATE_DUPLICATE, {}, [
      { field: 'rate', rule: `errors.${CatalogErrorCode.GST_RATE_DUPLICATE}` },
    ]);
  }

  static gstRateIsDefault(): SettingsException {
    return new SettingsException(CatalogErrorCode.GST_RATE_IS_DEFAULT);
  }

  static exchangeRateNotFound(): SettingsException {
    return new SettingsException(CatalogErrorCode.EXCHANGE_RATE_NOT_FOUND);
  }

  static exchangeRateDuplicate(): SettingsException {
    return new SettingsException(CatalogErrorCode.EXCHANGE_RATE_DUPLICATE, {}, [
      { field: 'effective_date', rule: `errors.${CatalogErrorCode.EXCHANGE_RATE_DUPLICATE}` },
    ]);
  }

  static noRateOnDate(): SettingsException {
    return new SettingsException(CatalogErrorCode.EXCHANGE_RATE_NONE_ON_DATE);
  }
}
