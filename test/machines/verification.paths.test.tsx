import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import {
  ResendTooEarly,
  SignupTokenError,
  secondsLeft,
  verificationMachine,
} from '../../machines/verification.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { VerificationView } from '../../src/views/verification/verification.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const resendButton = () => screen.getByRole('button', { name: /Request a new code|Sending…/ });
const enabled = (button: HTMLElement) => !(button as HTMLButtonElement).disabled;
const confirmButton = () => screen.getByRole('button', { name: /^(Confirm|Checking…)$/ });

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
  paths: 82,
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
    unavailable: (snapshot) => {
      // The pending sign-up could not be loaded for another reason: not a lost session,
      // nothing loaded, and the page offers a retry.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.tokenError).toBeNull();
      expect(snapshot.context.email).toBe('');
      expect(snapshot.can({ type: 'verification.retry' })).toBe(true);
    },
    active: (snapshot) => {
      // The pending sign-up is loaded: its e-mail and resend time are known, no token error,
      // and busy only while a code is checked or a new one is sent.
      expect(snapshot.context.email).toBe('new@example.com');
      expect(snapshot.context.resendAt).toBeGreaterThan(0);
      expect(snapshot.context.tokenError).toBeNull();
      expect(snapshot.can({ type: 'verification.retry' })).toBe(false);
      expect(snapshot.hasTag('busy')).toBe(
        snapshot.matches({ active: { code: 'submitting' } }) ||
          snapshot.matches({ active: { resend: 'sending' } }),
      );
    },
    'active.code': (snapshot) => {
      // The code form runs side by side with the resend countdown.
      expect(snapshot.matches({ active: 'resend' })).toBe(true);
      expect(snapshot.context.next).toBe('/en/signup/2');
    },
    'active.code.editing': (snapshot) => {
      // The form takes edits and a valid code; only the code field can carry a server error.
      expect(snapshot.can({ type: 'field.edit', field: 'code' })).toBe(true);
      expect(snapshot.can({ type: 'form.submit', values: { code: '123456' } })).toBe(true);
      expect(Object.keys(snapshot.context.serverErrors).every((f) => f === 'code')).toBe(true);
      expect(snapshot.hasTag('busy')).toBe(snapshot.matches({ active: { resend: 'sending' } }));
    },
    'active.resend': (snapshot) => {
      // The resend countdown runs side by side with the code form.
      expect(snapshot.matches({ active: 'code' })).toBe(true);
      expect(snapshot.context.now).toBeGreaterThan(0);
    },
    'active.resend.coolingDown.counting': (snapshot) => {
      // The clock moves while counting down; no new code yet and nothing sent.
      expect(snapshot.can({ type: 'code.resend' })).toBe(false);
      expect(snapshot.hasTag('busy')).toBe(snapshot.matches({ active: { code: 'submitting' } }));
    },
    'active.resend.sending': (snapshot) => {
      // A new code is being requested: busy, and no second request meanwhile.
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.can({ type: 'code.resend' })).toBe(false);
    },
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
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <VerificationView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      loading: () => {
        expect(screen.getByRole('status').textContent).toContain('Loading…');
        expect(screen.queryByRole('textbox')).toBeNull();
      },
      unavailable: () => {
        screen.getByRole('heading', { name: 'Confirm your email' });
        expect(enabled(screen.getByRole('button', { name: 'Try again' }))).toBe(true);
        expect(screen.queryByRole('textbox')).toBeNull();
      },
      active: () => {
        screen.getByText(/We sent a 6-digit code to new@example\.com/);
        screen.getByRole('textbox', { name: /Verification code/ });
      },
      'active.code': (snapshot) => {
        // A server refusal of the code shows at the code field, in words.
        const field = screen.getByRole('textbox', { name: /Verification code/ });
        if (snapshot.context.serverErrors['code']) {
          expect(field.getAttribute('aria-invalid')).toBe('true');
          screen.getByText('Invalid verification code');
        } else expect(field.getAttribute('aria-invalid')).not.toBe('true');
      },
      'active.code.editing': () => {
        expect(confirmButton().textContent).toBe('Confirm');
        expect(enabled(confirmButton())).toBe(true);
      },
      'active.code.submitting': () => {
        expect(confirmButton().textContent).toContain('Checking…');
        expect(enabled(confirmButton())).toBe(false);
      },
      'active.resend': (snapshot) => {
        // After a resend the page says the old code is void; not before.
        const notice = screen.queryByText(/The previous code no longer works/);
        expect(notice !== null).toBe(snapshot.context.resent);
      },
      'active.resend.coolingDown': () => {
        expect(enabled(resendButton())).toBe(false);
        screen.getByText(/You can request a new code in \d+ seconds?/);
      },
      'active.resend.coolingDown.counting': (snapshot) =>
        screen.getByText(new RegExp(`in ${secondsLeft(snapshot.context)} seconds?$`)),
      'active.resend.ready': () => {
        expect(enabled(resendButton())).toBe(true);
        expect(screen.queryByText(/You can request a new code in/)).toBeNull();
      },
      'active.resend.sending': () => {
        expect(resendButton().textContent).toContain('Sending…');
        expect(enabled(resendButton())).toBe(false);
      },
      sessionLost: () => {
        // A lost session offers a new code (by signing in), never a new sign-up.
        screen.getByText('To get a new code, sign in with your email and password.');
        expect(screen.queryByText(/Start the sign-up again/)).toBeNull();
        expect(screen.queryByRole('textbox')).toBeNull();
      },
      confirmed: () => within(screen.getByRole('status')).getByText(/Email confirmed/),
    },
  },
});
