import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { ResetLinkInvalid, setPasswordMachine } from '../../machines/set-password.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { SetPasswordView } from '../../src/views/password/set-password.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, errorOf, internalEvents } from './path-harness.ts';
import { fieldEdited, refused, submitted } from './fixtures/form-steps.ts';

const TITLE = 'Set a new password';
const PASSWORD_RULE =
  'The password must be 8 to 128 characters long and contain a lowercase letter, an uppercase letter, a digit and a special character.';
const save = () => screen.getByRole('button', { name: /^(Save|Saving…)$/ });
const passwordField = () => screen.getByLabelText(/^New password/);
const invalid = (field: HTMLElement) => field.getAttribute('aria-invalid') === 'true';
const noForm = () => {
  expect(screen.queryByRole('form', { name: TITLE })).toBeNull();
  expect(screen.queryByLabelText(/^New password/)).toBeNull();
};

/**
 * Decision "Password rule": 8 to 128 characters with a lowercase letter, an uppercase
 * letter, a digit and a special character.
 */
const strong = ({ password }: { password: string }) =>
  password.length >= 8 &&
  password.length <= 128 &&
  /[a-z]/.test(password) &&
  /[A-Z]/.test(password) &&
  /\d/.test(password) &&
  /[^A-Za-z0-9]/.test(password);

describeMachinePaths(setPasswordMachine, {
  paths: 11,
  input: { token: 'abc' },
  // Section 2, Password reset (the link's second step), and the password rule: a strong
  // password is saved with the link's token; a link refused ends the form.
  steps: {
    editing: {
      'field.edit': fieldEdited('editing'),
      'form.submit': submitted('editing', strong, ({ password }, { context }) => ({
        to: 'submitting',
        starts: { savePassword: { token: context.token, password } },
      })),
    },
    submitting: {
      'done: savePassword': { to: 'changed' },
      'error: savePassword': (before, event) => {
        const error = errorOf(event) as unknown;
        return error instanceof ResetLinkInvalid
          ? { to: 'linkInvalid', set: { linkError: error.code } }
          : refused('editing')(before, event);
      },
    },
  },
  events: (snapshot) => [
    { type: 'form.submit', values: { password: 'Strong-pass-1' } },
    { type: 'form.submit', values: { password: 'short' } },
    // The rule's edges: one character short of 8, and no uppercase letter.
    { type: 'form.submit', values: { password: 'Stro-n1' } },
    { type: 'form.submit', values: { password: 'strong-pass-1' } },
    { type: 'field.edit', field: 'password' },
    ...internalEvents(snapshot, {
      savePassword: {
        error: [
          new FieldErrors([{ field: 'password', code: 'invalid_password', detail: 'Weak' }]),
          new ResetLinkInvalid('token_expired'),
        ],
      },
    }),
  ],
  states: {
    editing: (snapshot) => {
      // The form is open with the link's token kept; the link was not refused, and a
      // server error can only sit at the password field.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.token).toBe('abc');
      expect(snapshot.context.linkError).toBeNull();
      expect(snapshot.can({ type: 'form.submit', values: { password: 'Strong-pass-1' } })).toBe(
        true,
      );
      expect(Object.keys(snapshot.context.serverErrors).every((f) => f === 'password')).toBe(true);
    },
    submitting: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    linkInvalid: (snapshot) => expect(snapshot.context.linkError).toBe('token_expired'),
    changed: (snapshot) => expect(snapshot.status).toBe('done'),
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <SetPasswordView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      editing: (snapshot) => {
        screen.getByRole('heading', { name: TITLE });
        expect(save().textContent).toBe('Save');
        expect(save()).toHaveProperty('disabled', false);
        // The rule is the field's hint, or its error once the server refused the password.
        screen.getByText(PASSWORD_RULE);
        expect(invalid(passwordField())).toBe(
          snapshot.context.serverErrors['password'] !== undefined,
        );
      },
      submitting: () => {
        screen.getByRole('heading', { name: TITLE });
        expect(save().textContent).toContain('Saving…');
        expect(save()).toHaveProperty('disabled', true);
        expect(invalid(passwordField())).toBe(false);
      },
      linkInvalid: () => {
        screen.getByRole('heading', { name: TITLE });
        screen.getByText('This link has expired. Please request a new one.');
        expect(screen.queryByText('This link is not valid. Please request a new one.')).toBeNull();
        screen.getByRole('link', { name: 'Request a new link' });
        noForm();
      },
      changed: () => {
        expect(screen.getByRole('status').textContent).toBe(
          'Your password was changed. Sign in with the new one.',
        );
        screen.getByRole('link', { name: 'Sign in' });
        noForm();
      },
    },
  },
});
