import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { FieldErrors } from '../../machines/field-errors.ts';
import { secondFactorMachine } from '../../machines/second-factor.machine.ts';
import { SignupTokenError } from '../../machines/verification.machine.ts';
import { SecondFactorView } from '../../src/views/login/second-factor.view.tsx';
import { Providers } from '../render/providers.tsx';
import { fieldEdited, refused, submitted } from './fixtures/form-steps.ts';
import { describeMachinePaths, errorOf, internalEvents, outputOf } from './path-harness.ts';

const TITLE = 'Enter the code from your app';
const field = () => screen.getByLabelText(/^Code from the app or recovery code/);
const submit = () => screen.getByRole('button', { name: /^(Sign in|Checking…)$/ });
const WRONG = 'Invalid verification code';
const LOCKED = 'Too many wrong codes. Try again in 15 minutes.';
const EXPIRED = 'This sign-in has expired.';
const NOT_HERE = 'There is no sign-in in progress in this browser.';

/** Six digits of the app, or a recovery code (`xxxx-xxxx`, the hyphen optional). */
const validCode = ({ code }: { code: string }) =>
  /^\d{6}$/.test(code.trim()) || /^[a-z0-9]{4}-?[a-z0-9]{4}$/i.test(code.trim());

describeMachinePaths(secondFactorMachine, {
  paths: 14,
  // Decision 0218: after the right password of an account with the app on, /login/2
  // takes the app's code or a recovery code; a wrong one is said at the field; a step
  // that expired or was never started here sends the user to sign in again.
  steps: {
    editing: {
      'field.edit': fieldEdited('editing'),
      'form.submit': submitted('editing', validCode, ({ code }) => ({
        to: 'submitting',
        starts: { submitCode: { code: code.trim() } },
      })),
    },
    submitting: {
      'done: submitCode': (_, event) => ({
        to: 'signedIn',
        set: { next: (outputOf(event) as { next: string }).next },
      }),
      'error: submitCode': (before, event) => {
        const error = errorOf(event) as unknown;
        return error instanceof SignupTokenError
          ? { to: 'sessionLost', set: { tokenError: error.code } }
          : refused('editing')(before, event);
      },
    },
  },
  events: (snapshot) => [
    { type: 'form.submit', values: { code: '123456' } },
    { type: 'form.submit', values: { code: 'abcd-2345' } },
    { type: 'form.submit', values: { code: '12345' } },
    { type: 'field.edit', field: 'code' },
    ...internalEvents(snapshot, {
      submitCode: {
        output: [{ next: '/en/profile' }],
        error: [
          new FieldErrors([{ field: 'code', code: 'wrong_confirmation_code', detail: 'Wrong' }]),
          new FieldErrors([
            { field: 'code', code: 'max_confirmation_attempts_exceeded', detail: 'Locked' },
          ]),
          new SignupTokenError('token_expired'),
          new SignupTokenError('token_not_found'),
        ],
      },
    }),
  ],
  states: {
    editing: (snapshot) => expect(snapshot.hasTag('busy')).toBe(false),
    submitting: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    sessionLost: (snapshot) => expect(snapshot.context.tokenError).not.toBeNull(),
    signedIn: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ next: '/en/profile' });
    },
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <SecondFactorView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      editing: (snapshot) => {
        screen.getByRole('heading', { name: TITLE });
        const refusal = snapshot.context.serverErrors['code']?.code;
        expect(field().getAttribute('aria-invalid') === 'true').toBe(refusal !== undefined);
        // A lock is said in the app's own words: it ends by itself, no new code is mailed.
        expect(screen.queryByText(WRONG) !== null).toBe(refusal === 'wrong_confirmation_code');
        expect(screen.queryByText(LOCKED) !== null).toBe(
          refusal === 'max_confirmation_attempts_exceeded',
        );
        expect(submit().textContent).toBe('Sign in');
      },
      submitting: () => {
        screen.getByRole('heading', { name: TITLE });
        expect(submit().textContent).toContain('Checking…');
        expect(submit()).toHaveProperty('disabled', true);
      },
      sessionLost: (snapshot) => {
        screen.getByRole('heading', { name: TITLE });
        const expired = snapshot.context.tokenError === 'token_expired';
        screen.getByText(expired ? EXPIRED : NOT_HERE);
        expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe(
          '/en/login/1',
        );
        expect(screen.queryByRole('textbox')).toBeNull();
      },
      signedIn: () => {
        expect(screen.getByRole('status').textContent).toContain('Signed in. One moment…');
      },
    },
  },
});
