import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { FieldErrors } from '../../machines/field-errors.ts';
import { reauthMachine } from '../../machines/reauth.machine.ts';
import { ReauthView } from '../../src/views/reauth/reauth.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, errorOf, internalEvents, outputOf } from './path-harness.ts';
import { fieldEdited, refused, submitted } from './fixtures/form-steps.ts';

const TITLE = "Confirm it's you";
const PAGE = 'The page behind the dialog';
const confirmButton = () => screen.getByRole('button', { name: /^(Confirm|Checking…)$/ });
const passwordField = () => screen.queryByLabelText(/^Password/);
const cancelButtons = () => screen.getAllByRole('button', { name: 'Cancel' });
const dialogOpen = () => screen.queryByRole('dialog') !== null;
const passkeyButton = () => screen.queryByRole('button', { name: 'Use a passkey' });
/** Decision 0219: each passkey failure in the dialog's words. */
const PASSKEY_WORDS: Record<string, string> = {
  passkey_failed: 'The passkey was not accepted. Please try again.',
  passkey_cancelled: 'No passkey was used: it was cancelled or took too long.',
};

describeMachinePaths(reauthMachine, {
  paths: 61,
  // Decision 0214 (re-authentication before a sensitive change): the dialog learns how
  // the account proves who it is; an account with a password types it (a password is
  // required), one without signs in with a linked provider; Cancel leaves it refused.
  // Decision 0219: an account with a passkey may use it instead; its refusal is told.
  steps: {
    loading: {
      'done: loadProofs': (_, event) => ({ to: 'asking', set: { proofs: outputOf(event) } }),
      'error: loadProofs': { to: 'loadFailed' },
    },
    loadFailed: {
      'reauth.retry': { to: 'loading', starts: { loadProofs: undefined } },
      'reauth.cancel': { to: 'cancelled' },
    },
    asking: {
      'field.edit': fieldEdited('asking'),
      'form.submit': (before, event) =>
        submitted(
          'asking',
          (values: { password: string }) =>
            before.context.proofs.hasPassword && values.password !== '',
          (values) => ({
            to: 'checking',
            starts: { reauthenticate: { password: values.password } },
          }),
        )(before, event),
      'passkey.use': (before) =>
        before.context.proofs.hasPasskey
          ? {
              to: 'checkingPasskey',
              set: { passkeyError: null },
              starts: { reauthenticateWithPasskey: undefined },
            }
          : { to: 'asking' },
      'reauth.cancel': { to: 'cancelled' },
    },
    checkingPasskey: {
      'done: reauthenticateWithPasskey': { to: 'proven', set: { proven: true } },
      'error: reauthenticateWithPasskey': (_, event) => ({
        to: 'asking',
        set: { passkeyError: errorOf(event).code },
      }),
    },
    checking: {
      'done: reauthenticate': { to: 'proven', set: { proven: true } },
      'error: reauthenticate': refused('asking'),
    },
  },
  events: (snapshot) => [
    { type: 'form.submit', values: { password: 'Secret-pass-1' } },
    { type: 'form.submit', values: { password: '' } },
    { type: 'field.edit', field: 'password' },
    { type: 'reauth.cancel' },
    { type: 'reauth.retry' },
    { type: 'passkey.use' },
    ...internalEvents(snapshot, {
      loadProofs: {
        output: [
          { hasPassword: true, hasPasskey: false, providers: [] },
          { hasPassword: false, hasPasskey: false, providers: ['yandex'] },
          { hasPassword: true, hasPasskey: true, providers: [] },
          { hasPassword: false, hasPasskey: true, providers: ['yandex'] },
        ],
      },
      reauthenticateWithPasskey: {
        error: [{ code: 'passkey_failed' }, { code: 'passkey_cancelled' }],
      },
      reauthenticate: {
        error: [
          new FieldErrors([{ field: 'password', code: 'wrong_credentials', detail: 'Wrong' }]),
        ],
      },
    }),
  ],
  states: {
    loading: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    loadFailed: (snapshot) => expect(snapshot.hasTag('busy')).toBe(false),
    asking: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(Object.keys(snapshot.context.serverErrors).every((f) => f === 'password')).toBe(true);
    },
    checking: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.proofs.hasPassword).toBe(true);
    },
    checkingPasskey: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.proofs.hasPasskey).toBe(true);
      expect(snapshot.context.passkeyError).toBeNull();
    },
    proven: (snapshot) => expect(snapshot.output).toEqual({ proven: true }),
    cancelled: (snapshot) => expect(snapshot.output).toEqual({ proven: false }),
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        {/* The dialog opens over whichever page made the refused call. */}
        <p>{PAGE}</p>
        <ReauthView snapshot={snapshot} send={() => {}} returnTo="/en/security" />
      </Providers>
    ),
    states: {
      loading: () => {
        screen.getByRole('heading', { name: TITLE });
        expect(passwordField()).toBeNull();
      },
      loadFailed: () => {
        screen.getByText('Something went wrong. Try again later.');
        screen.getByRole('button', { name: 'Try again' });
        expect(passwordField()).toBeNull();
      },
      asking: (snapshot) => {
        screen.getByRole('dialog', { name: TITLE });
        expect(cancelButtons().length).toBeGreaterThan(0);
        const { hasPasskey } = snapshot.context.proofs;
        expect(passkeyButton() !== null).toBe(hasPasskey);
        const { passkeyError } = snapshot.context;
        expect(screen.queryByRole('alert')?.textContent ?? null).toBe(
          passkeyError === null ? null : PASSKEY_WORDS[passkeyError],
        );
        if (!snapshot.context.proofs.hasPassword) {
          // No password to give: the linked provider's sign-in, back to this page.
          expect(passwordField()).toBeNull();
          const link = screen.getByRole('link', { name: /Continue with Yandex/ });
          expect(link.getAttribute('href')).toContain('/api/auth/social/yandex/start/');
          expect(link.getAttribute('href')).toContain('next=%2Fen%2Fsecurity');
          return;
        }
        expect(confirmButton().textContent).toBe('Confirm');
        const wrong = snapshot.context.serverErrors['password'] !== undefined;
        expect(passwordField()?.getAttribute('aria-invalid') === 'true').toBe(wrong);
        expect(screen.queryByText('The password is incorrect') !== null).toBe(wrong);
      },
      checking: () => {
        expect(confirmButton().textContent).toContain('Checking…');
        expect(confirmButton()).toHaveProperty('disabled', true);
      },
      checkingPasskey: (snapshot) => {
        expect(passkeyButton()).toHaveProperty('disabled', true);
        if (snapshot.context.proofs.hasPassword) {
          expect(confirmButton()).toHaveProperty('disabled', true);
        }
      },
      proven: () => {
        screen.getByText(PAGE);
        expect(dialogOpen()).toBe(false);
      },
      cancelled: () => {
        screen.getByText(PAGE);
        expect(dialogOpen()).toBe(false);
      },
    },
  },
});
