import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { ResetLinkInvalid, setPasswordMachine } from '../../machines/set-password.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { SetPasswordView } from '../../src/views/password/set-password.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

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

describeMachinePaths(setPasswordMachine, {
  paths: 7,
  input: { token: 'abc' },
  events: (snapshot) => [
    { type: 'form.submit', values: { password: 'Strong-pass-1' } },
    { type: 'form.submit', values: { password: 'short' } },
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
