import { expect } from 'vitest';
import { ResetLinkInvalid, setPasswordMachine } from '../../machines/set-password.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

describeMachinePaths(setPasswordMachine, {
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
    submitting: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    linkInvalid: (snapshot) => expect(snapshot.context.linkError).toBe('token_expired'),
    changed: (snapshot) => expect(snapshot.status).toBe('done'),
  },
});
