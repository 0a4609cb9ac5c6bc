import { fromPromise } from 'xstate';
import { cardOnFileMachine } from '../../machines/card-on-file.machine.ts';
import { fetchCard, fetchCardSetup, startCardSetup } from '../api/billing.api.ts';

/** The card block of /subscription; a change comes back to the page it started on. */
export const liveCardOnFileMachine = cardOnFileMachine.provide({
  actors: {
    loadCard: fromPromise(({ signal }) => fetchCard(signal)),
    loadSetup: fromPromise(({ input, signal }) => fetchCardSetup(input, signal)),
    startSetup: fromPromise(({ signal }) => startCardSetup(`${window.location.pathname}`, signal)),
  },
});
