import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { FieldErrors } from '../../machines/field-errors.ts';
import { twoFactorSetupMachine } from '../../machines/two-factor-setup.machine.ts';
import { TwoFactorView } from '../../src/views/security/two-factor-setup.view.tsx';
import { recoveryCodes, twoFactorSetup } from '../fixtures/security.ts';
import { Providers } from '../render/providers.tsx';
import { fieldEdited, refused, submitted } from './fixtures/form-steps.ts';
import { describeMachinePaths, errorOf, internalEvents, outputOf } from './path-harness.ts';

type Snapshot = SnapshotFrom<typeof twoFactorSetupMachine>;

const SETUP = twoFactorSetup;
const CODES = recoveryCodes;
const TITLE = 'Authenticator app';
const REAUTH = 'For your security, confirm it is you: enter your password again.';
const button = (name: string) => screen.queryByRole('button', { name }) as HTMLButtonElement;
const codeField = () => screen.queryByLabelText(/^Code from the app/);
const codesList = () => screen.queryByRole('list', { name: 'Recovery codes' });

/** The refusal under the block, when the last action was refused. */
function refusal(snapshot: Snapshot) {
  const alert = screen.queryByRole('alert');
  expect(alert?.textContent ?? null).toBe(snapshot.context.error === null ? null : REAUTH);
}

const failedWith = (back: string) => (_: unknown, event: unknown) => ({
  to: back,
  set: { error: (errorOf(event) as { code: string }).code },
});
const showCodes = {
  to: 'showingCodes',
  set: { codes: CODES.recovery_codes, codesLeft: 10, setup: null, error: null },
};

