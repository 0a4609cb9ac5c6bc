import { ApiError, dispatchErrors } from '../api/errors.ts';
import { FieldErrors } from '../../machines/field-errors.ts';

/**
 * The form is the subscriber for its own fields: errors pointing at them go back to
 * the machine, every other error goes on to the global handler.
 */
export function claimFieldErrors(error: unknown, fields: readonly string[]): unknown {
  if (!(error instanceof ApiError)) return error;
  const mine = error.items.filter((item) => fields.includes(item.source.pointer));
  dispatchErrors(error.items.filter((item) => !mine.includes(item)));
  if (mine.length === 0) return error;
  return new FieldErrors(
    mine.map((item) => ({ field: item.source.pointer, code: item.code, detail: item.detail })),
  );
}
