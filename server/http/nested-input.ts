import type * as v from 'valibot';
import type { ErrorItemBody } from '../../contract/errors.ts';
import { parseInput } from './validate.ts';
import { Refused } from '../errors.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The refusals of `value` by `schema`, each pointed at `<key>.<field>`. */
function nestedErrors(schema: v.GenericSchema, value: unknown, key: string): ErrorItemBody[] {
  try {
    parseInput(schema, value);
    return [];
  } catch (error) {
    if (!(error instanceof Refused) || !('errors' in error.refusal)) return [];
    return error.refusal.errors.map((item) => ({
      ...item,
      source: { pointer: `${key}.${item.source?.pointer ?? ''}` },
    }));
  }
}

/**
 * parseInput, except that the refusals inside the object at `key` are named field by
 * field (`user_data.first_name`, not `user_data`), so a form shows each at its field.
 */
export function parseInputNamingNested<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  key: string,
  nested: v.GenericSchema,
): v.InferOutput<S> {
  try {
    return parseInput(schema, input);
  } catch (error) {
    const value = isRecord(input) ? input[key] : undefined;
    if (!(error instanceof Refused) || !('errors' in error.refusal) || !isRecord(value)) {
      throw error;
    }
    const items = error.refusal.errors.flatMap((item) => {
      if (item.source?.pointer !== key) return [item];
      const inner = nestedErrors(nested, value, key);
      return inner.length > 0 ? inner : [item];
    });
    throw new Refused({ kind: 'invalid', errors: items });
  }
}
