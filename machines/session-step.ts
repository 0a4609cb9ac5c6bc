import { assign, type EventObject } from 'xstate';
import { isOneOf } from '../contract/one-of.ts';
import { ifError } from './event-params.ts';
import { Refusal } from './refusal.ts';

/*
 * What the steps of a half-done sign-up or sign-in do alike (the code step, sign-up's
 * details, the second factor): the server keeps the session of the step, and when it
 * refuses that session itself the step ends in a state of its own (`sessionLost`),
 * keeping the refusal's code; when the step goes through, the machine keeps the address
 * the server says to go to next. Written once, imported whole (`import * as session from
 * './session-step.ts'`); the guard and the actions keep their names in the machine's
 * setup, so docs/flows show `isTokenError`, `keepTokenError` and `keepNext`.
 */

/**
 * Section 8: the confirmation (or sign-up) session is gone or not valid. On the code
 * step the user gets a new code by signing in again; on the details step sign-up
 * restarts at /signup/0.
 */
export const tokenErrorCodes = [
  'token_not_found',
  'wrong_token',
  'token_expired',
  'email_not_confirmed',
] as const;
export type TokenErrorCode = (typeof tokenErrorCodes)[number];

export function isTokenErrorCode(code: string): code is TokenErrorCode {
  return isOneOf(tokenErrorCodes, code);
}

/** What an actor rejects with when the server refused the sign-up session itself. */
export class SignupTokenError extends Refusal<TokenErrorCode> {
  override readonly name = 'SignupTokenError';
  constructor(code: TokenErrorCode) {
    super('The sign-up session', code);
  }
}

/** What such a step's context holds for the actions below. */
export interface SessionStepContext {
  tokenError: TokenErrorCode | null;
  next: string;
}

/** The guard `isTokenError` (params `{ error }`): the server refused the session itself. */
export function isTokenError(_: unknown, params: { error: unknown }): boolean {
  return params.error instanceof SignupTokenError;
}

/**
 * The named actions of such a step, for its setup: `setup({ actions: {
 * ...session.actions<Context, Event>(), … } })`.
 *
 * - `keepTokenError` (params `{ error }`): the code the server refused the session with;
 * - `keepNext` (params `{ next }`): where to go once the step went through.
 */
export function actions<TContext extends SessionStepContext, TEvent extends EventObject>() {
  return {
    // TypeScript cannot tell that these fit every such context: they do, as long as no
    // context narrows tokenError or next (as in form-parts.ts).
    keepTokenError: assign<TContext, TEvent, { error: unknown }, TEvent, never>(
      (_, params) =>
        ({
          tokenError: params.error instanceof SignupTokenError ? params.error.code : null,
        }) as Partial<TContext>,
    ),
    keepNext: assign<TContext, TEvent, { next: string }, TEvent, never>(
      (_, params) => ({ next: params.next }) as Partial<TContext>,
    ),
  };
}

/** An `onError` branch: the server refused the session itself, which is lost (`target`). */
export function lostOnTokenError(target: string) {
  return ifError('isTokenError', target, 'keepTokenError');
}

/** An invoked actor's `onDone` with `{ next }`: to `target`, keeping that address. */
export function doneWithNext(target: string) {
  return {
    target,
    actions: {
      type: 'keepNext' as const,
      params: ({ event }: { event: { output: { next: string } } }) => ({ next: event.output.next }),
    },
  };
}
