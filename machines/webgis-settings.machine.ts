import { assign, emit, fromPromise, setup } from 'xstate';
import type { Webgis, WebgisState } from '../contract/webgis.ts';
import { fromOutput, ifOutput, withOutput } from './event-params.ts';
import { givenAtStart, loadState, retryState, startAnswer, startGiven } from './load-parts.ts';

export interface WebgisSettingsInput {
  /** The address said webgis-status=started: creation just succeeded (section 2). */
  showSuccess: boolean;
  /** The web GIS, or null for none, when the page brought it: it shows at once. */
  webgis?: Webgis | null;
}

export interface WebgisSettingsContext {
  showSuccess: boolean;
  webgis: Webgis | null;
}

export type WebgisSettingsEvent = { type: 'webgis.retry' } | { type: 'success.close' };

/** Section 3's groups, as the page shows them. */
const creating: readonly WebgisState[] = ['wait_for_create', 'wait_for_start'];
const blocked: readonly WebgisState[] = ['disabled', 'wait_for_disable'];

/**
 * The web GIS page (/webgis, section 2): loads the user's instance and shows it by
 * its state: being created (looked at again every `refreshInterval`, 5 s, until it
 * is not), blocked, failed, or ready with its address. When the address said
 * webgis-status=started and the instance is not blocked, the success modal is open
 * until `success.close`, which also takes the query out of the address.
 */
export const webgisSettingsMachine = setup({
  types: {
    context: {} as WebgisSettingsContext,
    events: {} as WebgisSettingsEvent,
    input: {} as WebgisSettingsInput,
    emitted: {} as { type: 'query.strip' },
  },
  actors: {
    fetchWebgis: fromPromise<Webgis | null>(async () => {
      throw new Error('fetchWebgis is provided by the app');
    }),
  },
  guards: {
    isAbsent: (_, params: { webgis: Webgis | null }) => params.webgis === null,
    givenAtStart,
    // The page brought that there is none (at the start).
    givenAbsent: ({ event }) => startAnswer<Webgis | null>(event, 'webgis') === null,
    isCreating: ({ context }) => creating.includes(context.webgis?.state ?? 'started'),
    isBlocked: ({ context }) => blocked.includes(context.webgis?.state ?? 'started'),
    hasFailed: ({ context }) => context.webgis?.state === 'error',
    showsSuccess: ({ context }) => context.showSuccess,
  },
  actions: {
    keepWebgis: assign({ webgis: (_, params: { webgis: Webgis | null }) => params.webgis }),
    hideSuccess: assign({ showSuccess: false }),
    // The app takes webgis-status and webgis-transition-status out of the address.
    stripQuery: emit({ type: 'query.strip' }),
  },
  delays: {
    refreshInterval: 5000,
  },
}).createMachine({
  id: 'webgisSettings',
  context: ({ input }) => ({ showSuccess: input.showSuccess, webgis: null }),
  initial: 'loading',
  states: {
    loading: loadState(
      'fetchWebgis',
      'The web GIS loads.',
      [ifOutput('isAbsent', 'webgis', 'absent'), withOutput('shown', 'keepWebgis', 'webgis')],
      'unavailable',
      [{ guard: 'givenAbsent', target: 'absent' }, startGiven('webgis', 'shown', 'keepWebgis')],
    ),
    unavailable: retryState('webgis.retry', 'The web GIS could not be loaded, with Try again.'),
    absent: { description: 'No web GIS yet: the way to create one.' },
    shown: {
      description: 'The web GIS.',
      initial: 'sorting',
      states: {
        sorting: {
          description: 'Decides what to show from the state.',
          always: [
            { guard: 'isCreating', target: 'creating' },
            { guard: 'isBlocked', target: 'blocked' },
            { guard: 'hasFailed', target: 'failed' },
            { target: 'ready' },
          ],
        },
        creating: {
          description:
            "A 'being created' message including the user's e-mail — refreshed every few seconds.",
          after: { refreshInterval: 'refreshing' },
        },
        refreshing: {
          description: 'Reads the web GIS again.',
          invoke: {
            id: 'refreshWebgis',
            src: 'fetchWebgis',
            onDone: [
              {
                guard: { type: 'isAbsent', params: fromOutput('webgis') },
                target: '#webgisSettings.absent',
                actions: { type: 'keepWebgis', params: { webgis: null } },
              },
              withOutput('sorting', 'keepWebgis', 'webgis'),
            ],
            // Reported by the actor; the next look may succeed.
            onError: 'creating',
          },
        },
        ready: {
          description:
            'The address link — a success modal when webgis-status=started is in the address.',
          on: {
            'success.close': {
              guard: 'showsSuccess',
              actions: ['hideSuccess', 'stripQuery'],
            },
          },
        },
        blocked: { description: 'State disabled: a blocked alert.' },
        failed: { description: 'The creation failed.' },
      },
    },
  },
});
