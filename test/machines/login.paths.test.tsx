import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { loginMachine } from '../../machines/login.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { LoginView } from '../../src/views/login/login.view.tsx';
import { Providers } from '../render/providers.tsx';
import { refusedFields, submitOnceStates } from './form-paths.ts';
import { describeMachinePaths, internalEvents, outputOf } from './path-harness.ts';
import { fieldEdited, refused, submitted } from './fixtures/form-steps.ts';
import type { LoginValues } from '../../machines/login.machine.ts';

const valid = { login: 'demo', password: 'Demo-pass-1' };
const NO_PROFILE = 'There is no profile with this email';
const WRONG_PASSWORD = 'The password is incorrect';
const submit = () => screen.getByRole('button', { name: /^(Sign in|Signing in…)$/ });
const loginField = () => screen.getByRole('textbox', { name: /^Username or email/ });
const passwordField = () => screen.getByLabelText(/^Password/);
/** The field shows the server's refusal, in words and as invalid, exactly when it has one. */
const refusalShown = (field: HTMLElement, text: string, refused: boolean) => {
  expect(field.getAttribute('aria-invalid') === 'true').toBe(refused);
  expect(screen.queryByText(text) !== null).toBe(refused);
};

/** Section 5, Login: login and password are required (spaces alone are nothing). */
const validLogin = (values: LoginValues) => values.login.trim() !== '' && values.password !== '';

describeMachinePaths(loginMachine, {
  paths: 16,
  input: { next: '/en/profile' },
  // Section 2, Login, section 5 (Behaviour, Per form) and section 8 (user_absent,
  // wrong_credentials at their fields): a valid form signs in and goes to next.
  steps: {
    editing: {
      'field.edit': fieldEdited('editing'),
      'form.submit': submitted('editing', validLogin, (values, { context }) => ({
        to: 'submitting',
        starts: { submitLogin: { ...values, next: context.next } },
      })),
    },
    submitting: {
      'done: submitLogin': (_, event) => {
        const answer: { next: string } = outputOf(event);
        return { to: 'signedIn', set: { next: answer.next } };
      },
      'error: submitLogin': refused('editing'),
    },
  },
  events: (snapshot) => [
    { type: 'form.submit', values: valid },
    { type: 'form.submit', values: { login: '   ', password: '' } },
    // Spaces alone are no login, even with a password.
    { type: 'form.submit', values: { login: '   ', password: valid.password } },
    { type: 'field.edit', field: 'login' },
    { type: 'field.edit', field: 'password' },
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
    }),
  ],
  serialize: refusedFields,
  states: submitOnceStates('signedIn', { next: '/en/subscription' }),
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <LoginView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      editing: (snapshot) => {
        screen.getByRole('heading', { name: 'Sign in' });
        screen.getByRole('link', { name: 'Forgot password?' });
        screen.getByRole('link', { name: 'Create an account' });
        expect(submit().textContent).toBe('Sign in');
        expect(submit()).toHaveProperty('disabled', false);
        const { serverErrors } = snapshot.context;
        refusalShown(loginField(), NO_PROFILE, serverErrors['login'] !== undefined);
        refusalShown(passwordField(), WRONG_PASSWORD, serverErrors['password'] !== undefined);
      },
      submitting: () => {
        screen.getByRole('heading', { name: 'Sign in' });
        expect(submit().textContent).toContain('Signing in…');
        expect(submit()).toHaveProperty('disabled', true);
        // The submit cleared the refusals: none shows while the server answers.
        refusalShown(loginField(), NO_PROFILE, false);
        refusalShown(passwordField(), WRONG_PASSWORD, false);
      },
      signedIn: () => {
        expect(screen.getByRole('status').textContent).toBe('Signing in…');
        expect(screen.queryByRole('form', { name: 'Sign in' })).toBeNull();
        expect(screen.queryByRole('button', { name: /Sign in/ })).toBeNull();
      },
    },
  },
});
