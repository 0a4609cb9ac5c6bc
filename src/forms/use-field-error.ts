import { useLingui } from '@lingui/react';
import type { ServerErrors } from '../../machines/field-errors.ts';
import {
  errorText,
  minLengthMessage,
  validationMessages,
  type ValidationCode,
} from './messages.ts';

interface FieldMeta {
  isTouched: boolean;
  errors: readonly unknown[];
}

function isValidationCode(code: string): code is ValidationCode {
  return Object.hasOwn(validationMessages, code);
}

/** A `minLength` rule's number (valibot's requirement), if the issue is one. */
function minLengthOf(issue: unknown): number | null {
  if (!issue || typeof issue !== 'object' || !('message' in issue) || !('requirement' in issue)) {
    return null;
  }
  return issue.message === 'minLength' && typeof issue.requirement === 'number'
    ? issue.requirement
    : null;
}

function codeOf(issue: unknown): string {
  if (typeof issue === 'string') return issue;
  if (issue && typeof issue === 'object' && 'message' in issue) return String(issue.message);
  return 'required';
}

/**
 * The one message a field shows: its own rule's text once touched, else the
 * server's error for it (which the machine drops when the field is edited).
 */
export function useFieldError(serverErrors: ServerErrors) {
  const { _ } = useLingui();
  return (meta: FieldMeta, name: string): string | undefined => {
    const issue = meta.isTouched ? meta.errors[0] : undefined;
    if (issue !== undefined) {
      const min = minLengthOf(issue);
      if (min !== null) return _(minLengthMessage(min));
      const code = codeOf(issue);
      return isValidationCode(code) ? _(validationMessages[code]) : code;
    }
    const server = serverErrors[name];
    return server ? errorText(_, server) : undefined;
  };
}
