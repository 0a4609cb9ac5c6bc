import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { signupMachine } from '../../machines/signup.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { SocialButtons } from '../../src/views/login/social-buttons.tsx';
import { SignupView } from '../../src/views/signup/signup.view.tsx';
import { Providers } from '../render/providers.tsx';
import { refusedFields, submitOnceStates } from './form-paths.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const valid = { email: 'new@example.com', password: 'Strong-pass-1', agree: true };
const TAKEN = 'A profile with this email already exists.';
const PASSWORD_RULE =
  'The password must be 8 to 128 characters long and contain a lowercase letter, an uppercase letter, a digit and a special character.';
const submit = () =>
  screen.getByRole('button', { name: /^(Create an account|Creating the account…)$/ });
const emailField = () => screen.getByRole('textbox', { name: /^Email/ });
const passwordField = () => screen.getByLabelText(/^Password/);
const invalid = (field: HTMLElement) => field.getAttribute('aria-invalid') === 'true';
const socialButtons = () =>
  ['Yandex', 'Google', 'GitHub'].map((name) => screen.getByRole('button', { name }));

describeMachinePaths(signupMachine, {
  paths: 16,
  input: { next: '/en/profile' },
  events: (snapshot) => [
    { type: 'form.submit', values: valid },
    { type: 'form.submit', values: { ...valid, agree: false } },
    { type: 'form.submit', values: { ...valid, password: 'weakpass' } },
    { type: 'field.edit', field: 'email' },
    { type: 'field.edit', field: 'password' },
    ...internalEvents(snapshot, {
      submitSignup: {
        output: [{ next: '/en/signup/1' }],
        error: [
          new FieldErrors([
            { field: 'email', code: 'user_already_exists', detail: 'A profile exists' },
          ]),
          new FieldErrors([{ field: 'password', code: 'invalid_password', detail: 'Too weak' }]),
          new Error('network down'),
        ],
      },
    }),
  ],
  serialize: refusedFields,
  states: submitOnceStates('registered', { next: '/en/signup/1' }),
  view: {
    // The social buttons as the screen draws them: not chosen while the form is busy.
    render: (snapshot) => (
      <Providers locale="en">
        <SignupView
          snapshot={snapshot}
          send={() => {}}
          social={
            <SocialButtons
              intent="signup"
              next={snapshot.context.next}
              disabled={snapshot.hasTag('busy')}
              onChoose={() => {}}
            />
          }
        />
      </Providers>
    ),
    states: {
      editing: (snapshot) => {
        screen.getByRole('heading', { name: 'Create an account' });
        screen.getByRole('checkbox', {
          name: /I agree to the terms of service and the privacy policy/,
        });
        expect(submit().textContent).toBe('Create an account');
        expect(submit()).toHaveProperty('disabled', false);
        for (const button of socialButtons()) expect(button).toHaveProperty('disabled', false);
        // A taken e-mail says so at the field and offers to sign in with it instead.
        const taken = snapshot.context.serverErrors['email'] !== undefined;
        expect(invalid(emailField())).toBe(taken);
        expect(screen.queryByText(TAKEN) !== null).toBe(taken);
        expect(screen.queryByRole('link', { name: 'Sign in with this email' }) !== null).toBe(
          taken,
        );
        // A refused password shows the rule as its error, else the rule is the field's hint.
        expect(invalid(passwordField())).toBe(
          snapshot.context.serverErrors['password'] !== undefined,
        );
        screen.getByText(PASSWORD_RULE);
      },
      submitting: () => {
        screen.getByRole('heading', { name: 'Create an account' });
        expect(submit().textContent).toContain('Creating the account…');
        expect(submit()).toHaveProperty('disabled', true);
        for (const button of socialButtons()) expect(button).toHaveProperty('disabled', true);
        expect(invalid(emailField())).toBe(false);
        expect(invalid(passwordField())).toBe(false);
        expect(screen.queryByText(TAKEN)).toBeNull();
      },
      registered: () => {
        expect(screen.getByRole('status').textContent).toBe('Creating the account…');
        expect(screen.queryByRole('form', { name: 'Create an account' })).toBeNull();
        expect(screen.queryByRole('button')).toBeNull();
      },
    },
  },
});
