import { Menu, MenuButton, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import type { SessionUser } from '@scm/contracts';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../api/session';
import { DROPDOWN_ITEM, DROPDOWN_PANEL } from './header-styles';
import { Icon } from './icons';

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters =
    words.length === 1 ? [...(words[0] ?? '')].slice(0, 2) : [[...(words[0] ?? '')][0], [...(words.at(-1) ?? '')][0]];
  return letters.join('').toUpperCase();
}

/** SPEC.md §2 avatar menu: the user's name, role and email, and Log out. */
export function AvatarMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <Menu>
      <MenuButton
        aria-label={t('layout:avatar.label', { name: user.employee_name })}
        data-testid="avatar-menu"
        className="flex items-center gap-2 rounded-full py-1 pr-1 pl-1 transition-colors hover:bg-slate-100 focus:outline-none data-focus:ring-2 data-focus:ring-blue-500 data-open:bg-slate-100 md:rounded-lg md:pr-2"
      >
        <span className="flex h-8 w-8 items-center justify-center rounded-full bg-gradient-to-br from-blue-500 to-indigo-600 text-xs font-semibold text-white">
          {initials(user.employee_name)}
        </span>
        <span className="hidden max-w-[10rem] text-left leading-tight md:block">
          <span className="block truncate text-sm font-medium text-slate-800">{user.employee_name}</span>
          <span className="block truncate text-xs text-slate-500">{user.role.role_name}</span>
        </span>
        <Icon name="chevronDown" className="hidden h-4 w-4 text-slate-400 md:block" />
      </MenuButton>
      <MenuItems anchor="bottom end" transition className={`${DROPDOWN_PANEL} w-64`}>
        <MenuSection className="px-3 pt-2 pb-3">
          <p className="truncate font-semibold text-slate-900" data-testid="avatar-name">
            {user.employee_name}
          </p>
          <p className="truncate text-xs text-slate-500" data-testid="avatar-email">
            {user.email}
          </p>
          <p className="mt-2 inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
            <span className="sr-only">{t('layout:avatar.role')}</span>
            <span className="truncate" data-testid="avatar-role">
              {user.role.role_name}
            </span>
          </p>
        </MenuSection>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuItem>
          <button
            type="button"
            onClick={() => void signOut()}
            className={`${DROPDOWN_ITEM} data-focus:bg-red-50 data-focus:text-red-700`}
          >
            <Icon name="logout" className="h-4 w-4" />
            {t('layout:avatar.logout')}
          </button>
        </MenuItem>
        <p className="px-3 pt-1.5 pb-1 text-[0.65rem] text-slate-400">
          {t('layout:avatar.version', { version: __APP_VERSION__ })}
        </p>
      </MenuItems>
    </Menu>
  );
}
