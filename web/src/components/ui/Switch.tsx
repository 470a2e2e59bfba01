import { Description, Field, Switch as HeadlessSwitch, Label } from '@headlessui/react';
import type { ReactNode } from 'react';

/** An on/off toggle with its label and an optional description (Headless UI Switch). */
export function Switch({
  checked,
  onChange,
  label,
  description,
  disabled,
  className = '',
  'data-testid': testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  description?: ReactNode;
  disabled?: boolean;
  className?: string;
  'data-testid'?: string;
}) {
  return (
    <Field disabled={disabled} className={`flex items-start gap-3 ${className}`}>
      <HeadlessSwitch
        checked={checked}
        onChange={onChange}
        data-testid={testId}
        className="group relative mt-0.5 inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors focus:outline-none data-checked:bg-blue-700 data-disabled:cursor-not-allowed data-disabled:opacity-60 data-focus:ring-2 data-focus:ring-blue-500 data-focus:ring-offset-1"
      >
        <span
          aria-hidden="true"
          className="inline-block h-4 w-4 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform group-data-checked:translate-x-[1.125rem]"
        />
      </HeadlessSwitch>
      <div className="min-w-0">
        <Label className="cursor-pointer text-sm font-medium text-slate-700 select-none data-disabled:cursor-not-allowed">
          {label}
        </Label>
        {description && <Description className="mt-0.5 text-xs text-slate-500">{description}</Description>}
      </div>
    </Field>
  );
}
