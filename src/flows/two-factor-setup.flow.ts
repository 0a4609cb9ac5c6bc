import { fromPromise } from 'xstate';
import { twoFactorSetupMachine } from '../../machines/two-factor-setup.machine.ts';
import {
  confirmTwoFactor,
  disableTwoFactor,
  fetchTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from '../api/two-factor.api.ts';
import { claimFieldErrors } from './field-errors.ts';

export const liveTwoFactorSetupMachine = twoFactorSetupMachine.provide({
  actors: {
    loadStatus: fromPromise(({ signal }) => fetchTwoFactor(signal)),
    startSetup: fromPromise(({ signal }) => startTwoFactorSetup(signal)),
    confirmSetup: fromPromise(async ({ input, signal }) => {
      try {
        return await confirmTwoFactor(input.code, signal);
      } catch (error) {
        // A cancelled re-auth dialog, a replaced setup: a toast; the field keeps its value.
        throw claimFieldErrors(error, ['code']);
      }
    }),
    regenerateCodes: fromPromise(({ signal }) => regenerateRecoveryCodes(signal)),
    disable: fromPromise(({ signal }) => disableTwoFactor(signal)),
  },
});
