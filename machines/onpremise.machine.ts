import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import {
  BindingCreate,
  type Binding,
  type BindingForm,
  type BindingList,
} from '../contract/onpremise.ts';
import type { PlanId } from '../contract/profile.ts';
import type { ServerErrors } from './field-errors.ts';
import * as form from './form-parts.ts';
import { fromError, ifOutput, withOutput } from './event-params.ts';
import {
  fromStart,
  givenAtStart,
  loadState,
  retryState,
  startAnswer,
  startGiven,
} from './load-parts.ts';

/** The plans that decide the page: the user's own and the one a team grants. */
export interface OnpremisePlan {
  plan: PlanId;
  team_plan: PlanId | null;
}

/** What a bind rejects with when the plan no longer allows it (403 premium_required). */
export class PremiumRequired extends Error {
  constructor() {
    super('On-premise binding needs the Premium plan');
    this.name = 'PremiumRequired';
  }
}

export type OnpremiseField = keyof BindingForm;

export interface OnpremiseInput {
  /** The plan, when the page brought the subscription: the page shows at once. */
  plan?: OnpremisePlan;
  /** The bound identifiers, when the page brought them too. */
  list?: BindingList;
}

export interface OnpremiseContext {
  plan: OnpremisePlan | null;
  /** Premium comes through a team, not the user's own plan. */
  viaTeam: boolean;
  bindings: Binding[];
  max: number;
  /** As many identifiers are bound as may be: the form gives way to the limit notice. */
  full: boolean;
  request: BindingCreate | null;
  /** The binding whose unbinding waits for confirmation, or is under way. */
  pending: Binding | null;
  serverErrors: ServerErrors;
  /** What the timed notice says after a change. */
  notice: 'bound' | 'unbound' | null;
  /** How many binds succeeded: the view starts a fresh form after each. */
  added: number;
}

export type OnpremiseEvent =
  | { type: 'plan.retry' }
  | { type: 'bindings.retry' }
  | form.Events<BindingForm, OnpremiseField>
  | { type: 'binding.unbind'; id: number }
  | { type: 'unbind.confirm' }
  | { type: 'unbind.cancel' };

// The form's actions (form-parts.ts), named below as this machine names them.
const formActions = form.actions<OnpremiseContext, OnpremiseEvent>();

const isPremium = (plan: OnpremisePlan) => plan.plan === 'premium' || plan.team_plan === 'premium';

/**
 * The on-premise page (/myngidonpremises, sections 2 and 6): a spinner until the
 * subscription loads; on premium (own or through a team) the offering and the identifier
 * binding: the list, a form to bind one more up to the limit, and unbinding after a
 * confirmation; on other plans a 'not available' notice. A bind refused for the plan
 * (it changed meanwhile) turns the page into that notice. After a change a notice shows
 * for `noticeTimeout` (3 s, section 9's timed alerts).
 */
