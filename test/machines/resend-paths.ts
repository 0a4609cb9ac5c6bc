import { afterEach, beforeEach, vi } from 'vitest';
import { ResendTooEarly } from '../../machines/verification.machine.ts';
import { errorOf, outputOf, type Outcome, type StepTable } from './path-harness.ts';

/* What the path tests of the flows that confirm an address by an e-mailed code share
   (sign-up's verification, the e-mail change): one clock, and the side of the page
   that asks for a new code after a countdown. */

/** The moment every path starts at, so the countdowns have their real lengths. */
export const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);

/** Every test of the file starts on T0 (a fake clock) and ends on the real one. */
export function startEachAtT0(): void {
  beforeEach(() => vi.setSystemTime(T0));
  afterEach(() => vi.useRealTimers());
}

/** The time `ms` after T0, as the server writes it. */
export const at = (ms: number) => new Date(T0 + ms).toISOString();

/**
 * Decision "Flows the spec leaves open": a new code may be asked for after a 60-second
 * countdown; when the server refuses one as too early, after the wait it gives (30 s
 * here). Keyed by when the countdown ends on the test's clock.
 */
const countdown: Record<number, number> = {
  [T0 + 60_000]: 60_000, // the first code, sent at T0
  [T0 + 120_000]: 60_000, // a new code, sent at T0 + 60 s
  [T0 + 90_000]: 30_000, // refused at T0 + 60 s: try again in 30 s
};

/**
 * The countdown side's steps, keyed by its state. `whole` names the page's whole state
 * for a state of this side (the other side stands still meanwhile); `resend` is the
 * effect that sends a new code; `otherFailure` the outcome of a failure it knows besides
 * "too early" (any other was said by the global handler: the user may ask again).
 */
export const resendRows = (
  whole: (state: string) => string,
  resend: string,
  otherFailure: (error: unknown) => Outcome | undefined = () => undefined,
): StepTable => ({
  'coolingDown.counting': {
    // The seconds left move every second.
    'after tick': ({ context }) => ({
      to: whole('coolingDown.counting'),
      set: { now: context.now + 1000 },
      after: 1000,
    }),
    // At its end a new code may be asked for; the clock last moved a second before.
    'after resendCooldown': ({ context }) => ({
      to: whole('ready'),
      set: { now: context.resendAt - 1000 },
      after: countdown[context.resendAt],
    }),
  },
  ready: {
    'code.resend': { to: whole('sending'), starts: { [resend]: undefined } },
  },
  sending: {
    // The old code stops working; a refusal at the field was about it, so it goes.
    [`done: ${resend}`]: (_, event) => {
      const sent: { email: string; resend_available_at: string } = outputOf(event);
      return {
        to: whole('coolingDown.counting'),
        set: {
          email: sent.email,
          resendAt: Date.parse(sent.resend_available_at),
          now: Date.now(),
          resent: true,
          serverErrors: {},
        },
      };
    },
    [`error: ${resend}`]: (_, event) => {
      const error = errorOf(event) as unknown;
      if (error instanceof ResendTooEarly) {
        return {
          to: whole('coolingDown.counting'),
          set: { now: Date.now(), resendAt: Date.now() + error.retryAfter * 1000 },
        };
      }
      return otherFailure(error) ?? { to: whole('ready') };
    },
  },
});
