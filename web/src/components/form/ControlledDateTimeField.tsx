import { Controller } from 'react-hook-form';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { DateTimeField } from '../ui/DateTimeField';
import type { DateTimeFieldProps } from '../ui/DateTimeField';

export interface ControlledDateTimeFieldProps<T extends FieldValues, Output> extends Omit<
  DateTimeFieldProps,
  'value' | 'onChange' | 'onBlur' | 'error'
> {
  control: Control<T, unknown, Output>;
  /** A text field holding `YYYY-MM-DDTHH:mm` (refine it with `isLocalDateTime` in the form's schema). */
  name: FieldPathByValue<T, string>;
}

/** A DateTimeField bound to a react-hook-form field, with its error: give it `useFieldProps(...).select(...)`. */
export function ControlledDateTimeField<T extends FieldValues, Output>({
  control,
  name,
  ...props
}: ControlledDateTimeFieldProps<T, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateTimeField
          {...props}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
