import { assign, fromPromise, setup } from 'xstate';
import type { Locale } from '../contract/countries.ts';
import {
  defaultSubdomain,
  WebgisCreateForm,
  type Webgis,
  type WebgisCreateRequest,
  type WebgisLocation,
} from '../contract/webgis.ts';
import type { ServerErrors } from './field-errors.ts';
import * as form from './form-parts.ts';
import { fromOutput, ifOutput, withOutput } from './event-params.ts';
import { retryState } from './load-parts.ts';

/** What the page loads before the form shows: the instance domain and the data centers. */
export interface WebgisCreateOptions {
  domain: string;
  locations: WebgisLocation[];
}

/** What the page loads: the options, and the user's instance (null without one). */
export interface WebgisCreateLoad extends WebgisCreateOptions {
  existing: Webgis | null;
}

/** How the page ends: the instance as last seen, and whether it was there before. */
export interface WebgisCreateOutput {
  webgis: Webgis | null;
  /** The user had an instance already: nothing was created, /webgis/ shows it as it is. */
  existing: boolean;
}

export interface WebgisCreateInput {
  /** The default subdomain is made from it (section 2). */
  username: string;
  /** The instance's language: the page's. */
  language: Locale;
}

export interface WebgisCreateContext extends WebgisCreateOptions {
  language: Locale;
  defaultSubdomain: string;
  request: WebgisCreateRequest | null;
  /** The instance as last seen, with the local state of section 4; null before the create. */
  webgis: Webgis | null;
  /** The instance was there when the page loaded. */
  existing: boolean;
  serverErrors: ServerErrors;
}

export type WebgisCreateField = keyof WebgisCreateForm;

export type WebgisCreateEvent =
  form.Events<WebgisCreateForm, WebgisCreateField> | { type: 'options.retry' };

// The form's actions (form-parts.ts), named below as this machine names them.
const formActions = form.actions<WebgisCreateContext, WebgisCreateEvent>();

/**
 * Web GIS creation (/webgis/create, section 4): after the create call the local
 * transition state is wait_for_create; then the instance is fetched every
 * `pollInterval` (1 s) until it is started, for at most `createTimeout` (60 s), after
 * which the last data is the answer. A failed poll, or an instance that ended in error,
 * fails the creation: the state becomes error locally and the transition is cleared,
 * and the form is there to try again. The output is the instance for /webgis/'s query.
 * A user who has an instance already (not one that ended in error, which may be created
 * again) never sees the form: the page ends at once
 * (`existing`), and the app shows /webgis/ instead.
 */
