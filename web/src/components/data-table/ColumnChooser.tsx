import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../ui/Checkbox';
import { Icon } from '../ui/icons';
import type { Column } from './types';

/** Show or hide columns; the choice is remembered per table. At least one column stays visible. */
export function ColumnChooser<Row>({
  columns,
  hidden,
  onChange,
  defaults,
}: {
  columns: Column<Row>[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
  defaults: string[];
}) {
  const { t } = useTranslation();
  const hideable = columns.filter((column) => column.hideable !== false);
  const visibleCount = columns.length - hidden.length;
  return (
    <Popover className="relative">
      <PopoverButton
        className="inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus:outline-none data-focus:ring-2 data-focus:ring-blue-500"
        data-testid="column-chooser"
      >
        <Icon name="columns" />
        <span className="hidden sm:inline">{t('kit:table.columns')}</span>
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 4 }}
        transition
        className="z-50 w-60 rounded-lg bg-white p-3 shadow-lg ring-1 ring-slate-900/10 transition duration-100 data-closed:opacity-0"
      >
        <p className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {t('kit:table.showColumns')}
        </p>
        <div className="max-h-72 space-y-2 overflow-y-auto">
          {hideable.map((column) => {
            const shown = !hidden.includes(column.id);
            return (
              <Checkbox
                key={column.id}
                label={column.header}
                checked={shown}
                disabled={shown && visibleCount <= 1}
                onChange={(checked) =>
                  onChange(checked ? hidden.filter((id) => id !== column.id) : [...hidden, column.id])
                }
              />
            );
          })}
        </div>
        <div className="mt-3 border-t border-slate-100 pt-2 text-right">
          <button
            type="button"
            className="text-sm font-medium text-blue-700 hover:underline"
            onClick={() => onChange(defaults)}
          >
            {t('kit:table.resetColumns')}
          </button>
        </div>
      </PopoverPanel>
    </Popover>
  );
}
