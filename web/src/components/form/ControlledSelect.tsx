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
}

/**
 * A Select bound to a react-hook-form field, with the field's error under it: the `Controller` + `Select`
 * pair every form wrote out by hand. Give it `useFieldProps(...).select(...)` and the options; a field whose
 * change does more than set its value (or whose value needs converting) keeps its own Controller.
 */
export function ControlledSelect<T extends FieldValues, V extends string | number, Output>({
  control,
  name,
  ...props
}: ControlledSelectProps<T, V, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select<V> {...props} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
      )}
    />
  );
}