export const webgisCreateMachine = setup({
  types: {
    context: {} as WebgisCreateContext,
    events: {} as WebgisCreateEvent,
    input: {} as WebgisCreateInput,
    emitted: {} as form.ValidationFailed,
    output: {} as WebgisCreateOutput,
  },
  actors: {
    fetchOptions: fromPromise<WebgisCreateLoad>(async () => {
      throw new Error('fetchOptions is provided by the app');
    }),
    createWebgis: fromPromise<Webgis, WebgisCreateRequest>(async () => {
      throw new Error('createWebgis is provided by the app');
    }),
    fetchWebgis: fromPromise<Webgis | null>(async () => {
      throw new Error('fetchWebgis is provided by the app');
    }),
  },
  guards: {
    isValid: form.passes(WebgisCreateForm),
    hasFieldErrors: form.hasFieldErrors,
    // One that ended in error may be created again (the server allows it): the form shows.
    hasInstance: (_, params: { existing: Webgis | null }) =>
      params.existing !== null && params.existing.state !== 'error',
    isStarted: (_, params: { webgis: Webgis | null }) => params.webgis?.state === 'started',
    // An instance in error will not start: waiting out the deadline would only delay the news.
    hasFailed: (_, params: { webgis: Webgis | null }) =>
      params.webgis === null || params.webgis.state === 'error',
  },
  actions: {
    keepOptions: assign((_, params: WebgisCreateOptions) => ({
      domain: params.domain,
      locations: params.locations,
    })),
    keepExisting: assign((_, params: { existing: Webgis | null }) => ({
      webgis: params.existing,
      existing: true,
    })),
    keepRequest: assign({
      request: ({ context }, params: { values: WebgisCreateForm }) => ({
        subdomain_name: params.values.subdomain_name.trim().toLowerCase(),
        location_id: params.values.location_id,
        language: context.language,
      }),
      serverErrors: {},
    }),
    clearServerErrors: formActions.clearServerErrors,
    // The view scrolls to the form and focuses the first field in error.
    refuseSubmit: formActions.reportValidationFailed,
    dropServerError: formActions.forgetServerError,
    keepServerErrors: formActions.keepServerErrors,
    // Section 4: right after the create call the transition is wait_for_create.
    keepCreated: assign({
      webgis: (_, params: { webgis: Webgis }) => ({
        ...params.webgis,
        state_transition: 'wait_for_create' as const,
      }),
    }),
    keepLast: assign({
      webgis: ({ context }, params: { webgis: Webgis | null }) => params.webgis ?? context.webgis,
    }),
    markFailed: assign({
      webgis: ({ context }) =>
        context.webgis && { ...context.webgis, state: 'error' as const, state_transition: null },
    }),
    // The app reports the failure (section 8); failed calls were reported by their actors.
    reportFailure: () => {},
  },
  delays: {
    pollInterval: 1000,
    createTimeout: 60_000,
  },
}).createMachine({
  id: 'webgisCreate',
  context: ({ input }) => ({
    language: input.language,
    defaultSubdomain: defaultSubdomain(input.username),
    domain: '',
    locations: [],
    request: null,
    webgis: null,
    existing: false,
    serverErrors: {},
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "The instance domain, the data centers and the user's instance load.",
      tags: ['busy'],
      invoke: {
        id: 'fetchOptions',
        src: 'fetchOptions',
        onDone: [
          {
            guard: {
              type: 'hasInstance',
              params: ({ event }) => ({ existing: event.output.existing }),
            },
            target: 'exists',
            actions: {
              type: 'keepExisting',
              params: ({ event }) => ({ existing: event.output.existing }),
            },
          },
          {
            target: 'form',
            actions: { type: 'keepOptions', params: ({ event }) => event.output },
          },
        ],
        onError: 'unavailable',
      },
    },
    unavailable: retryState(
      'options.retry',
      'The data centers could not be loaded, with Try again.',
    ),
    form: {
      description:
        'Domain-name field with the instance domain as suffix, the data-center cards, Create, the related-info panel.',
      initial: 'editing',
      on: {
        'field.edit': {
          actions: { type: 'dropServerError', params: ({ event }) => ({ field: event.field }) },
        },
        'form.submit': [
          {
            guard: { type: 'isValid', params: ({ event }) => ({ values: event.values }) },
            target: 'creating',
            actions: { type: 'keepRequest', params: ({ event }) => ({ values: event.values }) },
          },
          { actions: ['clearServerErrors', 'refuseSubmit'] },
        ],
      },
      states: {
        editing: { description: 'The form, with the default subdomain built from the username.' },
        /** The last creation failed; the form may be sent again. */
        failed: { description: 'The creation failed: try again, or choose another data center.' },
      },
    },
    creating: {
      description: "The create request — the blocking dialog 'Your Web GIS is being created'.",
      tags: ['busy', 'creating'],
      invoke: {
        id: 'createWebgis',
        src: 'createWebgis',
        input: form.keptRequest('creating'),
        onDone: withOutput('polling', 'keepCreated', 'webgis'),
        onError: [
          form.backIfFieldErrors('form.editing'),
          { target: 'form.failed', actions: 'markFailed' },
        ],
      },
    },
    polling: {
      description: 'Polls until the state is started, once a second, for at most 60 seconds.',
      tags: ['busy', 'creating'],
      initial: 'waiting',
      after: { createTimeout: 'timedOut' },
      states: {
        waiting: {
          description: 'Waits a second.',
          after: { pollInterval: 'checking' },
        },
        checking: {
          description: 'Reads the web GIS.',
          invoke: {
            id: 'fetchWebgis',
            src: 'fetchWebgis',
            onDone: [
              ifOutput('isStarted', 'webgis', '#webgisCreate.created', 'keepLast'),
              {
                guard: { type: 'hasFailed', params: fromOutput('webgis') },
                target: '#webgisCreate.form.failed',
                actions: [
                  { type: 'keepLast', params: fromOutput('webgis') },
                  'markFailed',
                  'reportFailure',
                ],
              },
              withOutput('waiting', 'keepLast', 'webgis'),
            ],
            // Section 4: a polling error stops the polling and fails the creation.
            onError: { target: '#webgisCreate.form.failed', actions: 'markFailed' },
          },
        },
      },
    },
    created: {
      description: 'Started: goes to /webgis/ with webgis-status and webgis-transition-status.',
      type: 'final',
    },
    exists: {
      description: 'The user has a web GIS already: goes to /webgis/, which shows it.',
      type: 'final',
    },
    /** The deadline passed: the last data is the answer (section 4). */
    timedOut: { description: 'At timeout it resolves with the last data.', type: 'final' },
  },
  output: ({ context }) => ({ webgis: context.webgis, existing: context.existing }),
});
