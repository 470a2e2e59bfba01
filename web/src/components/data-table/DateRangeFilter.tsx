import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_SHORTCUTS } from '../../lib/date-shortcuts';
import { parseDay } from '../ui/calendar-days';
import { DateInput } from '../ui/DateField';
import { Icon } from '../ui/icons';
import { dateRangeOf } from './table-state';
import type { DateRangeValue } from './types';

/**
 * One end of the range, typed as YYYY-MM-DD or picked: the filter changes only on a whole valid day (or an
 * emptied field), so a half-typed date never reaches the query.
 */
function RangeEnd({
  label,
  value,
  min,
  max,
  onCommit,
}: {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onCommit: (value: string | undefined) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // The range changed from outside (a shortcut, Clear): show it.
    setShown(value);
    setText(value ?? '');
  }
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <DateInput
        id={id}
        value={text}
        min={min}
        max={max}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (next === '') onCommit(undefined);
          else if (parseDay(next)) onCommit(next);
        }}
      />
    </div>
  );
}

/** A date-range filter: SPEC.md §9's shortcuts on the left, explicit From / To days on the right. */
export function DateRangeFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: DateRangeValue | undefined;
  onChange: (value: DateRangeValue | undefined) => void;
}) {
  const { t } = useTranslation();
  const range = value ? dateRangeOf(value) : {};
  const summary = value?.shortcut
    ? t(`kit:dateShortcuts.${value.shortcut}`)
    : range.from || range.to
      ? `${range.from ?? '…'} → ${range.to ?? '…'}`
      : t('kit:filter.anyTime');
  const active = Boolean(value?.shortcut || range.from || range.to);
  return (
    <div>
      <span className="mb-1 block text-xs font-medium text-slate-600">{label}</span>
      <Popover className="relative">
        <PopoverButton
          className={`flex h-9 w-full items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-left text-sm shadow-xs focus:outline-none data-focus:ring-2 data-focus:ring-blue-500 ${active ? 'text-slate-800' : 'text-slate-400'}`}
          aria-label={`${label}: ${summary}`}
        >
          <Icon name="calendar" className="h-4 w-4 text-slate-400" />
          <span className="flex-1 truncate">{summary}</span>
          <Icon name="chevronDown" className="h-4 w-4 text-slate-400" />
        </PopoverButton>
        <PopoverPanel
          anchor={{ to: 'bottom start', gap: 4 }}
          transition
          className="z-50 flex w-[26rem] max-w-[calc(100vw-2rem)] rounded-lg bg-white text-sm shadow-lg ring-1 ring-slate-900/10 transition duration-100 data-closed:opacity-0"
        >
          {({ close }) => (
            <>
              <ul
                className="w-40 shrink-0 overflow-y-auto border-r border-slate-100 py-1"
                aria-label={t('kit:filter.shortcuts')}
              >
                {DATE_SHORTCUTS.map((shortcut) => (
                  <li key={shortcut}>
                    <button
                      type="button"
                      onClick={() => {
                        onChange({ shortcut });
                        close();
                      }}
                      className={`w-full px-3 py-1.5 text-left hover:bg-blue-50 hover:text-blue-800 ${value?.shortcut === shortcut ? 'font-medium text-blue-700' : 'text-slate-700'}`}
                    >
                      {t(`kit:dateShortcuts.${shortcut}`)}
                    </button>
                  </li>
                ))}
              </ul>
              <div className="flex flex-1 flex-col gap-3 p-3">
                <RangeEnd
                  label={t('kit:filter.from')}
                  value={range.from}
                  max={range.to}
                  onCommit={(from) => onChange({ from, to: range.to })}
                />
                <RangeEnd
                  label={t('kit:filter.to')}
                  value={range.to}
                  min={range.from}
                  onCommit={(to) => onChange({ from: range.from, to })}
                />
                <div className="mt-auto flex justify-between gap-2">
                  <button
                    type="button"
                    className="text-sm text-slate-500 hover:text-slate-800"
                    onClick={() => {
                      onChange(undefined);
                      close();
                    }}
                  >
                    {t('kit:filter.clear')}
                  </button>
                  <button
                    type="button"
                    className="rounded-md bg-blue-700 px-3 py-1 text-sm font-medium text-white hover:bg-blue-800"
                    onClick={() => close()}
                  >
                    {t('kit:filter.done')}
                  </button>
                </div>
              </div>
            </>
          )}
        </PopoverPanel>
      </Popover>
    </div>
  );
}
