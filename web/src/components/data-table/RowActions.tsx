import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/icons';
import type { RowAction } from './types';

/** A row's permitted actions: inline ones as icon buttons, the rest in a "more" menu. */
export function RowActions<Row>({ row, actions }: { row: Row; actions: RowAction<Row>[] }) {
  const { t } = useTranslation();
  const shown = actions.filter((action) => action.visible?.(row) ?? true);
  const menu = shown.filter((action) => !action.inline);
  return (
    <div className="flex items-center justify-end gap-0.5">
      {actions
        .filter((action) => action.inline)
        .map((action) =>
          shown.includes(action) ? (
            <button
              key={action.id}
              type="button"
              title={action.label}
              aria-label={action.label}
              data-action={action.id}
              onClick={() => void action.onClick(row)}
              className={`rounded-md p-1.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${action.tone === 'danger' ? 'text-red-600 hover:bg-red-50' : 'text-slate-500 hover:bg-slate-100 hover:text-blue-700'}`}
            >
              <Icon name={action.icon ?? 'chevronRight'} />
            </button>
          ) : (
            // Keeps the icons of every row in the same columns when a row lacks one (e.g. no edit when archived).
            <span key={action.id} aria-hidden="true" className="inline-block h-7 w-7" />
          ),
        )}
      {menu.length > 0 && (
        <Menu>
          <MenuButton
            aria-label={t('kit:table.moreActions')}
            data-testid="row-menu"
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus:outline-none data-focus:ring-2 data-focus:ring-blue-500 data-open:bg-slate-100"
          >
            <Icon name="more" className="h-4 w-4" strokeWidth={3} />
          </MenuButton>
          <MenuItems
            anchor={{ to: 'bottom end', gap: 4 }}
            transition
            className="z-50 min-w-40 rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-900/10 transition duration-100 focus:outline-none data-closed:opacity-0"
          >
            {menu.map((action) => (
              <MenuItem key={action.id}>
                <button
                  type="button"
                  data-action={action.id}
                  onClick={() => void action.onClick(row)}
                  className={`flex w-full items-center gap-2 px-3 py-1.5 text-left ${action.tone === 'danger' ? 'text-red-600 data-focus:bg-red-50' : 'text-slate-700 data-focus:bg-blue-50 data-focus:text-blue-800'}`}
                >
                  {action.icon && <Icon name={action.icon} />}
                  {action.label}
                </button>
              </MenuItem>
            ))}
          </MenuItems>
        </Menu>
      )}
    </div>
  );
}
