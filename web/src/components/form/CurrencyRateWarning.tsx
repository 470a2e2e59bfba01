import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCan } from '../../lib/permissions';
import { Icon } from '../ui/icons';

/**
 * Shown under a currency select when the chosen currency has no exchange rate in effect today: prices in it
 * cannot be converted to USD (SPEC.md §9, the reference currency), so saving would be refused. Names the currency
 * and links to Settings for a user who may add the rate.
 */
export function CurrencyRateWarning({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <span
      role="alert"
      data-testid="currency-rate-warning"
      className="mt-1 flex items-start gap-1.5 rounded-md bg-amber-50 px-2 py-1.5 text-xs text-amber-900 ring-1 ring-amber-200"
    >
      <Icon name="alert" className="mt-px h-3.5 w-3.5 shrink-0 text-amber-600" />
      <span>
        {t('kit:currencyRate.missing', { currency })}{' '}
        {can('SETTING', 'edit') ? (
          <Link to="/settings" className="font-medium text-amber-900 underline hover:text-amber-700">
            {t('kit:currencyRate.addInSettings')}
          </Link>
        ) : (
          t('kit:currencyRate.askAdministrator')
        )}
      </span>
    </span>
  );
}
