import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { loginMachine } from '../../machines/login.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { LoginView } from '../../src/views/login/login.view.tsx';
import { Providers } from '../render/providers.tsx';
import { refusedFields } from './form-paths.ts';
import { describeMachinePaths, errorOf, internalEvents, outputOf } from './path-harness.ts';
import { fieldEdited, refused, submitted } from './fixtures/form-steps.ts';
import type { LoginValues } from '../../machines/login.machine.ts';

const valid = { login: 'demo', password: 'Demo-pass-1' };
const NO_PROFILE = 'There is no profile with this email';
const WRONG_PASSWORD = 'The password is incorrect';
const submit = () => screen.getByRole('button', { name: /^(Sign in|Signing in…)$/ });
const passkeyButton = () => screen.getByRole('button', { name: 'Sign in with a passkey' });
const loginField = () => screen.getByRole('textbox', { name: /^Username or email/ });
const passwordField = () => screen.getByLabelText(/^Password/);
/** The field shows the server's refusal, in words and as invalid, exactly when it has one. */
const refusalShown = (field: HTMLElement, text: string, refused: boolean) => {
  expect(field.getAttribute('aria-invalid') === 'true').toBe(refused);
  expect(screen.queryByText(text) !== null).toBe(refused);
};
/** Section 8 and decision 0219: each passkey failure in its words, none without one. */
const PASSKEY_WORDS: Record<string, string> = {
  passkey_failed: 'The passkey was not accepted. Try again, or sign in with your password.',
  too_many_requests: 'Too many attempts. Please wait a few minutes and try again.',
  passkey_cancelled:
    'No passkey was used: it was cancelled or took too long. You can sign in with your password.',
};
const passkeyRefusalShown = (snapshot: AnyMachineSnapshot) => {
  const code = snapshot.context.passkeyError as string | null;
  const alert = screen.queryByRole('alert');
  expect(alert?.textContent ?? null).toBe(code === null ? null : PASSKEY_WORDS[code]);
};

/** Section 5, Login: login and password are required (spaces alone are nothing). */
const validLogin = (values: LoginValues) => values.login.trim() !== '' && values.password !== '';
const next = '/en/profile';
const signedIn = (_: unknown, event: unknown) => ({
  to: 'signedIn',
  set: { next: outputOf<{ next: string }>(event).next },
});
/** A passkey refusal keeps its code for the page to tell. */
const passkeyRefused =
  (to: string, starts?: Record<string, unknown>) => (_: unknown, event: unknown) => ({
    to,
    set: { passkeyError: errorOf(event).code ?? 'system' },
    ...(starts && { starts }),
  });

/** The form's rows while editing, the autofill offered or not: edits, submit, the button. */
const editingRows = (state: 'editing.offering' | 'editing.idle') => ({
  'field.edit': fieldEdited(state),
  'form.submit': submitted(state, validLogin, (values, { context }) => ({
    to: 'submitting',
    starts: { submitLogin: { ...values, next: context.next } },
  })),
  'passkey.start': {
    to: 'passkey',
    set: { passkeyError: null },
    starts: { signInWithPasskey: { next } },
  },
});

