import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from './DateField';
import { normalizeDayText, normalizeTimeText } from './calendar-days';

const split = (value: string) => {
  const [day = '', time = ''] = value.split('T');
  return { day, time };
};

export interface DateTimeFieldProps {
  label: string;
  /** `YYYY-MM-DDTHH:mm`, or '' for none; partly typed text comes back as typed (the form's schema refuses it). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Translated message shown under the field. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * A local date and time in the same form in every language (SPEC.md §9: YYYY-MM-DD, 24-hour HH:mm): the kit's
 * DateInput (typed, or picked from its calendar) beside a time typed as HH:mm — where the browser's own date-time
 * input would show the browser locale's format (mm/dd/yyyy, 12-hour) instead.
 */
export function DateTimeField({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  required,
  disabled,
  'data-testid': testId,
}: DateTimeFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  // What is typed in each part, kept while the other part is incomplete; re-read when the value changes from outside.
  const [parts, setParts] = useState(() => split(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setParts(split(value));
  }
  const emit = (next: { day: string; time: string }) => {
    setParts(next);
    const combined = next.day === '' && next.time === '' ? '' : `${next.day}T${next.time}`;
    setShown(combined);
    onChange(combined);
  };
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div data-testid={testId}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {required && <span className="mr-0.5 text-red-600">*</span>}
        {label}
      </label>
      <div className="flex gap-2">
        <DateInput
          id={id}
          className="min-w-0 flex-1"
          value={parts.day}
          disabled={disabled}
          invalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          onChange={(event) => emit({ ...parts, day: event.target.value })}
          onBlur={(event) => {
            const day = normalizeDayText(event.target.value);
            if (day !== parts.day) emit({ ...parts, day });
            onBlur?.();
          }}
        />
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          aria-label={t('kit:dateTime.time', { field: label })}
          placeholder={t('kit:dateTime.timePlaceholder')}
          pattern="([01]\d|2[0-3]):[0-5]\d"
          value={parts.time}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          onChange={(event) => emit({ ...parts, time: event.target.value })}
          onBlur={(event) => {
            const time = normalizeTimeText(event.target.value);
            if (time !== parts.time) emit({ ...parts, time });
            onBlur?.();
          }}
          className={`block h-9 w-24 rounded-md border px-3 text-sm text-slate-800 tabular-nums shadow-xs placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-blue-500 disabled:border-slate-200 disabled:bg-slate-50 ${error ? 'border-red-500' : 'border-slate-300'}`}
        />
      </div>
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
}
