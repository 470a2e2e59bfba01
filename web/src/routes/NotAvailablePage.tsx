import { useTranslation } from 'react-i18next';

/** A route of the product whose page is not built yet: reachable and guarded, and says so plainly. */
export default function NotAvailablePage() {
  const { t } = useTranslation();
  return (
    <section
      className="mx-auto mt-16 max-w-lg rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center"
      data-testid="not-available"
    >
      <h1 className="text-lg font-semibold text-slate-800">{t('web:notAvailable.title')}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('web:notAvailable.body')}</p>
    </section>
  );
}
