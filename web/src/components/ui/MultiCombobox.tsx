import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field,
  Label,
} from '@headlessui/react';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';

export interface MultiComboboxOption {
  value: string;
  label: string;
  /** Shown after the label in the option list (e.g. the code), and searched too. */
  hint?: string;
}

export interface MultiComboboxProps {
  label: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  options: readonly MultiComboboxOption[];
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  hint?: ReactNode;
  /** Shown instead of the chips when read-only and nothing is chosen. */
  emptyText?: string;
  'data-testid'?: string;
}

/**
 * A searchable multi-select (Headless UI Combobox with `multiple`): chosen values show as removable chips by their
 * labels, typing filters the options by label or hint. A value no option names (an option gone from the list)
 * still shows, by its value, so nothing is dropped silently. Read-only, it reads as the list of labels.
 */
export function MultiCombobox({
  label,
  value,
  onChange,
  options,
  placeholder,
  required,
  disabled,
  error,
  hint,
  emptyText,
  'data-testid': testId,
}: MultiComboboxProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const labelOf = useMemo(() => new Map(options.map((option) => [option.value, option.label])), [options]);
  const filtered = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return options;
    return options.filter(
      (option) =>
        option.label.toLowerCase().includes(needle) || (option.hint ?? option.value).toLowerCase().includes(needle),
    );
  }, [options, query]);
  const remove = (gone: string) => onChange(value.filter((item) => item !== gone));

  return (
    <Field disabled={disabled} className="w-full">
      <Label className="mb-1 block text-sm font-medium text-slate-700">
        {required && <span className="mr-0.5 text-red-600">*</span>}
        {label}
      </Label>
      <Combobox
        multiple
        value={[...value]}
        onChange={(next: string[]) => {
          onChange(next);
          setQuery('');
        }}
        onClose={() => setQuery('')}
        disabled={disabled}
      >
        <div
          data-testid={testId}
          aria-invalid={error ? true : undefined}
          className={`flex min-h-9 w-full flex-wrap items-center gap-1.5 rounded-md border px-2 py-1 text-sm ${
            disabled
              ? 'border-slate-200 bg-slate-50'
              : `bg-white shadow-xs focus-within:ring-2 focus-within:ring-blue-500 ${error ? 'border-red-500' : 'border-slate-300'}`
          }`}
        >
          {value.length === 0 && disabled && <span className="px-1 text-slate-500">{emptyText}</span>}
          {value.map((item) => (
            <span
              key={item}
              data-testid="multi-combobox-chip"
              className="inline-flex items-center gap-1 rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-800 ring-1 ring-slate-200"
            >
              {labelOf.get(item) ?? item}
              {!disabled && (
                <button
                  type="button"
                  aria-label={t('kit:multiSelect.remove', { name: labelOf.get(item) ?? item })}
                  className="rounded text-slate-500 hover:text-slate-800"
                  onClick={() => remove(item)}
                >
                  <Icon name="close" className="h-3 w-3" />
                </button>
              )}
            </span>
          ))}
          {!disabled && (
            <>
              <ComboboxInput
                className="h-7 min-w-32 flex-1 border-0 bg-transparent px-1 text-sm text-slate-800 placeholder:text-slate-400 focus:ring-0 focus:outline-none"
                placeholder={value.length === 0 ? placeholder : undefined}
                displayValue={() => query}
                onChange={(event) => setQuery(event.target.value)}
                onKeyDown={(event) => {
                  // Backspace in an empty search removes the last chip, as in a tag field.
                  if (event.key === 'Backspace' && query === '' && value.length > 0) remove(value[value.length - 1]);
                }}
              />
              <ComboboxButton className="ml-auto text-slate-400" aria-label={t('kit:multiSelect.open')}>
                <Icon name="chevronDown" className="h-4 w-4" />
              </ComboboxButton>
            </>
          )}
        </div>
        <ComboboxOptions
          anchor={{ to: 'bottom start', gap: 4 }}
          className="z-50 max-h-64 w-(--input-width) min-w-64 overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-900/10 empty:invisible"
        >
          {filtered.length === 0 ? (
            <div className="px-3 py-1.5 text-slate-500">{t('kit:multiSelect.noMatch')}</div>
          ) : (
            filtered.map((option) => (
              <ComboboxOption
                key={option.value}
                value={option.value}
                className="group flex cursor-pointer items-center gap-2 px-3 py-1.5 text-slate-700 select-none data-focus:bg-blue-50 data-focus:text-blue-800 data-selected:font-medium"
              >
                <Icon name="check" className="invisible h-4 w-4 text-blue-700 group-data-selected:visible" />
                <span className="truncate">{option.label}</span>
                {option.hint && <span className="ml-auto text-xs text-slate-400">{option.hint}</span>}
              </ComboboxOption>
            ))
          )}
        </ComboboxOptions>
      </Combobox>
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
