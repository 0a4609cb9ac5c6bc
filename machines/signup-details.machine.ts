import * as v from 'valibot';
import { assign, emit, fromPromise, setup } from 'xstate';
import type { Country, Locale } from '../contract/countries.ts';
import { DetailsForm } from '../contract/identity.ts';
import { toServerErrors, withoutField, type ServerErrors } from './field-errors.ts';
import { SignupTokenError, type TokenErrorCode } from './verification.machine.ts';

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
export interface DetailsContext extends CountryChoice {
  locale: Locale;
  serverErrors: ServerErrors;
  tokenError: TokenErrorCode | null;
  next: string;
}
export type DetailsEvent =
  | { type: 'form.submit'; values: DetailsValues }
  | { type: 'field.edit'; field: DetailsField }
  | { type: 'details.retry' };

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
    emitted: {} as { type: 'validationFailed' },
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
    isValid: (_, params: { values: DetailsValues }) =>
      v.safeParse(DetailsForm, params.values).success,
    isTokenError: (_, params: { error: unknown }) => params.error instanceof SignupTokenError,
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
      tags: ['busy'],
      invoke: {
        id: 'fetchCountries',
        src: 'fetchCountries',
        input: ({ context }) => ({ locale: context.locale }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({
            countries: event.output.countries,
            country: event.output.country,
          })),
        },
        onError: 'unavailable',
      },
    },
    unavailable: {
      on: { 'details.retry': 'loading' },
    },
    editing: {
      on: {
        'field.edit': {
          actions: assign({
            serverErrors: ({ context, event }) => withoutField(context.serverErrors, event.field),
          }),
        },
        'form.submit': [
          {
            guard: { type: 'isValid', params: ({ event }) => ({ values: event.values }) },
            target: 'submitting',
            actions: assign({ serverErrors: {} }),
          },
          { actions: [assign({ serverErrors: {} }), emit({ type: 'validationFailed' })] },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitDetails',
        src: 'submitDetails',
        input: ({ event }) =>
          event.type === 'form.submit'
            ? event.values
            : { first_name: '', last_name: '', country: '' },
        onDone: {
          target: 'done',
          actions: assign({ next: ({ event }) => event.output.next }),
        },
        onError: [
          {
            guard: { type: 'isTokenError', params: ({ event }) => ({ error: event.error }) },
            target: 'sessionLost',
            actions: assign({
              tokenError: ({ event }) =>
                event.error instanceof SignupTokenError ? event.error.code : null,
            }),
          },
          {
            target: 'editing',
            actions: assign({ serverErrors: ({ event }) => toServerErrors(event.error) }),
          },
        ],
      },
    },
    sessionLost: {},
    done: { type: 'final', tags: ['busy'] },
  },
  output: ({ context }) => ({ next: context.next }),
});
