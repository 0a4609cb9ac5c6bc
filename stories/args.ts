import type { ServerErrors } from '../machines/field-errors.ts';

/** A form machine's context with the server's refusal of one field, as a story's args. */
export function refusedAt<C extends { serverErrors: ServerErrors }>(
  context: C,
  field: string,
  code: string,
  detail: string = code,
): C {
  return { ...context, serverErrors: { [field]: { field, code, detail } } };
}
