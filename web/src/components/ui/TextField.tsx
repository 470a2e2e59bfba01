import { forwardRef, useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Translated message shown under the field. */
  error?: string;
  /** Help text under the field (hidden while an error shows). */
  hint?: ReactNode;
  required?: boolean;
}

/** A labelled input with its error message, wired for screen readers. Disabled (view mode) reads as text. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, required, className = '', ...props },
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
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={`block h-9 w-full rounded-md border px-3 text-sm text-slate-800 shadow-xs placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-blue-500 disabled:border-slate-200 disabled:bg-slate-50 disabled:text-slate-800 disabled:shadow-none read-only:border-slate-200 read-only:bg-slate-50 read-only:shadow-none ${error ? 'border-red-500' : 'border-slate-300'}`}
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
