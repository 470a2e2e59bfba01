import type { FieldError, FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { get } from 'react-hook-form';
import { maxLengthAt } from './schema-limits';
import { schemaOfResolver } from './zod-resolver';

export interface FieldPropsOptions {
  /** Marks the field required while the form is editable (a view shows no asterisk). */
  required?: boolean;
}

/** What `text(...)` spreads on a TextField or DateField. */
export interface TextFieldBinding<T extends FieldValues> extends UseFormRegisterReturn<Path<T>> {
  label: string;
  required?: boolean;
  autoComplete: 'off';
  error?: string;
  /** The schema's maximum length: the field counts characters while typing ("12 / 200"). */
  maxChars?: number;
}

/** What `select(...)` spreads on a ControlledSelect. */
export interface SelectBinding<T extends FieldValues, Output, N extends Path<T>> {
  control: UseFormReturn<T, unknown, Output>['control'];
  name: N;
  label: string;
  required?: boolean;
  disabled: boolean;
}

/**
 * The props every master-data field repeats: its label, the asterisk while editable, no browser autofill, the
 * error message at its path (nested rows too) and react-hook-form's `register`. Forms spread them and add only
 * what is particular to a field:
 *
 *   const bind = useFieldProps(form, readOnly);
 *   <TextField {...bind.text('company_name', t('suppliers:supplier.fields.company_name'), { required: true })} />
 *   <ControlledSelect {...bind.select('country', t('...'), { required: true })} options={countries} />
 *
 * Labels stay literal `t('ns:key')` calls at the field, so the translation check still sees every key.
 */
export function useFieldProps<T extends FieldValues, Output>(
  form: UseFormReturn<T, unknown, Output>,
  readOnly: boolean,
) {
  // Read during render: the form state proxy then re-renders the form when errors change.
  const { errors } = form.formState;
  // The resolver's contracts schema (react-hook-form keeps the options it was given on the control).
  const schema = schemaOfResolver(
    (form.control as unknown as { _options?: { resolver?: unknown } })._options?.resolver,
  );
  const required = (options?: FieldPropsOptions) => (options?.required ? !readOnly : undefined);
  return {
    text<N extends Path<T>>(name: N, label: string, options?: FieldPropsOptions): TextFieldBinding<T> {
      const error: FieldError | undefined = get(errors, name);
      const maxChars = schema && !readOnly ? maxLengthAt(schema, name) : undefined;
      return {
        label,
        required: required(options),
        autoComplete: 'off',
        error: error?.message,
        ...(maxChars !== undefined && { maxChars }),
        ...form.register(name),
      };
    },
    select<N extends Path<T>>(name: N, label: string, options?: FieldPropsOptions): SelectBinding<T, Output, N> {
      return { control: form.control, name, label, required: required(options), disabled: readOnly };
    },
  };
}
