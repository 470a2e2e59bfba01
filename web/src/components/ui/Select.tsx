import { Description, Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Icon } from './icons';

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
}

export interface SelectProps<V extends string | number> {
  value: V;
  onChange: (value: V) => void;
  options: readonly SelectOption<V>[];
  /** Visible label above the control; without it, give `ariaLabel`. */
  label?: string;
  ariaLabel?: string;
  disabled?: boolean;
  className?: string;
  /** Extra classes of the button (width, height). */
  buttonClassName?: string;
  /** Where the option list opens. */
  anchor?: 'bottom start' | 'bottom end' | 'top start' | 'top end';
  'data-testid'?: string;
  /** Marks the label as required (forms). */
  required?: boolean;
  /** Translated message shown under the control (forms). */
  error?: string;
  /** Help text under the control (hidden while an error shows). */
  hint?: ReactNode;
}

/** A single-choice select (Headless UI Listbox) styled like the kit's inputs. */
export function Select<V extends string | number>({
  value,
  onChange,
  options,
  label,
  ariaLabel,
  disabled,
  className = '',
  buttonClassName = '',
  anchor = 'bottom start',
  'data-testid': testId,
  required,
  error,
  hint,
}: SelectProps<V>) {
  const selected = options.find((option) => option.value === value);
  // In a form (required / error / hint given) the label matches TextField's; in a filter panel it stays small.
  const formField = required !== undefined || error !== undefined || hint !== undefined;
  return (
    <Field className={className} disabled={disabled}>
      {label && (
        <Label
          className={
            formField
              ? 'mb-1 block text-sm font-medium text-slate-700'
              : 'mb-1 block text-xs font-medium text-slate-600'
          }
        >
          {required && <span className="mr-0.5 text-red-600">*</span>}
          {label}
        </Label>
      )}
      <Listbox value={value} onChange={onChange} disabled={disabled}>
        <ListboxButton
          aria-label={label ? undefined : ariaLabel}
          data-testid={testId}
          aria-invalid={error ? true : undefined}
          className={`relative flex h-9 w-full items-center justify-between gap-2 rounded-md border ${error ? 'border-red-500' : 'border-slate-300'} bg-white pr-2 pl-3 text-left text-sm text-slate-800 shadow-xs focus:outline-none data-disabled:bg-slate-50 data-focus:ring-2 data-focus:ring-blue-500 ${formField ? 'data-disabled:border-slate-200 data-disabled:text-slate-800 data-disabled:shadow-none' : 'data-disabled:text-slate-400'} ${buttonClassName}`}
        >
          <span className="truncate">{selected?.label ?? ''}</span>
          {/* A form's read-only (disabled) select reads as a plain value: no arrow offering a choice. */}
          {!(disabled && formField) && <Icon name="chevronDown" className="h-4 w-4 text-slate-400" />}
        </ListboxButton>
        <ListboxOptions
          anchor={{ to: anchor, gap: 4 }}
          transition
          className="z-50 max-h-64 w-(--button-width) min-w-36 overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-900/10 transition duration-100 ease-out focus:outline-none data-closed:opacity-0"
        >
          {options.map((option) => (
            <ListboxOption
              key={String(option.value)}
              value={option.value}
              className="group flex cursor-pointer items-center gap-2 px-3 py-1.5 text-slate-700 select-none data-focus:bg-blue-50 data-focus:text-blue-800 data-selected:font-medium"
            >
              <Icon name="check" className="invisible h-4 w-4 text-blue-700 group-data-selected:visible" />
              <span className="truncate">{option.label}</span>
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
      {error ? (
        <Description className="mt-1 text-xs text-red-600" data-testid="field-error">
          {error}
        </Description>
      ) : (
        hint && <Description className="mt-1 text-xs text-slate-500">{hint}</Description>
      )}
    </Field>
  );
}