describeMachinePaths(loginMachine, {
  paths: 73,
  input: { next },
  // Section 2, Login, section 5 (Behaviour, Per form) and section 8 (user_absent,
  // wrong_credentials at their fields): a valid form signs in and goes to next. Decision
  // 0219: a passkey signs in from the button or the autofill; its refusal is told on the
  // page, and the form stays as it was.
  steps: {
    'editing.offering': {
      ...editingRows('editing.offering'),
      'done: watchPasskeyAutofill': signedIn,
      // Told; the autofill offers nothing more, lest a refused passkey be offered again and again.
      'error: watchPasskeyAutofill': passkeyRefused('editing.idle'),
    },
    'editing.idle': editingRows('editing.idle'),
    submitting: {
      'done: submitLogin': signedIn,
      // Back to the form, whose autofill offers the passkeys again.
      'error: submitLogin': (before, event) => ({
        ...refused('editing.offering')(before, event),
        starts: { watchPasskeyAutofill: { next } },
      }),
    },
    passkey: {
      'done: signInWithPasskey': signedIn,
      // Back to the form, whose autofill offers the passkeys again.
      'error: signInWithPasskey': passkeyRefused('editing.offering', {
        watchPasskeyAutofill: { next },
      }),
    },
  },
  events: (snapshot) => [
    { type: 'form.submit', values: valid },
    { type: 'form.submit', values: { login: '   ', password: '' } },
    // Spaces alone are no login, even with a password.
    { type: 'form.submit', values: { login: '   ', password: valid.password } },
    { type: 'field.edit', field: 'login' },
    { type: 'field.edit', field: 'password' },
    { type: 'passkey.start' },
    ...internalEvents(snapshot, {
      submitLogin: {
        output: [{ next: '/en/subscription' }],
        error: [
          new FieldErrors([
            { field: 'login', code: 'user_absent', detail: 'There is no profile with this email' },
          ]),
          new FieldErrors([
            { field: 'password', code: 'wrong_credentials', detail: 'The password is incorrect' },
          ]),
          new Error('network down'),
        ],
      },
      signInWithPasskey: {
        output: [{ next: '/en/subscription' }],
        error: [
          { code: 'passkey_failed' },
          { code: 'too_many_requests' },
          { code: 'passkey_cancelled' },
        ],
      },
      watchPasskeyAutofill: {
        output: [{ next: '/en/subscription' }],
        error: [{ code: 'passkey_failed' }],
      },
    }),
  ],
  // A passkey refusal told or not: which one is the view's concern, checked where it comes.
  serialize: (snapshot) => [refusedFields(snapshot), snapshot.context.passkeyError !== null],
  states: {
    signedIn: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ next: '/en/subscription' });
    },
    // The autofill waits for a passkey while the form waits for the user, and only then.
    editing: (snapshot) => expect(snapshot.hasTag('busy')).toBe(false),
    'editing.offering': (snapshot) =>
      expect(snapshot.children).toHaveProperty('watchPasskeyAutofill'),
    'editing.idle': (snapshot) => {
      expect(snapshot.children).not.toHaveProperty('watchPasskeyAutofill');
      expect(snapshot.context.passkeyError).not.toBeNull();
    },
    submitting: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.serverErrors).toEqual({});
    },
    passkey: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.passkeyError).toBeNull();
    },
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <LoginView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      'editing.offering': () => screen.getByRole('form', { name: 'Sign in' }),
      'editing.idle': () => expect(screen.getByRole('alert').textContent).not.toBe(''),
      editing: (snapshot) => {
        screen.getByRole('heading', { name: 'Sign in' });
        screen.getByRole('link', { name: 'Forgot password?' });
        screen.getByRole('link', { name: 'Create an account' });
        expect(submit().textContent).toBe('Sign in');
        expect(submit()).toHaveProperty('disabled', false);
        expect(passkeyButton()).toHaveProperty('disabled', false);
        // The browser's autofill offers passkeys in the login field.
        expect(loginField().getAttribute('autocomplete')).toBe('username webauthn');
        const { serverErrors } = snapshot.context;
        refusalShown(loginField(), NO_PROFILE, serverErrors['login'] !== undefined);
        refusalShown(passwordField(), WRONG_PASSWORD, serverErrors['password'] !== undefined);
        passkeyRefusalShown(snapshot);
      },
      submitting: (snapshot) => {
        screen.getByRole('heading', { name: 'Sign in' });
        expect(submit().textContent).toContain('Signing in…');
        expect(submit()).toHaveProperty('disabled', true);
        expect(passkeyButton()).toHaveProperty('disabled', true);
        // The submit cleared the refusals: none shows while the server answers.
        refusalShown(loginField(), NO_PROFILE, false);
        refusalShown(passwordField(), WRONG_PASSWORD, false);
        passkeyRefusalShown(snapshot);
      },
      passkey: (snapshot) => {
        expect(passkeyButton()).toHaveProperty('disabled', true);
        expect(submit()).toHaveProperty('disabled', true);
        // The fields stay as they were, to be used should the passkey fail.
        expect(loginField()).toHaveProperty('disabled', false);
        expect(passwordField()).toHaveProperty('disabled', false);
        passkeyRefusalShown(snapshot);
      },
      signedIn: () => {
        expect(screen.getByRole('status').textContent).toBe('Signing in…');
        expect(screen.queryByRole('form', { name: 'Sign in' })).toBeNull();
        expect(screen.queryByRole('button', { name: /Sign in/ })).toBeNull();
      },
    },
  },
});
