import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { loginMachine } from '../../machines/login.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { LoginView } from '../../src/views/login/login.view.tsx';
import { Providers } from '../render/providers.tsx';
import { refusedFields, submitOnceStates } from './form-paths.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

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

describeMachinePaths(loginMachine, {
  paths: 13,
  input: { next: '/en/profile' },
  events: (snapshot) => [
    { type: 'form.submit', values: valid },
    { type: 'form.submit', values: { login: '   ', password: '' } },
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
