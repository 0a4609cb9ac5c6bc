import { i18n } from '@lingui/core';
import { fromPromise } from 'xstate';
import { isOnpremiseErrorCode } from '../../contract/onpremise.ts';
import { ApiError, dispatchErrors, type ApiErrorItem } from '../api/errors.ts';
import { fetchSubscription, givenSubscription } from '../api/billing.api.ts';
import {
  bindIdentifier,
  fetchBindings,
  givenBindings,
  unbindIdentifier,
} from '../api/onpremise.api.ts';
import {
  onpremiseMachine,
  PremiumRequired,
  type OnpremiseInput,
} from '../../machines/onpremise.machine.ts';
import { claimFieldErrors } from './field-errors.ts';
import { onpremiseErrorMessages } from './onpremise-messages.ts';

/** The page's words for the on-premise codes, so a field or a toast speaks the user's language. */
function translated(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const items = error.items.map((item): ApiErrorItem =>
    isOnpremiseErrorCode(item.code)
      ? { ...item, detail: i18n._(onpremiseErrorMessages[item.code]) }
      : item,
  );
  return new ApiError(items, error.status);
}

function report(error: unknown): never {
  if (error instanceof ApiError) dispatchErrors(error.items);
  throw error;
}

export const liveOnpremiseMachine = onpremiseMachine.provide({
  actors: {
    fetchPlan: fromPromise(async ({ signal }) => {
      const { plan, team_plan } = await fetchSubscription(signal).catch(report);
      return { plan, team_plan };
    }),
    fetchBindings: fromPromise(({ signal }) => fetchBindings(signal).catch(report)),
    // The form's fields claim their errors; a plan that no longer allows it turns the
    // page into the 'not available' notice; the rest go to the global handler.
    bindIdentifier: fromPromise(async ({ input, signal }) => {
      try {
        return await bindIdentifier(input, signal);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'premium_required') {
          throw new PremiumRequired();
        }
        throw claimFieldErrors(translated(error), ['identifier', 'label']);
      }
    }),
    unbindIdentifier: fromPromise(async ({ input, signal }) => {
      try {
        await unbindIdentifier(input, signal);
      } catch (error) {
        // Gone already (another tab unbound it): what the user wanted is true.
        if (error instanceof ApiError && error.status === 404) return;
        report(error);
      }
    }),
  },
});

/** The page's input: the plan and the bound identifiers, if the page brought them. */
export function onpremiseInput(): OnpremiseInput {
  const subscription = givenSubscription();
  return {
    plan: subscription && { plan: subscription.plan, team_plan: subscription.team_plan },
    list: givenBindings(),
  };
}
