import { fromPromise } from 'xstate';
import { cardOnFileMachine, type CardOnFileInput } from '../../machines/card-on-file.machine.ts';
import { fetchCard, fetchCardSetup, givenCard, startCardSetup } from '../api/billing.api.ts';

/** The card block of /subscription; a change comes back to the page it started on. */
export const liveCardOnFileMachine = cardOnFileMachine.provide({
  actors: {
    loadCard: fromPromise(({ signal }) => fetchCard(signal)),
    loadSetup: fromPromise(({ input, signal }) => fetchCardSetup(input, signal)),
    startSetup: fromPromise(({ signal }) => startCardSetup(`${window.location.pathname}`, signal)),
  },
});

/** The block's input: the card setup come back from, and the card the page brought. */
export function cardOnFileInput(setupId: string | null): CardOnFileInput {
  const answer = givenCard();
  return answer ? { setupId, answer } : { setupId };
}
