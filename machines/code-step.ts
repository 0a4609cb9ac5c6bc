import { assign, type EventObject } from 'xstate';
import { ConfirmForm } from '../contract/identity.ts';
import { fromOutput, ifError } from './event-params.ts';
import * as form from './form-parts.ts';
import type { FormContext } from './form-parts.ts';

/*
 * The step that checks a mailed code (sign-up's e-mail verification, the e-mail change),
 * written once: the code form and the resend countdown run side by side. The countdown
 * is the state `resend.coolingDown`: it ends after `resendCooldown` (until the server's
 * resend_available_at, or its retry_after when it refused a new code too early) and
 * moves the displayed clock every `tick` (1 s). Machines import it whole (`import * as
 * codeStep from './code-step.ts'`): `states: { editing: codeStep.editing('isValid',
 * 'submitting'), … }` and `resend: codeStep.resendRegion('resendCode')`. The guards,
 * actions and delays keep their names in the machine's setup, so docs/flows show
 * `isTooEarly`, `keepResentCode`, `moveClock`.
 */

/** The code form's values. */
export interface CodeValues {
  code: string;
}

/** The server refused a new code before its cooldown ended (resend_too_early). */
export class ResendTooEarly extends Error {
  /** Seconds until a new code may be requested. */
  readonly retryAfter: number;
  constructor(retryAfter: number) {
    super(`A new code may be requested in ${retryAfter} s`);
    this.name = 'ResendTooEarly';
    this.retryAfter = retryAfter;
  }
}

/** What the server answers when it mailed a code. */
export interface PendingCode {
  /** The address the code went to. */
  email: string;
  /** ISO time; before it the server refuses a new code (resend_too_early). */
  resend_available_at: string;
}

/** What a code step's context holds for the parts below. */
export interface CodeStepContext extends FormContext {
  /** The address the code went to. */
  email: string;
  /** Local time (ms) from which a new code may be requested. */
  resendAt: number;
  /** The clock of the countdown (ms), moved by `tick`; the view derives the seconds. */
  now: number;
  /** A new code was sent: the old one no longer works. */
  resent: boolean;
}

/** Seconds left until a new code may be requested, for display. */
export function secondsLeft(context: Pick<CodeStepContext, 'resendAt' | 'now'>): number {
  return Math.max(0, Math.ceil((context.resendAt - context.now) / 1000));
}

/** The address and the countdown of a mailed code, as an assignment to the context. */
export function fromPending(
  pending: PendingCode,
): Pick<CodeStepContext, 'email' | 'resendAt' | 'now'> {
  return {
    email: pending.email,
    resendAt: Date.parse(pending.resend_available_at),
    now: Date.now(),
  };
}

/** The guard `isValidCode` (params `{ values }`): the code passes the form's rules. */
export const isValidCode = form.passes(ConfirmForm);

/** The guard `isTooEarly` (params `{ error }`): the server refused a new code too early. */
export function isTooEarly(_: unknown, params: { error: unknown }): boolean {
  return params.error instanceof ResendTooEarly;
}

/**
 * The named actions of the resend countdown, for a setup: `setup({ actions: {
 * ...codeStep.actions<Context, Event>(), … } })`.
 *
 * - `moveClock`: the countdown's clock moves to now;
 * - `keepResentCode` (params `{ pending }`): a new code went out, the old one no longer
 *   works, and the code field's refusal goes with it;
 * - `waitAfterRefusal` (params `{ error }`): the countdown starts again for the
 *   server's retry_after.
 */
export function actions<TContext extends CodeStepContext, TEvent extends EventObject>() {
  // TypeScript cannot tell that these fit every such context: they do, as long as no
  // context narrows the fields of CodeStepContext (as in form-parts.ts).
  return {
    moveClock: assign<TContext, TEvent, undefined, TEvent, never>(
      () => ({ now: Date.now() }) as Partial<TContext>,
    ),
    keepResentCode: assign<TContext, TEvent, { pending: PendingCode }, TEvent, never>(
      (_, params) =>
        ({ ...fromPending(params.pending), resent: true, serverErrors: {} }) as Partial<TContext>,
    ),
    waitAfterRefusal: assign<TContext, TEvent, { error: unknown }, TEvent, never>((_, params) => {
      const now = Date.now();
      const wait = params.error instanceof ResendTooEarly ? params.error.retryAfter : 0;
      return { now, resendAt: now + wait * 1000 } as Partial<TContext>;
    }),
  };
}

/** The delays of the countdown, for a setup: `setup({ delays: codeStep.delays })`. */
export const delays = {
  resendCooldown: ({ context }: { context: Pick<CodeStepContext, 'resendAt' | 'now'> }) =>
    Math.max(0, context.resendAt - context.now),
  tick: 1000,
};

/**
 * The code form's `editing` state: the code field, refused codes at it; a valid submit
 * goes on to `target` (which checks the code) when `guard` passes the values.
 */
export function editing<TGuard extends string>(guard: TGuard, target: string) {
  return {
    description: 'The code field — a wrong code is refused at it.',
    on: {
      'field.edit': form.forgetServerErrorOnEdit(),
      'form.submit': form.submitWhen(guard, target),
    },
  };
}

/** A code form's submit event, as the `input` of the actor that checks it: the code. */
export function submittedCode({ event }: { event: EventObject & { values?: { code?: string } } }) {
  return { code: event.type === 'form.submit' ? (event.values?.code?.trim() ?? '') : '' };
}

/**
 * The `resend` region: the countdown, then a new code may be requested (`code.resend`),
 * which the invoked actor `actor` sends. Refused too early, the countdown starts again;
 * the `refusals` (`onError` branches) come next; any other failure went to the global
 * handler, and the user may try again.
 */
export function resendRegion<TActor extends string, TRefusal extends object>(
  actor: TActor,
  refusals: TRefusal[] = [],
) {
  return {
    description: 'Request a new code.',
    initial: 'coolingDown',
    states: {
      coolingDown: {
        description: 'The countdown until a new code may be requested.',
        initial: 'counting',
        after: { resendCooldown: 'ready' },
        states: {
          counting: {
            description: 'The seconds left move every second.',
            after: {
              tick: { target: 'counting', reenter: true, actions: 'moveClock' as const },
            },
          },
        },
      },
      ready: {
        description: 'A new code may be requested.',
        on: { 'code.resend': 'sending' },
      },
      sending: {
        description: 'Sends a new code — the previous one stops working.',
        tags: ['busy'],
        invoke: {
          id: actor,
          src: actor,
          onDone: {
            target: 'coolingDown',
            actions: { type: 'keepResentCode' as const, params: fromOutput('pending') },
          },
          onError: [
            ifError('isTooEarly', 'coolingDown', 'waitAfterRefusal'),
            ...refusals,
            { target: 'ready' },
          ],
        },
      },
    },
  };
}
