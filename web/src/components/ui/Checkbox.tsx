import { Checkbox as HeadlessCheckbox, Field, Label } from '@headlessui/react';
import { Icon } from './icons';

/** A labelled checkbox (Headless UI). */
export function Checkbox({
  checked,
  onChange,
  label,
  disabled,
  className = '',
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Field disabled={disabled} className={`flex items-center gap-2 ${className}`}>
      <HeadlessCheckbox
        checked={checked}
        onChange={onChange}
        className="group flex h-4 w-4 shrink-0 cursor-pointer items-center justify-center rounded border border-slate-300 bg-white focus:outline-none data-checked:border-blue-700 data-checked:bg-blue-700 data-disabled:cursor-not-allowed data-disabled:opacity-50 data-focus:ring-2 data-focus:ring-blue-500 data-focus:ring-offset-1"
      >
        <Icon name="check" className="invisible h-3 w-3 text-white group-data-checked:visible" strokeWidth={3} />
      </HeadlessCheckbox>
      <Label className="cursor-pointer text-sm text-slate-700 select-none data-disabled:cursor-not-allowed data-disabled:text-slate-400">
        {label}
      </Label>
    </Field>
  );
}