describeMachinePaths(twoFactorSetupMachine, {
  paths: 16,
  // Decision 0218 (capability 7): off, Set up shows the QR code and the key, the app's
  // first code turns it on and the recovery codes show once; on, new codes or turn off
  // after a confirmation. A refused start, new codes or turn-off (a cancelled re-auth
  // dialog) is said in the block; a refused first code at its field.
  steps: {
    loading: {
      'done: loadStatus': (_, event) => {
        const status = outputOf(event) as { enabled: boolean; recovery_codes_left: number };
        return status.enabled
          ? { to: 'on', set: { codesLeft: status.recovery_codes_left } }
          : { to: 'off' };
      },
      'error: loadStatus': { to: 'loadFailed' },
    },
    loadFailed: { 'twoFactor.retry': { to: 'loading', starts: { loadStatus: undefined } } },
    off: {
      'twoFactor.start': {
        to: 'starting',
        set: { error: null },
        starts: { startSetup: undefined },
      },
    },
    starting: {
      'done: startSetup': (_, event) => ({
        to: 'scanning',
        set: { setup: outputOf(event), error: null, serverErrors: {} },
      }),
      'error: startSetup': failedWith('off'),
    },
    scanning: {
      'field.edit': fieldEdited('scanning'),
      'form.submit': submitted(
        'scanning',
        ({ code }: { code: string }) => /^\d{6}$/.test(code.trim()),
        ({ code }) => ({ to: 'confirming', starts: { confirmSetup: { code: code.trim() } } }),
      ),
      'twoFactor.cancel': { to: 'off', set: { setup: null, serverErrors: {} } },
    },
    confirming: {
      'done: confirmSetup': showCodes,
      'error: confirmSetup': refused('scanning'),
    },
    showingCodes: { 'codes.done': { to: 'on', set: { codes: [] } } },
    on: {
      'codes.regenerate': {
        to: 'regenerating',
        set: { error: null },
        starts: { regenerateCodes: undefined },
      },
      'twoFactor.disable': { to: 'confirmingDisable', set: { error: null } },
    },
    regenerating: {
      'done: regenerateCodes': showCodes,
      'error: regenerateCodes': failedWith('on'),
    },
    confirmingDisable: {
      'twoFactor.disableConfirmed': { to: 'disabling', starts: { disable: undefined } },
      'twoFactor.cancel': { to: 'on' },
    },
    disabling: {
      'done: disable': { to: 'off' },
      'error: disable': failedWith('on'),
    },
  },
  events: (snapshot) => [
    { type: 'twoFactor.retry' },
    { type: 'twoFactor.start' },
    { type: 'twoFactor.cancel' },
    { type: 'twoFactor.disable' },
    { type: 'twoFactor.disableConfirmed' },
    { type: 'codes.regenerate' },
    { type: 'codes.done' },
    // The app's code copied with spaces around: it is sent trimmed.
    { type: 'form.submit', values: { code: ' 123456 ' } },
    { type: 'form.submit', values: { code: '12a456' } },
    { type: 'field.edit', field: 'code' },
    ...internalEvents(snapshot, {
      loadStatus: {
        output: [
          { enabled: false, recovery_codes_left: 0 },
          { enabled: true, recovery_codes_left: 7 },
        ],
        error: [{ code: 'system' }],
      },
      startSetup: { output: [SETUP], error: [{ code: 'reauth_required' }] },
      confirmSetup: {
        output: [CODES],
        error: [
          new FieldErrors([{ field: 'code', code: 'wrong_confirmation_code', detail: 'Wrong' }]),
        ],
      },
      regenerateCodes: { output: [CODES], error: [{ code: 'reauth_required' }] },
      disable: { output: [undefined], error: [{ code: 'reauth_required' }] },
    }),
  ],
  serialize: (snapshot) => ({
    value: snapshot.value,
    setup: snapshot.context.setup !== null,
    codes: snapshot.context.codes.length,
    error: snapshot.context.error,
    serverErrors: snapshot.context.serverErrors,
  }),
  states: {
    loading: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    loadFailed: (snapshot) => expect(snapshot.hasTag('busy')).toBe(false),
    off: (snapshot) => {
      expect(snapshot.context.setup).toBeNull();
      expect(snapshot.context.codes).toEqual([]);
    },
    starting: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    scanning: (snapshot) => expect(snapshot.context.setup).toEqual(SETUP),
    confirming: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    // The codes are held only while they are shown.
    showingCodes: (snapshot) => {
      expect(snapshot.context.codes).toHaveLength(10);
      expect(snapshot.context.setup).toBeNull();
    },
    on: (snapshot) => expect(snapshot.context.codes).toEqual([]),
    regenerating: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    confirmingDisable: (snapshot) => expect(snapshot.context.error).toBeNull(),
    disabling: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <TwoFactorView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      loading: () => {
        screen.getByRole('heading', { name: TITLE });
        expect(screen.getByRole('status').textContent).toBe('Loading');
      },
      loadFailed: () => {
        screen.getByText("Couldn't load the state of the authenticator app.");
        expect(button('Try again').disabled).toBe(false);
      },
      off: (snapshot) => {
        expect(button('Set up the authenticator app').hasAttribute('data-loading')).toBe(false);
        refusal(snapshot);
        expect(codesList()).toBeNull();
      },
      starting: () => {
        expect(button('Set up the authenticator app').hasAttribute('data-loading')).toBe(true);
      },
      scanning: (snapshot) => {
        expect(screen.getByRole('img').getAttribute('alt')).toBe(
          'QR code for the authenticator app',
        );
        expect(screen.getByText(/^JBSW Y3DP/).textContent).toBe(
          'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
        );
        const refusedHere = snapshot.context.serverErrors['code'] !== undefined;
        expect(codeField()?.getAttribute('aria-invalid') === 'true').toBe(refusedHere);
        expect(button('Turn on').disabled).toBe(false);
        expect(button('Cancel').disabled).toBe(false);
      },
      confirming: () => {
        expect(screen.getByRole('button', { name: /Checking…/ })).toHaveProperty('disabled', true);
        expect(button('Cancel').disabled).toBe(true);
      },
      showingCodes: () => {
        const list = codesList();
        expect(
          within(list!)
            .getAllByRole('listitem')
            .map((item) => item.textContent),
        ).toEqual(CODES.recovery_codes);
        button('Copy');
        button('Download');
        expect(button('I have saved the codes').disabled).toBe(false);
        expect(codeField()).toBeNull();
      },
      on: (snapshot) => {
        screen.getByText(
          `On: signing in asks for the app's code after the password. Recovery codes left: ${snapshot.context.codesLeft}.`,
        );
        refusal(snapshot);
        expect(button('New recovery codes').hasAttribute('data-loading')).toBe(false);
        expect(button('Turn off the authenticator app').disabled).toBe(false);
        expect(codesList()).toBeNull();
      },
      regenerating: () => {
        expect(button('New recovery codes').hasAttribute('data-loading')).toBe(true);
        expect(button('Turn off the authenticator app').disabled).toBe(true);
      },
      confirmingDisable: () => {
        screen.getByText(/^Turn the authenticator app off\?/);
        expect(button('Turn off').disabled).toBe(false);
        expect(button('Cancel').disabled).toBe(false);
      },
      disabling: () => {
        expect(button('Turn off').hasAttribute('data-loading')).toBe(true);
        expect(button('Cancel').disabled).toBe(true);
      },
    },
  },
});
