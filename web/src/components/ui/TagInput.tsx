import { useId, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';

/**
 * A labelled list of short values typed one by one: Enter, comma or leaving the field adds the text as a tag,
 * Backspace in an empty field removes the last one. Duplicates are ignored.
 */
export function TagInput({
  label,
  value,
  onChange,
  placeholder,
  hint,
  error,
  disabled,
  maxLength = 64,
  emptyText,
  'data-testid': testId,
}: {
  label: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  maxLength?: number;
  /** Shown instead of the tags when read-only and empty. */
  emptyText?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;

  function add(raw: string) {
    const tags = raw
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '' && !value.includes(part));
    if (tags.length > 0) onChange([...value, ...new Set(tags)]);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div data-testid={testId}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div
        className={`flex min-h-9 flex-wrap items-center gap-1.5 rounded-md border px-2 py-1.5 text-sm shadow-xs focus-within:ring-2 focus-within:ring-blue-500 ${disabled ? 'border-slate-200 bg-slate-50 shadow-none' : 'bg-white'} ${error ? 'border-red-500' : disabled ? '' : 'border-slate-300'}`}
      >
        {value.map((tag) => (
          <span
            key={tag}
            className="inline-flex max-w-full items-center gap-1 rounded bg-slate-100 py-0.5 pr-1 pl-2 text-xs font-medium text-slate-700 ring-1 ring-slate-200"
            data-tag={tag}
          >
            <span className="truncate">{tag}</span>
            {!disabled && (
              <button
                type="button"
                onClick={() => onChange(value.filter((item) => item !== tag))}
                aria-label={t('kit:tags.remove', { tag })}
                className="rounded p-0.5 text-slate-400 hover:bg-slate-200 hover:text-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
              >
                <Icon name="close" className="h-3 w-3" />
              </button>
            )}
          </span>
        ))}
        {disabled && value.length === 0 && emptyText && <span className="px-1 text-slate-500">{emptyText}</span>}
        {!disabled && (
          <input
            id={id}
            value={text}
            maxLength={maxLength}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => add(text)}
            placeholder={value.length === 0 ? placeholder : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            autoComplete="off"
            className="h-6 min-w-24 flex-1 border-0 bg-transparent px-1 text-sm text-slate-800 placeholder:text-slate-400 focus:outline-none"
          />
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600" data-testid="field-error">
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
