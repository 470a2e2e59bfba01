import type { ZodType } from 'zod';

/** The parts of a zod v4 schema's internals the walk reads (`_zod.def`: its type, inner schemas and checks). */
interface Internals {
  _zod: {
    def: {
      type: string;
      innerType?: Internals;
      in?: Internals;
      shape?: Record<string, Internals>;
      element?: Internals;
      checks?: { _zod: { def: { check: string; maximum?: number } } }[];
    };
  };
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/**
 * The most characters a text field at `path` (react-hook-form's dotted path, `contact_person.0.name`) may hold
 * under a contracts schema: its string's `.max(...)`, through optional / transform / pipe wrappers, object shapes
 * and array elements. Undefined when the field is not a string with a maximum.
 */
export function maxLengthAt(schema: ZodType, path: string): number | undefined {
  let node: Internals | undefined = schema;
  const parts = path.split('.');
  for (let guard = 0; node && guard < 50; guard++) {
    const def: Internals['_zod']['def'] = node._zod.def;
    if (WRAPPERS.has(def.type)) node = def.innerType;
    else if (def.type === 'pipe') node = def.in;
    else if (parts.length === 0) {
      if (def.type !== 'string') return undefined;
      const maxima = (def.checks ?? [])
        .map((check) => check._zod.def)
        .filter((check) => check.check === 'max_length' && typeof check.maximum === 'number')
        .map((check) => check.maximum ?? Infinity);
      return maxima.length > 0 ? Math.min(...maxima) : undefined;
    } else if (def.type === 'object') node = def.shape?.[parts.shift() ?? ''];
    else if (def.type === 'array' && /^\d+$/.test(parts[0] ?? '')) {
      parts.shift();
      node = def.element;
    } else return undefined;
  }
  return undefined;
}
