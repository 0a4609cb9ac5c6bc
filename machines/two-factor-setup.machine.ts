import { assign, fromPromise, setup } from 'xstate';
import {
  TwoFactorCodeForm,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../contract/identity.ts';
import { errorCode } from './error-code.ts';
import { ifOutput, withError, withOutput } from './event-params.ts';
import type { ServerErrors } from './field-errors.ts';
import * as form from './form-parts.ts';
import { loadState, retryState } from './load-parts.ts';

export interface TwoFactorCodeValues {
  code: string;
}
export interface TwoFactorSetupContext {
  /** The secret being set up: its URI, its text and its QR code; null outside setup. */
  setup: TwoFactorSetup | null;
  /** New recovery codes, held only while they are shown. */
  codes: string[];
  /** Recovery codes not yet used, while the app is on. */
  codesLeft: number;
  /** Why the last start, regenerate or turn-off was refused (an error code). */
  error: string | null;
  serverErrors: ServerErrors;
}
export type TwoFactorSetupEvent =
  | form.Events<TwoFactorCodeValues, 'code'>
  | { type: 'twoFactor.start' }
  | { type: 'twoFactor.cancel' }
  | { type: 'twoFactor.disable' }
  | { type: 'twoFactor.disableConfirmed' }
  | { type: 'codes.regenerate' }
  | { type: 'codes.done' }
  | { type: 'twoFactor.retry' };

/**
 * "Authenticator app" on /security (decision 0218). Off: Set up shows a QR code and
 * the secret as text, and the app's first code turns it on; then the ten recovery
 * codes are shown once (copy, download) until Done. On: new recovery codes, or turn it
 * off after a confirmation. Starting, confirming, new codes and turning off want a
 * recent sign-in: the app's re-auth dialog asks, and the action goes on; cancelled, the
 * refusal shows in the block.
 */
export const twoFactorSetupMachine = setup({
  types: {
    context: {} as TwoFactorSetupContext,
    events: {} as TwoFactorSetupEvent,
    emitted: {} as form.ValidationFailed,
  },
  actors: {
    loadStatus: fromPromise<TwoFactorStatus>(async () => {
      throw new Error('loadStatus is provided by the app');
    }),
    startSetup: fromPromise<TwoFactorSetup>(async () => {
      throw new Error('startSetup is provided by the app');
    }),
    confirmSetup: fromPromise<RecoveryCodes, TwoFactorCodeValues>(async () => {
      throw new Error('confirmSetup is provided by the app');
    }),
    regenerateCodes: fromPromise<RecoveryCodes>(async () => {
      throw new Error('regenerateCodes is provided by the app');
    }),
    disable: fromPromise<void>(async () => {
      throw new Error('disable is provided by the app');
    }),
  },
  guards: {
    isValid: form.passes(TwoFactorCodeForm),
    isEnabled: (_, params: { status: TwoFactorStatus }) => params.status.enabled,
  },
  actions: {
    ...form.actions<TwoFactorSetupContext, TwoFactorSetupEvent>(),
    keepStatus: assign({
      codesLeft: (_, params: { status: TwoFactorStatus }) => params.status.recovery_codes_left,
    }),
    keepSetup: assign({
      setup: (_, params: { setup: TwoFactorSetup }) => params.setup,
      error: null,
      serverErrors: {},
    }),
    keepCodes: assign({
      codes: (_, params: { codes: RecoveryCodes }) => params.codes.recovery_codes,
      codesLeft: (_, params: { codes: RecoveryCodes }) => params.codes.recovery_codes.length,
      setup: null,
      error: null,
    }),
    forgetCodes: assign({ codes: [] }),
    forgetSetup: assign({ setup: null, serverErrors: {} }),
    clearError: assign({ error: null }),
    keepError: assign({ error: (_, params: { error: unknown }) => errorCode(params.error) }),
  },
}).createMachine({
  id: 'twoFactorSetup',
  context: { setup: null, codes: [], codesLeft: 0, error: null, serverErrors: {} },
  initial: 'loading',
  states: {
    loading: loadState(
      'loadStatus',
      'Whether the authenticator app is on loads.',
      [ifOutput('isEnabled', 'status', 'on', 'keepStatus'), { target: 'off' }],
      'loadFailed',
    ),
    loadFailed: retryState(
      'twoFactor.retry',
      'The state of the app could not be loaded, with Try again.',
    ),
    off: {
      description: 'Off: what the app does, with Set up.',
      on: { 'twoFactor.start': { target: 'starting', actions: 'clearError' } },
    },
    starting: {
      description: 'A new secret is made (after the re-auth dialog, when the server asks).',
      tags: ['busy'],
      invoke: {
        id: 'startSetup',
        src: 'startSetup',
        onDone: withOutput('scanning', 'keepSetup', 'setup'),
        onError: withError('off', 'keepError'),
      },
    },
    scanning: {
      description:
        "The QR code and the secret as text; the app's first code is entered — a wrong one is refused at the field.",
      on: {
        'field.edit': form.forgetServerErrorOnEdit(),
        'form.submit': form.submitWhen('isValid', 'confirming'),
        'twoFactor.cancel': { target: 'off', actions: 'forgetSetup' },
      },
    },
    confirming: {
      description: 'Checks the first code; right, the app is on.',
      tags: ['busy'],
      invoke: {
        id: 'confirmSetup',
        src: 'confirmSetup',
        input: ({ event }) => ({
          code: form.submitted(event, 'form.submit').values.code.trim(),
        }),
        onDone: withOutput('showingCodes', 'keepCodes', 'codes'),
        onError: form.backWithServerErrors('scanning'),
      },
    },
    showingCodes: {
      description:
        'The ten recovery codes, shown this once, with Copy and Download; Done hides them.',
      on: { 'codes.done': { target: 'on', actions: 'forgetCodes' } },
    },
    on: {
      description: 'On: the recovery codes left, New recovery codes, Turn off.',
      on: {
        'codes.regenerate': { target: 'regenerating', actions: 'clearError' },
        'twoFactor.disable': { target: 'confirmingDisable', actions: 'clearError' },
      },
    },
    regenerating: {
      description: 'New recovery codes replace the old ones.',
      tags: ['busy'],
      invoke: {
        id: 'regenerateCodes',
        src: 'regenerateCodes',
        onDone: withOutput('showingCodes', 'keepCodes', 'codes'),
        onError: withError('on', 'keepError'),
      },
    },
    confirmingDisable: {
      description: 'Asks whether to turn the app off: signing in then needs the password only.',
      on: {
        'twoFactor.disableConfirmed': 'disabling',
        'twoFactor.cancel': 'on',
      },
    },
    disabling: {
      description: 'Turns the app off; its recovery codes stop working.',
      tags: ['busy'],
      invoke: {
        id: 'disable',
        src: 'disable',
        onDone: 'off',
        onError: withError('on', 'keepError'),
      },
    },
  },
});
