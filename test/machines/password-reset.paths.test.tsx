import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { passwordResetMachine } from '../../machines/password-reset.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { ResetView } from '../../src/views/password/password-reset.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, internalEvents } from './path-harness.ts';
import { fieldEdited, refused } from './fixtures/form-steps.ts';

const INVALID = 'Please enter a valid email address';
const send = () => screen.getByRole('button', { name: /^(Send|Sending…)$/ });
const emailField = () => screen.getByRole('textbox', { name: /^Email/ });

/** Section 5, Password reset: the e-mail is required and valid (trimmed). */
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

describeMachinePaths(passwordResetMachine, {
  paths: 8,
  // Section 2, Password reset, and section 5 (Behaviour, Per form): a valid address is
  // sent, trimmed; the answer is the same for known and unknown addresses.
  steps: {
    editing: {
      'field.edit': fieldEdited('editing'),
      'form.submit': (_, event) => {
        const email = (event as { values: { email: string } }).values.email.trim();
        return EMAIL.test(email)
          ? {
              to: 'submitting',
              set: { email, serverErrors: {} },
              starts: { requestReset: { email } },
            }
          : { to: 'editing', set: { serverErrors: {} } };
      },
    },
    submitting: {
      'done: requestReset': { to: 'sent' },
      'error: requestReset': refused('editing'),
    },
  },
  events: (snapshot) => [
    { type: 'form.submit', values: { email: ' someone@example.com ' } },
    { type: 'form.submit', values: { email: 'not-an-email' } },
    { type: 'field.edit', field: 'email' },
    ...internalEvents(snapshot, {
      requestReset: {
        error: [new FieldErrors([{ field: 'email', code: 'email', detail: 'Invalid' }])],
      },
    }),
  ],
  states: {
    editing: (snapshot) => {
      // The form is open: not busy, edits and a valid address are taken, and a server
      // error can only sit at the e-mail field.
      expect(snapshot.status).toBe('active');
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: 'field.edit', field: 'email' })).toBe(true);
      expect(snapshot.can({ type: 'form.submit', values: { email: 'a@example.com' } })).toBe(true);
      expect(Object.keys(snapshot.context.serverErrors).every((f) => f === 'email')).toBe(true);
    },
    submitting: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.email).toBe('someone@example.com');
    },
    sent: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.context.email).toBe('someone@example.com');
    },
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <ResetView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      editing: (snapshot) => {
        screen.getByRole('heading', { name: 'Password reset' });
        screen.getByText(
          'Enter the email of your account and we will send you a link to set a new password.',
        );
        expect(send().textContent).toBe('Send');
        expect(send()).toHaveProperty('disabled', false);
        // The server's refusal of the address shows at the field, until it is edited.
        const refused = snapshot.context.serverErrors['email'] !== undefined;
        expect(emailField().getAttribute('aria-invalid') === 'true').toBe(refused);
        expect(screen.queryByText(INVALID) !== null).toBe(refused);
        screen.getByRole('link', { name: 'Back to sign in' });
      },
      submitting: () => {
        expect(send().textContent).toContain('Sending…');
        expect(send()).toHaveProperty('disabled', true);
        expect(emailField().getAttribute('aria-invalid')).not.toBe('true');
        expect(screen.queryByText(INVALID)).toBeNull();
      },
      sent: () => {
        // The same answer whether or not the account exists, at the trimmed address.
        expect(screen.getByRole('status').textContent).toBe(
          'If an account exists for someone@example.com, we sent a link to reset the password.',
        );
        expect(screen.queryByRole('textbox')).toBeNull();
        expect(screen.queryByRole('button')).toBeNull();
        screen.getByRole('link', { name: 'Back to sign in' });
      },
    },
  },
});
