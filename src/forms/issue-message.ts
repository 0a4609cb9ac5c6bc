import type { MessageDescriptor } from '@lingui/core';
import {
  maxLengthMessage,
  minLengthMessage,
  validationMessages,
  type ValidationCode,
} from './messages.ts';

/** Texts a form adds for its own rules' codes (the on-premise form's, say). */
export type ExtraMessages = Readonly<Record<string, MessageDescriptor>>;

/**
 * The codes a schema the SPA validates with may carry as an action's message: one
 * of section 5's rules, or a length rule whose number comes from the action.
 */
export type FieldMessageCode = ValidationCode | 'minLength' | 'maxLength';

function isValidationCode(code: string): code is ValidationCode {
  return Object.hasOwn(validationMessages, code);
}

function field(issue: object, key: string): unknown {
  return key in issue ? (issue as Record<string, unknown>)[key] : undefined;
}

/** A rule's number when valibot gives one (minLength, maxLength). */
function lengthOf(issue: object): number | null {
  const requirement = field(issue, 'requirement');
  return typeof requirement === 'number' ? requirement : null;
}

/**
 * The text for a form issue (a valibot issue, or a bare code). Valibot's own messages
 * ("Invalid length: Expected <=64 but received 126") are for developers and never
 * reach the screen: a message that is no known code falls back on the issue's type,
 * and a type without words of its own on section 8's invalid input.
 */
export function issueMessage(issue: unknown, extra: ExtraMessages = {}): MessageDescriptor {
  if (typeof issue === 'string') return codeMessage(issue, null, extra);
  if (!issue || typeof issue !== 'object') return validationMessages.required;
  const message = field(issue, 'message');
  const length = lengthOf(issue);
  if (typeof message === 'string') {
    const known = knownCode(message, length, extra);
    if (known) return known;
  }
  switch (field(issue, 'type')) {
    case 'non_empty':
      return validationMessages.required;
    case 'max_length':
      return length === null ? validationMessages.invalid_input : maxLengthMessage(length);
    case 'min_length':
      return length === null ? validationMessages.invalid_input : minLengthMessage(length);
    case 'email':
      return validationMessages.email;
    default:
      return validationMessages.invalid_input;
  }
}

function knownCode(
  code: string,
  length: number | null,
  extra: ExtraMessages,
): MessageDescriptor | null {
  if (Object.hasOwn(extra, code)) return extra[code] ?? null;
  if (code === 'minLength' && length !== null) return minLengthMessage(length);
  if (code === 'maxLength' && length !== null) return maxLengthMessage(length);
  return isValidationCode(code) ? validationMessages[code] : null;
}

function codeMessage(code: string, length: number | null, extra: ExtraMessages) {
  return knownCode(code, length, extra) ?? validationMessages.invalid_input;
}
