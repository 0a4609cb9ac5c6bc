import * as v from 'valibot';
import { DETAILS, type FieldError, invalidInput, fieldErrors } from '../errors.ts';

/**
 * Validates input with a contract/ schema; failures become section-8 field errors,
 * one per form field (the first problem found), pointed at the top-level field name.
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const byField = new Map<string, FieldError>();
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key;
    // No field to point at: the body as a whole has the wrong shape.
    if (typeof field !== 'string') throw invalidInput();
    if (!byField.has(field)) byField.set(field, toFieldError(field, issue));
  }
  throw fieldErrors([...byField.values()]);
}

function isRequiredIssue(issue: v.BaseIssue<unknown>): boolean {
  return issue.input === undefined || issue.type === 'non_empty' || issue.message === 'required';
}

/** A schema message that names an error code (e.g. 'personName') becomes that code. */
function isDetailedCode(message: string): message is keyof typeof DETAILS {
  return Object.hasOwn(DETAILS, message);
}

function toFieldError(field: string, issue: v.BaseIssue<unknown>): FieldError {
  if (issue.input !== undefined && issue.message !== 'required' && isDetailedCode(issue.message)) {
    return { field, code: issue.message, detail: DETAILS[issue.message] };
  }
  if (isRequiredIssue(issue)) return { field, code: 'required', detail: DETAILS.required };
  return { field, code: 'invalid_input', detail: describe(issue) };
}

/** Valibot's own messages are for developers; users get plain sentences. */
function describe(issue: v.BaseIssue<unknown>): string {
  // A schema's own sentence (anything but valibot's "Invalid …" defaults) wins; a
  // one-word message is a code for the SPA's texts (maxLength), not words for a user.
  if (!issue.message.startsWith('Invalid ') && /\s/.test(issue.message)) return issue.message;
  const limit = typeof issue.requirement === 'number' ? String(issue.requirement) : '';
  switch (issue.type) {
    case 'string':
      return 'Enter a text value';
    case 'number':
      return 'This field must be a number';
    case 'integer':
      return 'This field must be a whole number';
    case 'boolean':
      return 'This field must be true or false';
    case 'min_length':
      return `Must be at least ${limit} characters`;
    case 'max_length':
      return `Must be at most ${limit} characters`;
    case 'min_value':
      return `Must be at least ${limit}`;
    case 'max_value':
      return `Must be at most ${limit}`;
    case 'picklist':
      return `Must be one of ${(issue.expected ?? '').replace(/[()]/g, '').replaceAll('|', 'or')}`;
    case 'email':
      return 'Please enter a valid email address';
    default:
      return DETAILS.invalid_input;
  }
}
