import { expect } from 'vitest';
import { loginMachine } from '../../machines/login.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const valid = { login: 'demo', password: 'Demo-pass-1' };

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
  serialize: (snapshot) => Object.keys(snapshot.context.serverErrors).sort(),
  states: {
    editing: (snapshot) => expect(snapshot.hasTag('busy')).toBe(false),
    submitting: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.serverErrors).toEqual({});
    },
    signedIn: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ next: '/en/subscription' });
    },
  },
});
