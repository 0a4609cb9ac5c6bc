import { fromPromise } from 'xstate';
import { confirmUnsubscription, fetchUnsubscription } from '../api/unsubscribe.api.ts';
import { unsubscribeMachine } from '../../machines/unsubscribe.machine.ts';

/** The unsubscribe machine for one signed link. */
export function liveUnsubscribeMachine(token: string) {
  return unsubscribeMachine.provide({
    actors: {
      loadSubscription: fromPromise(({ signal }) => fetchUnsubscription(token, signal)),
      confirmUnsubscribe: fromPromise(({ signal }) => confirmUnsubscription(token, signal)),
    },
  });
}
