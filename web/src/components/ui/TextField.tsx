import { forwardRef, useId, useLayoutEffect, useRef, useState } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Translated message shown under the field. */
  error?: string;
  /** Help text under the field (hidden while an error shows). */
  hint?: ReactNode;
  required?: boolean;
  /** The most characters the value may hold (the schema's maximum): counted while typing, "12 / 200". */
  maxChars?: number;
}

/** A labelled input with its error message, wired for screen readers. Disabled (view mode) reads as text. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, required, maxChars, className = '', onChange, onFocus, onBlur, ...props },
  ref,
) {
  const { t } = useTranslation();
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const input = useRef<HTMLInputElement | null>(null);
  const [length, setLength] = useState(0);
  const [focused, setFocused] = useState(false);
  const counted = maxChars !== undefined && !props.disabled && !props.readOnly;
  // A registered field is uncontrolled: the form may set its value (a record loaded, a draft restored) without
  // an input event, so the count is read back after every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose after every render: no dependency tells
  useLayoutEffect(() => {
    if (counted && input.current && input.current.value.length !== length) setLength(input.current.value.length);
  });
  const setRefs = (element: HTMLInputElement | null) => {
    input.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };
  const over = counted && length > maxChars;
  // Shown while typing, and whenever the value nears or passes the limit.
  const showCount = counted && (focused || length >= maxChars * 0.8);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {required && <span className="mr-0.5 text-red-600">*</span>}
        {label}
      </label>
      <input
        ref={setRefs}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={`block h-9 w-full rounded-md border px-3 text-sm text-slate-800 shadow-xs placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-blue-500 disabled:border-slate-200 disabled:bg-slate-50 disabled:text-slate-800 disabled:shadow-none read-only:border-slate-200 read-only:bg-slate-50 read-only:shadow-none ${error ? 'border-red-500' : 'border-slate-300'}`}
        onChange={(event) => {
          if (counted) setLength(event.target.value.length);
          onChange?.(event);
        }}
        onFocus={(event) => {
          setFocused(true);
          onFocus?.(event);
        }}
        onBlur={(event) => {
          setFocused(false);
          onBlur?.(event);
        }}
        {...props}
      />
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
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
        {/* Kept in the layout while hidden: a counter appearing on focus and vanishing on blur would move what is
            below it between a press and its release, and the click would land elsewhere. */}
        {counted && (
          <p
            className={`mt-1 shrink-0 text-xs tabular-nums ${over ? 'font-medium text-red-600' : 'text-slate-400'} ${showCount ? '' : 'invisible'}`}
            data-testid="char-count"
            aria-hidden={showCount ? undefined : true}
            aria-live={over ? 'polite' : undefined}
          >
            {t('kit:form.charCount', { count: length, max: maxChars })}
          </p>
        )}
      </div>
    </div>
  );
});
