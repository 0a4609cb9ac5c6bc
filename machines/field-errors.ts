/**
 * What a form's submit actor rejects with when the server refused some fields:
 * each error names its field (the section-8 source pointer) and its code. Errors
 * that name no field of the form never reach the machine: the global handler
 * shows them.
 */
export interface FieldError {
  field: string;
  code: string;
  detail: string;
}

export class FieldErrors extends Error {
  readonly errors: readonly FieldError[];
  constructor(errors: readonly FieldError[]) {
    super('The server refused some fields');
    this.name = 'FieldErrors';
    this.errors = errors;
  }
}

/** Field name → the server's error for it, as machines keep them in context. */
export type ServerErrors = Partial<Record<string, FieldError>>;

export function toServerErrors(error: unknown): ServerErrors {
  if (!(error instanceof FieldErrors)) return {};
  return Object.fromEntries(error.errors.map((e) => [e.field, e]));
}

export function withoutField(errors: ServerErrors, field: string): ServerErrors {
  const { [field]: _removed, ...rest } = errors;
  return rest;
}
