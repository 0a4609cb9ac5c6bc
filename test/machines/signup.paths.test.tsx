import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { signupMachine } from '../../machines/signup.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { SocialButtons } from '../../src/views/login/social-buttons.tsx';
import { SignupView } from '../../src/views/signup/signup.view.tsx';
import { Providers } from '../render/providers.tsx';
import { refusedFields, submitOnceStates } from './form-paths.ts';
import { describeMachinePaths, internalEvents, outputOf } from './path-harness.ts';
import { fieldEdited, refused, submitted } from './fixtures/form-steps.ts';

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

/**
 * Section 5, Signup, and the decision's password rule: a valid e-mail, a password of 8
 * to 128 characters with a lowercase and an uppercase letter, a digit and a special
 * character, and the terms agreed to.
 */
const validSignup = (v: { email: string; password: string; agree: boolean }) =>
  /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v.email.trim()) &&
  v.password.length >= 8 &&
  v.password.length <= 128 &&
  /[a-z]/.test(v.password) &&
  /[A-Z]/.test(v.password) &&
  /\d/.test(v.password) &&
  /[^A-Za-z0-9]/.test(v.password) &&
  v.agree;

describeMachinePaths(signupMachine, {
  paths: 19,
  input: { next: '/en/profile' },
  // Section 2, Signup (step 0), section 5 and section 8's sign-up codes at their fields:
  // a valid form creates the account and goes on to the e-mail verification step.
  steps: {
    editing: {
      'field.edit': fieldEdited('editing'),
      'form.submit': submitted('editing', validSignup, (values, { context }) => ({
        to: 'submitting',
        starts: { submitSignup: { ...values, next: context.next } },
      })),
    },
    submitting: {
      'done: submitSignup': (_, event) => {
        const answer: { next: string } = outputOf(event);
        return { to: 'registered', set: { next: answer.next } };
      },
      'error: submitSignup': refused('editing'),
    },
  },
  events: (snapshot) => [
    { type: 'form.submit', values: valid },
    { type: 'form.submit', values: { ...valid, agree: false } },
    { type: 'form.submit', values: { ...valid, password: 'weakpass' } },
    { type: 'form.submit', values: { ...valid, email: 'new.example.com' } },
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