export const onpremiseMachine = setup({
  types: {
    context: {} as OnpremiseContext,
    events: {} as OnpremiseEvent,
    input: {} as OnpremiseInput,
    emitted: {} as form.ValidationFailed,
  },
  actors: {
    fetchPlan: fromPromise<OnpremisePlan>(async () => {
      throw new Error('fetchPlan is provided by the app');
    }),
    fetchBindings: fromPromise<BindingList>(async () => {
      throw new Error('fetchBindings is provided by the app');
    }),
    bindIdentifier: fromPromise<Binding, BindingCreate>(async () => {
      throw new Error('bindIdentifier is provided by the app');
    }),
    unbindIdentifier: fromPromise<void, number>(async () => {
      throw new Error('unbindIdentifier is provided by the app');
    }),
  },
  guards: {
    isPremium: (_, params: { plan: OnpremisePlan }) => isPremium(params.plan),
    givenAtStart,
    // The plan the page brought is Premium (only ever at the start).
    givenPremium: ({ event }) => {
      const plan = startAnswer<OnpremisePlan>(event, 'plan');
      return plan !== undefined && isPremium(plan);
    },
    // Room for one more, and the form passes its rules.
    canBind: ({ context }, params: { values: BindingForm }) =>
      !context.full && v.safeParse(BindingCreate, params.values).success,
    isBound: ({ context }, params: { id: number }) =>
      context.bindings.some((binding) => binding.id === params.id),
    hasFieldErrors: form.hasFieldErrors,
    lostPremium: (_, params: { error: unknown }) => params.error instanceof PremiumRequired,
  },
  actions: {
    keepPlan: assign({
      plan: (_, params: { plan: OnpremisePlan }) => params.plan,
      viaTeam: (_, params: { plan: OnpremisePlan }) =>
        params.plan.plan !== 'premium' && params.plan.team_plan === 'premium',
    }),
    // The plan changed since the page loaded; which plan it is now, the page need not know.
    dropPremium: assign({ plan: null, viaTeam: false }),
    keepList: assign((_, params: { list: BindingList }) => ({
      bindings: params.list.bindings,
      max: params.list.max,
      full: params.list.bindings.length >= params.list.max,
    })),
    keepRequest: assign({
      request: (_, params: { values: BindingForm }) => v.parse(BindingCreate, params.values),
      serverErrors: {},
      notice: null,
    }),
    clearServerErrors: formActions.clearServerErrors,
    // The view scrolls to the form and focuses the first field in error.
    refuseSubmit: formActions.reportValidationFailed,
    dropServerError: formActions.forgetServerError,
    keepServerErrors: formActions.keepServerErrors,
    addBinding: assign(({ context }, params: { binding: Binding }) => {
      const bindings = [params.binding, ...context.bindings];
      return {
        bindings,
        full: bindings.length >= context.max,
        request: null,
        notice: 'bound' as const,
        added: context.added + 1,
      };
    }),
    keepPending: assign({
      pending: ({ context }, params: { id: number }) =>
        context.bindings.find((binding) => binding.id === params.id) ?? null,
      notice: null,
    }),
    dropPending: assign({ pending: null }),
    removePending: assign(({ context }) => {
      const bindings = context.bindings.filter((binding) => binding.id !== context.pending?.id);
      return {
        bindings,
        full: bindings.length >= context.max,
        pending: null,
        notice: 'unbound' as const,
      };
    }),
    clearNotice: assign({ notice: null }),
  },
  delays: {
    noticeTimeout: 3000,
  },
}).createMachine({
  id: 'onpremise',
  context: {
    plan: null,
    viaTeam: false,
    bindings: [],
    max: 0,
    full: false,
    request: null,
    pending: null,
    serverErrors: {},
    notice: null,
    added: 0,
  },
  initial: 'loading',
  states: {
    loading: loadState(
      'fetchPlan',
      'A spinner until the subscription data loads.',
      [
        ifOutput('isPremium', 'plan', 'premium', 'keepPlan'),
        withOutput('notAvailable', 'keepPlan', 'plan'),
      ],
      'unavailable',
      [
        {
          guard: 'givenPremium',
          target: 'premium',
          actions: { type: 'keepPlan', params: fromStart('plan') },
        },
        startGiven('plan', 'notAvailable', 'keepPlan'),
      ],
    ),
    unavailable: retryState('plan.retry', 'The plan could not be loaded, with Try again.'),
    notAvailable: {
      description: "Other plans: a 'not available' notice, with the way to upgrade.",
    },
    premium: {
      description:
        'Premium (own or through a team): the description and the identifier binding screen.',
      initial: 'loading',
      states: {
        loading: loadState(
          'fetchBindings',
          'The bound identifiers load.',
          withOutput('ready', 'keepList', 'list'),
          'failed',
          startGiven('list', 'ready', 'keepList'),
        ),
        failed: retryState(
          'bindings.retry',
          'The identifiers could not be loaded, with Try again.',
        ),
        ready: {
          description: 'The bound identifiers and the form to bind another, up to the limit.',
          initial: 'idle',
          on: {
            'field.edit': {
              actions: {
                type: 'dropServerError',
                params: ({ event }) => ({ field: event.field }),
              },
            },
          },
          states: {
            idle: {
              description: 'Waiting for the user.',
              initial: 'quiet',
              on: {
                'form.submit': [
                  {
                    guard: {
                      type: 'canBind',
                      params: ({ event }) => ({ values: event.values }),
                    },
                    target: 'binding',
                    actions: {
                      type: 'keepRequest',
                      params: ({ event }) => ({ values: event.values }),
                    },
                  },
                  { actions: ['clearServerErrors', 'refuseSubmit'] },
                ],
                'binding.unbind': {
                  guard: { type: 'isBound', params: ({ event }) => ({ id: event.id }) },
                  target: 'confirming',
                  actions: { type: 'keepPending', params: ({ event }) => ({ id: event.id }) },
                },
              },
              states: {
                quiet: { description: 'No notice shown.' },
                /** A change just succeeded: its notice shows for a while. */
                notified: {
                  description: 'A bind or unbind notice, for a few seconds.',
                  after: { noticeTimeout: { target: 'quiet', actions: 'clearNotice' } },
                },
              },
            },
            binding: {
              description: 'Binds the identifier — a refusal goes to its field.',
              tags: ['binding'],
              invoke: {
                id: 'bindIdentifier',
                src: 'bindIdentifier',
                input: form.keptRequest('binding'),
                onDone: withOutput('idle.notified', 'addBinding', 'binding'),
                onError: [
                  form.backIfFieldErrors('idle'),
                  {
                    guard: { type: 'lostPremium', params: fromError },
                    target: '#onpremise.notAvailable',
                    actions: 'dropPremium',
                  },
                  // Reported by the actor (a toast); the form keeps what was typed.
                  { target: 'idle' },
                ],
              },
            },
            confirming: {
              description: 'Asks to confirm the unbinding.',
              on: {
                'unbind.confirm': 'unbinding',
                'unbind.cancel': { target: 'idle', actions: 'dropPending' },
              },
            },
            unbinding: {
              description: 'Unbinds the identifier.',
              tags: ['unbinding'],
              invoke: {
                id: 'unbindIdentifier',
                src: 'unbindIdentifier',
                input: ({ context }) => {
                  if (!context.pending) throw new Error('unbinding without a binding');
                  return context.pending.id;
                },
                onDone: { target: 'idle.notified', actions: 'removePending' },
                // Reported by the actor; the binding stays listed.
                onError: { target: 'idle', actions: 'dropPending' },
              },
            },
          },
        },
      },
    },
  },
});
