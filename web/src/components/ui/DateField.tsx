import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { forwardRef, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { InputHTMLAttributes, KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addDays,
  addMonths,
  formatDay,
  monthGrid,
  normalizeDayText,
  parseDay,
  sameDay,
  startOfWeek,
  today,
  withinBounds,
} from './calendar-days';
import type { Day } from './calendar-days';
import { Icon } from './icons';

export interface DateInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'min' | 'max'> {
  /** Earliest day the calendar offers, `YYYY-MM-DD` (a number is react-hook-form's `register` typing). */
  min?: string | number;
  /** Latest day the calendar offers, `YYYY-MM-DD`. */
  max?: string | number;
  /** Red border (the field has an error). */
  invalid?: boolean;
}

/**
 * Sets an input's value the way typing does, so React's onChange (and react-hook-form's `register`) sees it.
 * React tracks the value it last rendered; the prototype's setter bypasses that tracker.
 */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A date as YYYY-MM-DD in every language (SPEC.md §9): a text input that takes the date typed (a typed
 * `2024/3/5` or `20240305` becomes `2024-03-05` when left) and a calendar button beside it. Works with
 * `register(...)` of react-hook-form and as a controlled input (`value` + `onChange`). Disabled or read-only
 * (a form in view mode) it reads as text, without the button.
 */
export const DateInput = forwardRef<HTMLInputElement, DateInputProps>(function DateInput(
  { min, max, invalid, className = '', onBlur, disabled, readOnly, ...props },
  ref,
) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement | null>(null);
  const setRefs = useCallback(
    (node: HTMLInputElement | null) => {
      input.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  return (
    <div className={`relative ${className}`}>
      <input
        {...props}
        ref={setRefs}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        pattern="\d{4}-\d{2}-\d{2}"
        placeholder={t('kit:date.placeholder')}
        disabled={disabled}
        readOnly={readOnly}
        onBlur={(event) => {
          const normal = normalizeDayText(event.target.value);
          if (normal !== event.target.value) typeInto(event.target, normal);
          onBlur?.(event);
        }}
        className={`peer block h-9 w-full rounded-md border pr-9 pl-3 text-sm text-slate-800 tabular-nums shadow-xs placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-blue-500 disabled:border-slate-200 disabled:bg-slate-50 disabled:pr-3 disabled:text-slate-800 disabled:shadow-none read-only:border-slate-200 read-only:bg-slate-50 read-only:shadow-none ${invalid ? 'border-red-500' : 'border-slate-300'}`}
      />
      {!disabled && !readOnly && (
        <Popover className="absolute inset-y-0 right-0 flex items-center peer-disabled:hidden">
          <PopoverButton
            aria-label={t('kit:date.choose')}
            className="mr-1 rounded p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus:outline-none data-focus:ring-2 data-focus:ring-blue-500"
          >
            <Icon name="calendar" className="h-4 w-4" />
          </PopoverButton>
          <PopoverPanel
            anchor={{ to: 'bottom end', gap: 4 }}
            className="z-50 rounded-lg bg-white p-3 text-sm shadow-lg ring-1 ring-slate-900/10 focus:outline-none"
          >
            {({ close }) => (
              <Calendar
                value={input.current?.value ?? ''}
                min={min === undefined ? undefined : String(min)}
                max={max === undefined ? undefined : String(max)}
                onPick={(value) => {
                  if (input.current) typeInto(input.current, value);
                  close();
                  input.current?.focus();
                }}
              />
            )}
          </PopoverPanel>
        </Popover>
      )}
    </div>
  );
});

export interface DateFieldProps extends DateInputProps {
  label: string;
  /** Translated message shown under the field. */
  error?: string;
  /** Help text under the field (hidden while an error shows). */
  hint?: ReactNode;
  required?: boolean;
  /** A text binding's length limit: a date has its own format, so no counter. */
  maxChars?: number;
}

/** A labelled DateInput with its error message, laid out and wired like TextField. */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  { label, error, hint, required, className = '', maxChars: _maxChars, ...props },
  ref,
) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {required && <span className="mr-0.5 text-red-600">*</span>}
        {label}
      </label>
      <DateInput
        ref={ref}
        id={id}
        invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        {...props}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs whitespace-pre-line text-red-600" data-testid="field-error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
            {hint}
          </p>
        )
      )}
    </div>
  );
});

/** Where each key moves the focused day in the month grid. */
const MOVES: Record<string, (day: Day, shift: boolean) => Day> = {
  ArrowLeft: (day) => addDays(day, -1),
  ArrowRight: (day) => addDays(day, 1),
  ArrowUp: (day) => addDays(day, -7),
  ArrowDown: (day) => addDays(day, 7),
  Home: (day) => startOfWeek(day),
  End: (day) => addDays(startOfWeek(day), 6),
  PageUp: (day, shift) => addMonths(day, shift ? -12 : -1),
  PageDown: (day, shift) => addMonths(day, shift ? 12 : 1),
};

