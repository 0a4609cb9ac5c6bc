import { expect } from 'vitest';
import { ResetLinkInvalid, setPasswordMachine } from '../../machines/set-password.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

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
});
