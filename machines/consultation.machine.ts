import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import {
  ConsultationRequest,
  type Consultation,
  type ConsultationField,
  type ConsultationForm,
} from '../contract/consultation.ts';
import type { Locale } from '../contract/countries.ts';
import { industries } from '../contract/identity.ts';
import type { Profile } from '../contract/profile.ts';
import type { ServerErrors } from './field-errors.ts';
import * as form from './form-parts.ts';
import { fromError } from './event-params.ts';
import { isOneOf } from '../contract/one-of.ts';

export interface ConsultationInput {
  /** The signed-in user: the form starts with what their profile knows. */
  user: Pick<Profile, 'first_name' | 'last_name' | 'email' | 'company' | 'phone' | 'industry'>;
  /** The page's language: the confirmation mail is written in it. */
  language: Locale;
}

export interface ConsultationContext {
  /** What the form shows: the profile's values first, then what was last sent. */
  values: ConsultationForm;
  language: Locale;
  /** The request under way, as the rules made it (trimmed). */
  request: ConsultationRequest | null;
  serverErrors: ServerErrors;
  /** The address the confirmation went to, once sent. */
  sentTo: string | null;
}

export type ConsultationEvent =
  form.Events<ConsultationForm, ConsultationField> | { type: 'request.again' };

const isIndustry = (value: string) => isOneOf(industries, value);

/** The form's first values: the profile's name, e-mail, company, phone and industry. */
export function prefillFrom(user: ConsultationInput['user']): ConsultationForm {
  return {
    name: `${user.first_name} ${user.last_name}`.trim(),
    email: user.email,
    company: user.company,
    phone: user.phone,
    industry: isIndustry(user.industry) ? user.industry : '',
    comment: '',
  };
}

// The form's actions (form-parts.ts), named below as this machine names them.
const formActions = form.actions<ConsultationContext, ConsultationEvent>();

/**
 * The consultation request of the on-premise page (decision 0702): the form, prefilled
 * from the profile and checked with its rules, is sent (`sendConsultation`); a refusal
 * of some fields comes back at them (and clears when the field is edited), any other
 * failure is reported by the actor and the form keeps what was typed. Once sent, a
 * thank-you names the address the confirmation went to. No timeouts.
 */
export const consultationMachine = setup({
  types: {
    context: {} as ConsultationContext,
    events: {} as ConsultationEvent,
    input: {} as ConsultationInput,
    emitted: {} as form.ValidationFailed,
  },
  actors: {
    sendConsultation: fromPromise<Consultation, ConsultationRequest>(async () => {
      throw new Error('sendConsultation is provided by the app');
    }),
  },
  guards: {
    isValid: ({ context }, params: { values: ConsultationForm }) =>
      v.safeParse(ConsultationRequest, { ...params.values, language: context.language }).success,
    hasFieldErrors: form.hasFieldErrors,
  },
  actions: {
    keepRequest: assign(({ context }, params: { values: ConsultationForm }) => {
      const request = v.parse(ConsultationRequest, {
        ...params.values,
        language: context.language,
      });
      const { language: _language, ...values } = request;
      // The form shows what was sent, as the rules made it (trimmed).
      return { values, request, serverErrors: {} };
    }),
    // The view scrolls to the form and focuses the first field in error.
    refuseSubmit: formActions.reportValidationFailed,
    clearServerErrors: formActions.clearServerErrors,
    dropServerError: formActions.forgetServerError,
    keepServerErrors: formActions.keepServerErrors,
    keepSent: assign({
      sentTo: ({ context }) => context.request?.email ?? null,
      request: null,
    }),
    dropRequest: assign({ request: null }),
    // Another request starts from the same contact details, with an empty comment.
    startAgain: assign({
      values: ({ context }) => ({ ...context.values, comment: '' }),
      sentTo: null,
    }),
  },
}).createMachine({
  id: 'consultation',
  context: ({ input }) => ({
    values: prefillFrom(input.user),
    language: input.language,
    request: null,
    serverErrors: {},
    sentTo: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form, prefilled from the profile; refused fields show their errors.',
      on: {
        'form.submit': [
          {
            guard: { type: 'isValid', params: ({ event }) => ({ values: event.values }) },
            target: 'submitting',
            actions: { type: 'keepRequest', params: ({ event }) => ({ values: event.values }) },
          },
          { actions: ['clearServerErrors', 'refuseSubmit'] },
        ],
        'field.edit': {
          actions: { type: 'dropServerError', params: ({ event }) => ({ field: event.field }) },
        },
      },
    },
    submitting: {
      description: 'Sends the request; the form waits.',
      tags: ['busy'],
      invoke: {
        id: 'sendConsultation',
        src: 'sendConsultation',
        input: form.keptRequest('submitting'),
        onDone: { target: 'sent', actions: 'keepSent' },
        onError: [
          {
            guard: { type: 'hasFieldErrors', params: fromError },
            target: 'editing',
            actions: ['dropRequest', { type: 'keepServerErrors', params: fromError }],
          },
          // Reported by the actor (a toast: too many requests, the server down).
          { target: 'editing', actions: 'dropRequest' },
        ],
      },
    },
    sent: {
      description: 'A thank-you naming the address the confirmation went to.',
      on: { 'request.again': { target: 'editing', actions: 'startAgain' } },
    },
  },
});
