import { expect } from 'vitest';
import {
  ResendTooEarly,
  SignupTokenError,
  verificationMachine,
} from '../../machines/verification.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

// Far enough ahead that no tick of a path reaches it before the path asks.
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const pending = {
  email: 'new@example.com',
  resend_available_at: later(10),
  code_expires_at: later(15),
  email_confirmed: false,
};
const renewed = { ...pending, email: 'new@example.com', resend_available_at: later(11) };

describeMachinePaths(verificationMachine, {
  input: { confirmedNext: '/en/signup/2' },
  events: (snapshot) => [
    { type: 'form.submit', values: { code: '123456' } },
    { type: 'form.submit', values: { code: '12' } },
    { type: 'field.edit', field: 'code' },
    { type: 'code.resend' },
    { type: 'verification.retry' },
    ...internalEvents(snapshot, {
      fetchPending: {
        output: [pending, { ...pending, email_confirmed: true }],
        error: [new SignupTokenError('token_not_found'), new Error('network down')],
      },
      confirmCode: {
        output: [{ next: '/en/signup/2' }],
        error: [
          new FieldErrors([
            { field: 'code', code: 'wrong_confirmation_code', detail: 'Invalid code' },
          ]),
          new SignupTokenError('wrong_token'),
        ],
      },
      resendCode: {
        output: [renewed],
        error: [new ResendTooEarly(30), new SignupTokenError('token_expired'), new Error('down')],
      },
    }),
  ],
  serialize: (snapshot) => ({
    email: snapshot.context.email,
    resent: snapshot.context.resent,
    errors: Object.keys(snapshot.context.serverErrors),
    tokenError: snapshot.context.tokenError,
    next: snapshot.context.next,
  }),
  states: {
    loading: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    'active.resend.coolingDown': (snapshot) => {
      expect(snapshot.can({ type: 'code.resend' })).toBe(false);
      expect(snapshot.context.resendAt).toBeGreaterThanOrEqual(snapshot.context.now);
    },
    'active.resend.ready': (snapshot) => expect(snapshot.can({ type: 'code.resend' })).toBe(true),
    'active.code.submitting': (snapshot) => expect(snapshot.context.serverErrors).toEqual({}),
    sessionLost: (snapshot) => expect(snapshot.context.tokenError).not.toBeNull(),
    confirmed: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ next: '/en/signup/2' });
    },
  },
});
