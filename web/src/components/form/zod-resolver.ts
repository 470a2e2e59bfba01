import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ZodType, core } from 'zod';
import { i18next } from '../../i18n';

/**
 * The message of a contracts schema issue in the user's language. Schemas carry `validation.*` keys
 * (SPEC.md §5 wording) with `params`; length limits give their bound as `max` / `min`.
 */
export function issueMessage(issue: core.$ZodIssue): string {
  const params: Record<string, unknown> = { ...((issue as { params?: Record<string, unknown> }).params ?? {}) };
  if (issue.code === 'too_big') params.max ??= issue.maximum;
  if (issue.code === 'too_small') params.min ??= issue.minimum;
  const key = issue.message.startsWith('validation.')
    ? `validation:${issue.message.slice('validation.'.length)}`
    : 'validation:invalid';
  return i18next.t(key, params);
}

/** Sets `errors.a[0].b` for the path `['a', 0, 'b']` (first issue of a field wins). */
function setError(errors: Record<string, unknown>, path: readonly PropertyKey[], error: FieldError): void {
  let node: Record<string | number, unknown> = errors;
  path.forEach((part, index) => {
    const key = typeof part === 'symbol' ? String(part) : part;
    if (index === path.length - 1) {
      node[key] ??= error;
      return;
    }
    node[key] ??= typeof path[index + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
}

/**
 * react-hook-form resolver for a zod schema from @scm/contracts: the same rules the server applies, with
 * translated messages; on success the form receives the schema's output (trimmed, normalised).
 */
export function zodResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const resolver: Resolver<Input, unknown, Output> = async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.length > 0 ? issue.path : ['root'];
      setError(errors, path, { type: issue.code, message: issueMessage(issue) });
    }
    return { values: {}, errors: errors as FieldErrors<Input> };
  };
  RESOLVER_SCHEMAS.set(resolver, schema);
  return resolver;
}

/** Each resolver's schema, so the form kit can read a field's limits (its maximum length) from the same rules. */
const RESOLVER_SCHEMAS = new WeakMap<object, ZodType>();

/** The contracts schema behind a form's `zodResolver`, if it has one. */
export function schemaOfResolver(resolver: unknown): ZodType | undefined {
  return typeof resolver === 'function' ? RESOLVER_SCHEMAS.get(resolver) : undefined;
}
