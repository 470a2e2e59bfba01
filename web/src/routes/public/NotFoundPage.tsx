import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PublicLanguageSwitch } from './PublicLanguageSwitch';

/** SPEC.md §2: titled "Page Not Found", heading OOPS!, a link back. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('routes:notFound')} - ${t('web:app.title')}`;
  }, [t]);
  return (
    <main className="relative flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 p-8 text-center">
      <PublicLanguageSwitch className="absolute top-4 right-4" />
      <h1 className="text-6xl font-bold text-blue-800">{t('web:notFound.heading')}</h1>
      <p className="text-lg text-slate-700">{t('web:notFound.message')}</p>
      <Link to="/" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
        {t('web:notFound.back')}
      </Link>
    </main>
  );
}
