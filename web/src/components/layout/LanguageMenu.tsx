import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { changeLanguage, currentLanguage } from '../../i18n';
import type { Language } from '../../i18n';
import { showSuccess } from '../../state/feedback';
import { DROPDOWN_ITEM, DROPDOWN_PANEL, HEADER_BUTTON } from './header-styles';
import { Icon } from './icons';

const OPTIONS: { language: Language; label: string; short: string }[] = [
  { language: 'en', label: 'layout:language.en', short: 'layout:language.enShort' },
  { language: 'zh-CN', label: 'layout:language.zhCN', short: 'layout:language.zhCNShort' },
];

/**
 * SPEC.md §1 language switch: leave the page (for /404 from the dashboard, else the root), come back to it,
 * set the language (and with it the page title) and say "Switch Language Success". The caller hides the menu
 * from restricted RJ users.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const active = currentLanguage();

  const switchTo = async (language: Language) => {
    if (language === currentLanguage()) return;
    const back = location.pathname + location.search + location.hash;
    void navigate(location.pathname === '/dashboard' ? '/404' : '/', { replace: true });
    await changeLanguage(language);
    void navigate(back, { replace: true });
    showSuccess(i18n.t('layout:language.switched'));
  };

  return (
    <Menu>
      <MenuButton
        aria-label={t('layout:language.label')}
        title={t('layout:language.label')}
        className={HEADER_BUTTON}
        data-testid="language-menu"
      >
        <Icon name="globe" className="h-[1.15rem] w-[1.15rem]" />
        <span className="hidden text-xs font-semibold md:inline">
          {t(OPTIONS.find((option) => option.language === active)!.short)}
        </span>
      </MenuButton>
      <MenuItems anchor="bottom end" transition className={`${DROPDOWN_PANEL} w-40`}>
        {OPTIONS.map((option) => (
          <MenuItem key={option.language}>
            <button
              type="button"
              lang={option.language}
              onClick={() => void switchTo(option.language)}
              className={DROPDOWN_ITEM}
            >
              <span className="flex-1">{t(option.label)}</span>
              {option.language === active && <Icon name="check" className="h-4 w-4 text-blue-600" />}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
