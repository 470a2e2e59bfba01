import { Controller } from 'react-hook-form';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { Select } from '../ui/Select';
import type { SelectProps } from '../ui/Select';

export interface ControlledSelectProps<T extends FieldValues, V extends string | number, Output> extends Omit<
  SelectProps<V>,
  'value' | 'onChange' | 'error'
> {
  control: Control<T, unknown, Output>;
  /** A field whose value is one of the options' values. */
  name: FieldPathByValue<T, V>;
  /** Runs after the field took a new value: clears a field that depends on it (a category's sub-category). */
  onChanged?: (value: V) => void;
}

/**
 * A Select bound to a react-hook-form field, with the field's error under it: the `Controller` + `Select`
 * pair every form wrote out by hand. Give it `useFieldProps(...).select(...)` and the options (and `onChanged`
 * for what a change does besides setting the value); a field whose value needs converting keeps its own
 * Controller.
 */
export function ControlledSelect<T extends FieldValues, V extends string | number, Output>({
  control,
  name,
  onChanged,
  ...props
}: ControlledSelectProps<T, V, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select<V>
          {...props}
          value={field.value}
          onChange={(value) => {
            field.onChange(value);
            onChanged?.(value);
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
