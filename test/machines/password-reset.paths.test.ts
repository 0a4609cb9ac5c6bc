import { expect } from 'vitest';
import { passwordResetMachine } from '../../machines/password-reset.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

describeMachinePaths(passwordResetMachine, {
  paths: 8,
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
});