/**
 * A month of days (Monday first). Keyboard: arrows move by day and week, Home/End to the week's ends,
 * PageUp/PageDown by month (with Shift by year), Enter or Space picks, Escape closes.
 */
function Calendar({
  value,
  min,
  max,
  onPick,
}: {
  value: string;
  min?: string;
  max?: string;
  onPick: (value: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const now = today();
  const selected = parseDay(value);
  const [focused, setFocused] = useState<Day>(selected ?? now);
  const grid = useRef<HTMLTableElement>(null);
  /** Focus follows the focused day after keyboard moves in the grid (and on opening), not after header clicks. */
  const focusGrid = useRef(true);
  useEffect(() => {
    if (!focusGrid.current) return;
    focusGrid.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focused]);

  const monthTitle = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
        Date.UTC(focused.year, focused.month - 1, 1),
      ),
    [i18n.language, focused.year, focused.month],
  );
  const weekdays = useMemo(() => {
    const long = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });
    const short = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
    // 2024-01-01 was a Monday.
    return Array.from({ length: 7 }, (_, index) => {
      const time = Date.UTC(2024, 0, 1 + index);
      return { long: long.format(time), short: short.format(time) };
    });
  }, [i18n.language]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    focusGrid.current = true;
    setFocused((day) => move(day, event.shiftKey));
  };
  const header = (label: string, step: number, icon: 'chevronLeft' | 'chevronRight', double = false) => (
    <button
      type="button"
      aria-label={label}
      onClick={() => setFocused((day) => addMonths(day, step))}
      className="flex h-8 w-8 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
    >
      <Icon name={icon} className="h-4 w-4" />
      {double && <Icon name={icon} className="-ml-2.5 h-4 w-4" />}
    </button>
  );
  const todayText = formatDay(now);
  return (
    <div className="w-72" role="group" aria-label={t('kit:date.calendar')}>
      <div className="mb-2 flex items-center gap-1">
        {header(t('kit:date.previousYear'), -12, 'chevronLeft', true)}
        {header(t('kit:date.previousMonth'), -1, 'chevronLeft')}
        <span className="flex-1 text-center font-medium text-slate-800" aria-live="polite">
          {monthTitle}
        </span>
        {header(t('kit:date.nextMonth'), 1, 'chevronRight')}
        {header(t('kit:date.nextYear'), 12, 'chevronRight', true)}
      </div>
      <table ref={grid} className="w-full table-fixed border-collapse text-center" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdays.map((weekday) => (
              <th
                key={weekday.long}
                scope="col"
                abbr={weekday.long}
                className="pb-1 text-xs font-medium text-slate-500"
              >
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(focused.year, focused.month).map((week) => (
            <tr key={formatDay(week[0])}>
              {week.map((day) => {
                const text = formatDay(day);
                const isSelected = sameDay(day, selected);
                const outside = day.month !== focused.month;
                return (
                  <td key={text} className="p-0.5">
                    <button
                      type="button"
                      tabIndex={sameDay(day, focused) ? 0 : -1}
                      aria-label={text}
                      aria-pressed={isSelected}
                      aria-current={text === todayText ? 'date' : undefined}
                      disabled={!withinBounds(day, min, max)}
                      onClick={() => onPick(text)}
                      onFocus={() => {
                        if (!sameDay(day, focused)) setFocused(day);
                      }}
                      className={`h-8 w-full rounded text-sm tabular-nums focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:cursor-not-allowed disabled:text-slate-300 ${
                        isSelected
                          ? 'bg-blue-700 font-medium text-white hover:bg-blue-800'
                          : `${outside ? 'text-slate-400' : 'text-slate-800'} hover:bg-blue-50 ${text === todayText ? 'font-semibold text-blue-700 ring-1 ring-blue-300' : ''}`
                      }`}
                    >
                      {day.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-2 flex items-center justify-between border-t border-slate-100 pt-2">
        <button
          type="button"
          className="rounded px-2 py-1 text-sm text-slate-500 hover:text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
          onClick={() => onPick('')}
        >
          {t('kit:date.clear')}
        </button>
        <button
          type="button"
          disabled={!withinBounds(now, min, max)}
          className="rounded px-2 py-1 text-sm font-medium text-blue-700 hover:bg-blue-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:text-slate-300"
          onClick={() => onPick(todayText)}
        >
          {t('kit:date.today')} · <span className="tabular-nums">{todayText}</span>
        </button>
      </div>
    </div>
  );
}
