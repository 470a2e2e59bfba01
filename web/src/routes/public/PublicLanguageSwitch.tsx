import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../i18n';
import type { Language } from '../../i18n';

const OPTIONS: { language: Language; label: string }[] = [
  { language: 'en', label: 'layout:language.en' },
  { language: 'zh-CN', label: 'layout:language.zhCN' },
];

/**
 * The language choice of the pages shown without the layout (sign-in, not found): the browser's language first,
 * a choice made here (or in the header's menu) remembered, as everywhere else (SPEC.md §1).
 */
export function PublicLanguageSwitch({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <div role="group" aria-label={t('layout:language.label')} className={`flex gap-1 text-xs ${className}`}>
      {OPTIONS.map((option) => (
        <button
          key={option.language}
          type="button"
          lang={option.language}
          aria-pressed={option.language === active}
          onClick={() => void changeLanguage(option.language)}
          className={`rounded px-2 py-1 font-medium ${option.language === active ? 'bg-blue-50 text-blue-800' : 'text-slate-500 hover:text-slate-800'}`}
        >
          {t(option.label)}
        </button>
      ))}
    </div>
  );
}
