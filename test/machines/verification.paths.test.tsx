import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { PendingSignup } from '../../contract/identity.ts';
import {
  ResendTooEarly,
  SignupTokenError,
  secondsLeft,
  verificationMachine,
  type VerificationEvent,
} from '../../machines/verification.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { VerificationView } from '../../src/views/verification/verification.view.tsx';
import {
  describeMachinePaths,
  errorOf,
  internalEvents,
  outputOf,
  type StepTable,
} from './path-harness.ts';
import { englishView, loadingView } from './path-view.tsx';
import { at, resendRows, startEachAtT0 } from './resend-paths.ts';

const resendButton = () => screen.getByRole('button', { name: /Request a new code|Sending…/ });
const enabled = (button: HTMLElement) => !(button as HTMLButtonElement).disabled;
const confirmButton = () => screen.getByRole('button', { name: /^(Confirm|Checking…)$/ });

startEachAtT0();
const pending = {
  email: 'new@example.com',
  resend_available_at: at(60_000),
  code_expires_at: at(15 * 60_000),
  email_confirmed: false,
};
// A new code, sent once the first countdown ended (60 s on): the next one may follow 60 s later.
const renewed = { ...pending, email: 'new@example.com', resend_available_at: at(120_000) };
const wrongCode = { field: 'code', code: 'wrong_confirmation_code', detail: 'Invalid code' };

type Snapshot = SnapshotFrom<typeof verificationMachine>;
/** One state's rows: by event, what the step does. */
type Rows = StepTable<Snapshot, VerificationEvent>[string];

/** Section 8: a lost sign-up session ends the page, from whichever step it was lost. */
const sessionLost = (error: unknown) =>
  error instanceof SignupTokenError
    ? { to: 'sessionLost', set: { tokenError: error.code } }
    : undefined;

/** The code form's steps; `resend` is where the countdown side stands meanwhile. */
const codeRows = (resend: string): Record<string, Rows> => ({
  editing: {
    'field.edit': ({ context }, event) => {
      const { [(event as { field: string }).field]: _, ...rest } = context.serverErrors;
      return { to: `active.code.editing + resend.${resend}`, set: { serverErrors: rest } };
    },
    // Section 5: a submit clears the server's errors; only a 6-digit code is sent (trimmed).
    'form.submit': (_, event) => {
      const code = (event as { values: { code: string } }).values.code.trim();
      return /^\d{6}$/.test(code)
        ? {
            to: `active.code.submitting + resend.${resend}`,
            set: { serverErrors: {} },
            starts: { confirmCode: { code } },
          }
        : { to: `active.code.editing + resend.${resend}`, set: { serverErrors: {} } };
    },
  },
  submitting: {
    'done: confirmCode': (_, event) => {
      const confirmed: { next: string } = outputOf(event);
      return { to: 'confirmed', set: { next: confirmed.next } };
    },
    // Section 8: a lost sign-up session ends the page; a wrong code shows at its field.
    'error: confirmCode': (_, event) => {
      const error = errorOf(event) as unknown;
      return (
        sessionLost(error) ?? {
          to: `active.code.editing + resend.${resend}`,
          set: { serverErrors: { code: wrongCode } },
        }
      );
    },
  },
});

/** Every pair of the two sides of the active page, each step from its side's rows. */
function activeRows(): StepTable<Snapshot, VerificationEvent> {
  const table: StepTable<Snapshot, VerificationEvent> = {};
  for (const code of ['editing', 'submitting']) {
    for (const resend of ['coolingDown.counting', 'ready', 'sending']) {
      table[`active.code.${code} + resend.${resend}`] = {
        ...codeRows(resend)[code],
        ...resendRows(
          (state) => `active.code.${code} + resend.${state}`,
          'resendCode',
          sessionLost,
        )[resend],
      };
    }
  }
  return table;
}

