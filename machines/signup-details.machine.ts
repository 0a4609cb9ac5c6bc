import { assign, fromPromise, setup } from 'xstate';
import type { Country, Locale } from '../contract/countries.ts';
import { DetailsForm } from '../contract/identity.ts';
import type { ServerErrors } from './field-errors.ts';
import * as form from './form-parts.ts';
import { withOutput } from './event-params.ts';
import * as session from './session-step.ts';
import { retryState } from './load-parts.ts';

export type DetailsField = 'first_name' | 'last_name' | 'country';
export interface DetailsValues {
  first_name: string;
  last_name: string;
  country: string;
}
export interface DetailsInput {
  locale: Locale;
}
export interface CountryChoice {
  countries: Country[];
  /** The visitor's country by IP, or '' when unknown. */
  country: string;
}
export interface DetailsContext extends CountryChoice, session.SessionStepContext {
  locale: Locale;
  serverErrors: ServerErrors;
}
export type DetailsEvent = form.Events<DetailsValues, DetailsField> | { type: 'details.retry' };

/**
 * Sign-up details (/signup/2): loads the countries and the visitor's country by IP
 * (preselected), then the name and country form. Refused fields come back at their
 * fields; token errors end in `sessionLost` (restart at step 0). Ends in `done`,
 * signed in, with the address to go to. No timeouts.
 */
export const signupDetailsMachine = setup({
  types: {
    context: {} as DetailsContext,
    events: {} as DetailsEvent,
    input: {} as DetailsInput,
    emitted: {} as form.ValidationFailed,
    output: {} as { next: string },
  },
  actors: {
    fetchCountries: fromPromise<CountryChoice, { locale: Locale }>(async () => {
      throw new Error('fetchCountries is provided by the app');
    }),
    submitDetails: fromPromise<{ next: string }, DetailsValues>(async () => {
      throw new Error('submitDetails is provided by the app');
    }),
  },
  guards: {
    isValid: form.passes(DetailsForm),
    isTokenError: session.isTokenError,
  },
  actions: {
    ...form.actions<DetailsContext, DetailsEvent>(),
    ...session.actions<DetailsContext, DetailsEvent>(),
    keepCountryChoice: assign((_, params: { choice: CountryChoice }) => ({
      countries: params.choice.countries,
      country: params.choice.country,
    })),
  },
}).createMachine({
  id: 'signupDetails',
  context: ({ input }) => ({
    locale: input.locale,
    countries: [],
    country: '',
    serverErrors: {},
    tokenError: null,
    next: '',
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "The countries load, with the browser's country chosen.",
      tags: ['busy'],
      invoke: {
        id: 'fetchCountries',
        src: 'fetchCountries',
        input: ({ context }) => ({ locale: context.locale }),
        onDone: withOutput('editing', 'keepCountryChoice', 'choice'),
        onError: 'unavailable',
      },
    },
    unavailable: retryState('details.retry', 'The countries could not be loaded, with Try again.'),
    editing: {
      description: 'Details step: first and last name, country.',
      on: {
        'field.edit': form.forgetServerErrorOnEdit(),
        'form.submit': form.submitWhen('isValid', 'submitting'),
      },
    },
    submitting: {
      description: 'Saves the details and signs in.',
      tags: ['busy'],
      invoke: {
        id: 'submitDetails',
        src: 'submitDetails',
        input: ({ event }) => form.submitted(event, 'form.submit').values,
        onDone: session.doneWithNext('done'),
        onError: [session.lostOnTokenError('sessionLost'), form.backWithServerErrors('editing')],
      },
    },
    sessionLost: { description: 'The sign-up session is gone: sign-up restarts at /signup/0.' },
    done: { description: 'Signed in: goes on to next.', type: 'final', tags: ['busy'] },
  },
  output: ({ context }) => ({ next: context.next }),
});
