import { ApiError, dispatchErrors } from '../api/errors.ts';
import { FieldErrors } from '../../machines/field-errors.ts';

/** The form's fields by the source pointer the server names them with. */
export type FieldPointers = Readonly<Record<string, string>>;

/**
 * The form is the subscriber for its own fields: errors pointing at them go back to
 * the machine (under the form's name of the field), every other error goes on to the
 * global handler. Fields are named as the server points at them, or through a map
 * when the request names them otherwise (`user_data.first_name` → `firstName`).
 */
export function claimFieldErrors(
  error: unknown,
  fields: readonly string[] | FieldPointers,
): unknown {
  if (!(error instanceof ApiError)) return error;
  const pointers = isList(fields) ? Object.fromEntries(fields.map((f) => [f, f])) : fields;
  const fieldOf = (pointer: string) =>
    Object.hasOwn(pointers, pointer) ? pointers[pointer] : undefined;
  const mine = error.items.filter((item) => fieldOf(item.source.pointer) !== undefined);
  dispatchErrors(error.items.filter((item) => !mine.includes(item)));
  if (mine.length === 0) return error;
  return new FieldErrors(
    mine.map((item) => ({
      field: fieldOf(item.source.pointer) ?? item.source.pointer,
      code: item.code,
      detail: item.detail,
    })),
  );
}

function isList(fields: readonly string[] | FieldPointers): fields is readonly string[] {
  return Array.isArray(fields);
}