describeMachinePaths(verificationMachine, {
  paths: 94,
  input: { confirmedNext: '/en/signup/2' },
  // Section 2, Signup (e-mail verification step), section 8 (sign-up and confirmation
  // codes) and the decision on the code: a 6-digit code, a new one after a 60 s countdown.
  steps: {
    loading: {
      'done: fetchPending': (_, event) => {
        const loaded: PendingSignup = outputOf(event);
        return loaded.email_confirmed
          ? { to: 'confirmed' }
          : {
              to: 'active.code.editing + resend.coolingDown.counting',
              set: {
                email: loaded.email,
                resendAt: Date.parse(loaded.resend_available_at),
                now: Date.now(),
              },
            };
      },
      'error: fetchPending': (_, event) => {
        const error = errorOf(event) as unknown;
        return sessionLost(error) ?? { to: 'unavailable' };
      },
    },
    unavailable: {
      'verification.retry': { to: 'loading', starts: { fetchPending: undefined } },
    },
    ...activeRows(),
  },
  events: (snapshot) => [
    { type: 'form.submit', values: { code: '123456' } },
    { type: 'form.submit', values: { code: '12' } },
    // The rule trims: a code with spaces around it is the same code, sent without them.
    { type: 'form.submit', values: { code: ' 123456 ' } },
    { type: 'field.edit', field: 'code' },
    { type: 'code.resend' },
    { type: 'verification.retry' },
    ...internalEvents(snapshot, {
      fetchPending: {
        output: [pending, { ...pending, email_confirmed: true }],
        error: [new SignupTokenError('token_not_found'), new Error('network down')],
      },
      confirmCode: {
        output: [{ next: '/en/signup/2' }],
        error: [
          new FieldErrors([
            { field: 'code', code: 'wrong_confirmation_code', detail: 'Invalid code' },
          ]),
          new SignupTokenError('wrong_token'),
        ],
      },
      resendCode: {
        output: [renewed],
        error: [new ResendTooEarly(30), new SignupTokenError('token_expired'), new Error('down')],
      },
    }),
  ],
  serialize: (snapshot) => ({
    email: snapshot.context.email,
    resent: snapshot.context.resent,
    errors: Object.keys(snapshot.context.serverErrors),
    tokenError: snapshot.context.tokenError,
    next: snapshot.context.next,
  }),
  states: {
    loading: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    unavailable: (snapshot) => {
      // The pending sign-up could not be loaded for another reason: not a lost session,
      // nothing loaded, and the page offers a retry.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.tokenError).toBeNull();
      expect(snapshot.context.email).toBe('');
      expect(snapshot.can({ type: 'verification.retry' })).toBe(true);
    },
    active: (snapshot) => {
      // The pending sign-up is loaded: its e-mail and resend time are known, no token error,
      // and busy only while a code is checked or a new one is sent.
      expect(snapshot.context.email).toBe('new@example.com');
      expect(snapshot.context.resendAt).toBeGreaterThan(0);
      expect(snapshot.context.tokenError).toBeNull();
      expect(snapshot.can({ type: 'verification.retry' })).toBe(false);
      expect(snapshot.hasTag('busy')).toBe(
        snapshot.matches({ active: { code: 'submitting' } }) ||
          snapshot.matches({ active: { resend: 'sending' } }),
      );
    },
    'active.code': (snapshot) => {
      // The code form runs side by side with the resend countdown.
      expect(snapshot.matches({ active: 'resend' })).toBe(true);
      expect(snapshot.context.next).toBe('/en/signup/2');
    },
    'active.code.editing': (snapshot) => {
      // The form takes edits and a valid code; only the code field can carry a server error.
      expect(snapshot.can({ type: 'field.edit', field: 'code' })).toBe(true);
      expect(snapshot.can({ type: 'form.submit', values: { code: '123456' } })).toBe(true);
      expect(Object.keys(snapshot.context.serverErrors).every((f) => f === 'code')).toBe(true);
      expect(snapshot.hasTag('busy')).toBe(snapshot.matches({ active: { resend: 'sending' } }));
    },
    'active.resend': (snapshot) => {
      // The resend countdown runs side by side with the code form.
      expect(snapshot.matches({ active: 'code' })).toBe(true);
      expect(snapshot.context.now).toBeGreaterThan(0);
    },
    'active.resend.coolingDown.counting': (snapshot) => {
      // The clock moves while counting down; no new code yet and nothing sent.
      expect(snapshot.can({ type: 'code.resend' })).toBe(false);
      expect(snapshot.hasTag('busy')).toBe(snapshot.matches({ active: { code: 'submitting' } }));
    },
    'active.resend.sending': (snapshot) => {
      // A new code is being requested: busy, and no second request meanwhile.
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.can({ type: 'code.resend' })).toBe(false);
    },
    'active.resend.coolingDown': (snapshot) => {
      expect(snapshot.can({ type: 'code.resend' })).toBe(false);
      expect(snapshot.context.resendAt).toBeGreaterThanOrEqual(snapshot.context.now);
    },
    'active.resend.ready': (snapshot) => expect(snapshot.can({ type: 'code.resend' })).toBe(true),
    'active.code.submitting': (snapshot) => expect(snapshot.context.serverErrors).toEqual({}),
    sessionLost: (snapshot) => expect(snapshot.context.tokenError).not.toBeNull(),
    confirmed: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ next: '/en/signup/2' });
    },
  },
  view: {
    render: englishView(VerificationView),
    states: {
      loading: loadingView('Loading…', 'textbox'),
      unavailable: () => {
        screen.getByRole('heading', { name: 'Confirm your email' });
        expect(enabled(screen.getByRole('button', { name: 'Try again' }))).toBe(true);
        expect(screen.queryByRole('textbox')).toBeNull();
      },
      active: () => {
        screen.getByText(/We sent a 6-digit code to new@example\.com/);
        screen.getByRole('textbox', { name: /Verification code/ });
      },
      'active.code': (snapshot) => {
        // A server refusal of the code shows at the code field, in words.
        const field = screen.getByRole('textbox', { name: /Verification code/ });
        if (snapshot.context.serverErrors['code']) {
          expect(field.getAttribute('aria-invalid')).toBe('true');
          screen.getByText('Invalid verification code');
        } else expect(field.getAttribute('aria-invalid')).not.toBe('true');
      },
      'active.code.editing': () => {
        expect(confirmButton().textContent).toBe('Confirm');
        expect(enabled(confirmButton())).toBe(true);
      },
      'active.code.submitting': () => {
        expect(confirmButton().textContent).toContain('Checking…');
        expect(enabled(confirmButton())).toBe(false);
      },
      'active.resend': (snapshot) => {
        // After a resend the page says the old code is void; not before.
        const notice = screen.queryByText(/The previous code no longer works/);
        expect(notice !== null).toBe(snapshot.context.resent);
      },
      'active.resend.coolingDown': () => {
        expect(enabled(resendButton())).toBe(false);
        screen.getByText(/You can request a new code in \d+ seconds?/);
      },
      'active.resend.coolingDown.counting': (snapshot) =>
        screen.getByText(new RegExp(`in ${secondsLeft(snapshot.context)} seconds?$`)),
      'active.resend.ready': () => {
        expect(enabled(resendButton())).toBe(true);
        expect(screen.queryByText(/You can request a new code in/)).toBeNull();
      },
      'active.resend.sending': () => {
        expect(resendButton().textContent).toContain('Sending…');
        expect(enabled(resendButton())).toBe(false);
      },
      sessionLost: () => {
        // A lost session offers a new code (by signing in), never a new sign-up.
        screen.getByText('To get a new code, sign in with your email and password.');
        expect(screen.queryByText(/Start the sign-up again/)).toBeNull();
        expect(screen.queryByRole('textbox')).toBeNull();
      },
      confirmed: () => within(screen.getByRole('status')).getByText(/Email confirmed/),
    },
  },
});
