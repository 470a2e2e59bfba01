import { useTranslation } from 'react-i18next';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex h-40 items-center justify-center text-sm text-slate-500">
      {t('web:feedback.loading')}
    </div>
  );
}
