import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** /confirm: the landing page of a confirmation link (e.g. a supplier confirming a purchase order). */
export default function ConfirmPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 p-8 text-center">
      <h1 className="text-2xl font-semibold text-slate-800">{t('web:confirm.title')}</h1>
      <p className="text-slate-600">{t('web:confirm.body')}</p>
      <Link to="/" className="text-sm text-blue-700 underline">
        {t('web:notFound.back')}
      </Link>
    </main>
  );
}
