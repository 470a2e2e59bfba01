import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store';
import { SIZES, setSize, size as sizeStore } from '../../state/preferences';
import { DROPDOWN_ITEM, DROPDOWN_PANEL, HEADER_BUTTON } from './header-styles';
import { Icon } from './icons';

/** SPEC.md §2 size switch: default, medium, small, mini; remembered in browser storage. */
export function SizeMenu() {
  const { t } = useTranslation();
  const current = useStore(sizeStore);
  return (
    <Menu>
      <MenuButton
        aria-label={t('layout:size.label')}
        title={t('layout:size.label')}
        className={HEADER_BUTTON}
        data-testid="size-menu"
      >
        <Icon name="textSize" className="h-[1.15rem] w-[1.15rem]" />
      </MenuButton>
      <MenuItems anchor="bottom end" transition className={`${DROPDOWN_PANEL} w-40`}>
        {SIZES.map((option) => (
          <MenuItem key={option}>
            <button
              type="button"
              onClick={() => setSize(option)}
              aria-current={option === current ? 'true' : undefined}
              className={DROPDOWN_ITEM}
            >
              <span className="flex-1">{t(`layout:size.${option}`)}</span>
              {option === current && <Icon name="check" className="h-4 w-4 text-blue-600" />}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
