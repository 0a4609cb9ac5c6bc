import { expect } from 'vitest';
import { signupMachine } from '../../machines/signup.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const valid = { email: 'new@example.com', password: 'Strong-pass-1', agree: true };

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
  serialize: (snapshot) => Object.keys(snapshot.context.serverErrors).sort(),
  states: {
    editing: (snapshot) => expect(snapshot.hasTag('busy')).toBe(false),
    submitting: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.serverErrors).toEqual({});
    },
    registered: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ next: '/en/signup/1' });
    },
  },
});
