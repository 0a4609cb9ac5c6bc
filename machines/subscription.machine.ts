import { and, assign, fromPromise, sendTo, setup } from 'xstate';
import type { PlanList, Subscription } from '../contract/billing.ts';
import type { AttemptStatus, Scenario } from '../contract/subscription-query.ts';
import type { PlanId } from '../contract/profile.ts';
import {
  paymentStatusMachine,
  type AutopaymentState,
  type ReturnStatus,
} from './payment-status.machine.ts';
import { fromOutput, ifOutput, withOutput } from './event-params.ts';
import {
  fromStart,
  givenAtStart,
  loadState,
  retryState,
  startAnswer,
  startGiven,
} from './load-parts.ts';

/** The query the provider (or the checkout) sent the user back with. */
export interface PageQuery {
  status: AttemptStatus | null;
  scenario: Scenario | null;
  /** The plan an invoice was requested for (scenario invoiceRequested): the dialog names it. */
  plan?: 'mini' | 'premium' | null;
}

/** Section 4: the dialogs the page opens after a payment, a change, a cancel or a restore. */
export type Outcome =
  | 'created'
  | 'creation_failed'
  | 'updated'
  | 'updating_failed'
  | 'cancel'
  | 'invoice_requested'
  | 'restored'
  | 'payment_failed'
  | 'payment_canceled';

export interface SubscriptionData {
  subscription: Subscription;
  plans: PlanList;
}

/**
 * Whether the autopayment has more to tell than the subscription's `autopayment_status`:
 * with none, or an active one, there is nothing to ask; a cancelled one decides Restore,
 * a failed one carries the error of the last payment.
 */
export function needsAutopayment(subscription: Pick<Subscription, 'autopayment_status'>): boolean {
  return subscription.autopayment_status !== null && subscription.autopayment_status !== 'active';
}

/** Why the autopayment's last charge failed (a refused payment or renewal), or null. */
export function failedPayment(autopayment: AutopaymentState | null): string | null {
  return autopayment?.status === 'failed' ? (autopayment.latestError ?? '') : null;
}

/** The server restores only a cancelled autopayment: a plan cancelled without one stays as it is. */
export function canRestore(
  subscription: Pick<Subscription, 'canceled_at'>,
  autopayment: AutopaymentState | null,
): boolean {
  return subscription.canceled_at !== null && autopayment?.status === 'canceled';
}

/**
 * The dialog a return from payment opens, given the polled autopayment (null = not
 * polled, or no answer in time). The server's word wins over the address: a new
 * subscription's payment it saw cancelled is told as cancelled, whatever status the
 * provider returned with (Stripe's cancel_url says failed).
 */
export function outcomeOf(query: PageQuery, polled: AutopaymentState | null): Outcome | null {
  const status = polled?.status ?? null;
  const failed = status === 'failed' || (status !== 'active' && query.status === 'failed');
  switch (query.scenario) {
    case 'creation':
      if (status === 'active') return 'created';
      if (status === 'canceled') return 'payment_canceled';
      if (failed) return 'creation_failed';
      return query.status ? 'payment_failed' : null;
    case 'updating':
      return status === 'active' && !polled?.latestError ? 'updated' : 'updating_failed';
    case 'cancellation':
      return 'cancel';
    case 'invoiceRequested':
      return 'invoice_requested';
    case null:
      return failed ? 'payment_failed' : null;
    default:
      return query.scenario satisfies never;
  }
}

export type PlanAction = 'upgrade' | 'change' | 'cancel' | 'renew' | 'restore';

/**
 * Section 4 'Plan actions': what the current plan offers. A cancelled plan offers
 * only Restore where the server will restore it (`restorable`: its autopayment was
 * cancelled); one cancelled without an autopayment offers what a plan without
 * autopayment does.
 */
export function planActions(
  subscription: Pick<Subscription, 'plan' | 'autopayment' | 'canceled_at'>,
  restorable: boolean,
): PlanAction[] {
  if (subscription.canceled_at && restorable) return ['restore'];
  const byPlan: Record<PlanId, PlanAction[]> = subscription.autopayment
    ? { free: ['upgrade'], mini: ['upgrade', 'change', 'cancel'], premium: ['change', 'cancel'] }
    : { free: ['upgrade'], mini: ['upgrade', 'renew', 'change'], premium: ['renew', 'change'] };
  return byPlan[subscription.plan];
}

export interface SubscriptionContext {
  query: PageQuery;
  data: SubscriptionData | null;
  /** The autopayment as last read or polled (status 'none': there is none); null while not asked. */
  autopayment: AutopaymentState | null;
  outcome: Outcome | null;
}

/**
 * The page's input: the query of its address, and what its HTML brought (decision 0034):
 * the subscription with the plans, and the autopayment where there is one. Nothing is
 * brought back from a payment: the page polls first and reads what the payment made.
 */
export interface SubscriptionInput {
  query: PageQuery;
  data?: SubscriptionData;
  autopayment?: AutopaymentState;
}

export type SubscriptionEvent =
  { type: 'outcome.close' } | { type: 'restore.confirmed' } | { type: 'load.retry' };

/** Every payment attempt is polled: a failed one too, to tell a cancel from a decline. */
const returnStatusOf = (query: PageQuery): ReturnStatus | null => query.status;

/**
 * The /subscription page: given the query read from the address, it polls
 * the payment status when the provider sent the user back with a payment attempt,
 * success, unknown or failed (the payment-status machine, a child, with its 30 s /
 * 11 s deadlines), loads the
 * subscription and prices, then the autopayment only where neither the poll nor the
 * subscription told it already (`needsAutopayment`), shows the outcome dialog if there
 * is one, then the plan; what the page brought (its input) stands for the first reads.
 * A plan whose autopayment was cancelled can be restored: PATCH
 * status active, reload, 'restored'. States tagged `returnQuery` need the return's
 * query: the page keeps it in the address until they are left, so a reload while the
 * payment system is awaited polls again instead of forgetting the payment.
 */
export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
    input: {} as SubscriptionInput,
    // The payment-status child by its id, so the page draws its snapshot with its view.
    children: {} as { pollPaymentStatus: 'pollPaymentStatus' },
  },
  actors: {
    pollPaymentStatus: paymentStatusMachine,
    loadSubscription: fromPromise<SubscriptionData>(async () => {
      throw new Error('loadSubscription is provided by the app');
    }),
    fetchAutopayment: fromPromise<AutopaymentState>(async () => {
      throw new Error('fetchAutopayment is provided by the app');
    }),
    restoreSubscription: fromPromise<void>(async () => {
      throw new Error('restoreSubscription is provided by the app');
    }),
  },
  guards: {
    needsPolling: ({ context }) => returnStatusOf(context.query) !== null,
    givenAtStart,
    hasOutcome: ({ context }) => context.outcome !== null,
    isAutopaymentUnknown: ({ context }, params: { data: SubscriptionData }) =>
      context.autopayment === null && needsAutopayment(params.data.subscription),
    // The page brought the subscription, but not the autopayment it has more to tell of.
    givenUnknownAutopayment: ({ context, event }) => {
      const data = startAnswer<SubscriptionData>(event, 'data');
      return (
        data !== undefined && context.autopayment === null && needsAutopayment(data.subscription)
      );
    },
    isRestorable: ({ context }) =>
      context.data !== null && canRestore(context.data.subscription, context.autopayment),
  },
  actions: {
    keepPolledOutcome: assign({
      outcome: ({ context }, params: { polled: AutopaymentState | null }) =>
        outcomeOf(context.query, params.polled),
    }),
    keepUnpolledOutcome: assign({ outcome: ({ context }) => outcomeOf(context.query, null) }),
    closeOutcome: assign({ outcome: null }),
    // The child starts idle; it is told which deadline applies.
    startPolling: sendTo('pollPaymentStatus', ({ context }) => ({
      type: 'poll.start' as const,
      returnStatus: returnStatusOf(context.query) ?? 'unknown',
    })),
    keepData: assign({ data: (_, params: { data: SubscriptionData }) => params.data }),
    keepAutopayment: assign({
      autopayment: ({ context }, params: { autopayment: AutopaymentState | null }) =>
        params.autopayment ?? context.autopayment,
    }),
    // The server made it active; nothing is left to ask.
    keepRestored: assign({
      outcome: 'restored' as const,
      autopayment: { status: 'active', latestError: null },
    }),
  },
}).createMachine({
  id: 'subscription',
  context: ({ input }) => ({
    query: input.query,
    data: null,
    autopayment: input.autopayment ?? null,
    outcome: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      description:
        'Reads payment-attempt-status and scenario from the address; they leave it once the outcome is known.',
      always: [
        { guard: 'needsPolling', target: 'polling' },
        { target: 'loading', actions: 'keepUnpolledOutcome' },
      ],
    },
    polling: {
      description: "'waiting response from payment system' while the payment status is polled.",
      tags: ['busy', 'waitingForPayment', 'returnQuery'],
      invoke: {
        id: 'pollPaymentStatus',
        src: 'pollPaymentStatus',
        onDone: {
          target: 'loading',
          actions: [
            { type: 'keepPolledOutcome', params: fromOutput('polled') },
            { type: 'keepAutopayment', params: fromOutput('autopayment') },
          ],
        },
        // The poll failed outright: what the provider said decides.
        onError: {
          target: 'loading',
          actions: 'keepUnpolledOutcome',
        },
      },
      entry: 'startPolling',
    },
    loading: loadState(
      'loadSubscription',
      'A spinner while the subscription loads.',
      [
        ifOutput('isAutopaymentUnknown', 'data', 'readingAutopayment', 'keepData'),
        {
          guard: 'hasOutcome',
          target: 'showingOutcome',
          actions: { type: 'keepData', params: fromOutput('data') },
        },
        withOutput('ready', 'keepData', 'data'),
      ],
      'unavailable',
      [
        {
          guard: 'givenUnknownAutopayment',
          target: 'readingAutopayment',
          actions: { type: 'keepData', params: fromStart('data') },
        },
        {
          guard: and([{ type: 'givenAtStart', params: { key: 'data' } }, 'hasOutcome']),
          target: 'showingOutcome',
          actions: { type: 'keepData', params: fromStart('data') },
        },
        startGiven('data', 'ready', 'keepData'),
      ],
    ),
    readingAutopayment: loadState(
      'fetchAutopayment',
      'Reads the autopayment, where the subscription has one.',
      [
        {
          guard: 'hasOutcome',
          target: 'showingOutcome',
          actions: { type: 'keepAutopayment', params: fromOutput('autopayment') },
        },
        withOutput('ready', 'keepAutopayment', 'autopayment'),
      ],
      'unavailable',
    ),
    unavailable: retryState('load.retry', 'The subscription could not be loaded, with Try again.'),
    showingOutcome: {
      description: 'The outcome dialog: plan, next payment price and date, a contact hint.',
      on: { 'outcome.close': { target: 'ready', actions: 'closeOutcome' } },
    },
    ready: {
      description:
        'The current plan and its actions (upgrade, change, cancel, renew, or only Restore when cancelled).',
      on: { 'restore.confirmed': { guard: 'isRestorable', target: 'restoring' } },
    },
    restoring: {
      description: 'Restore: sets the autopayment status to active, reloads, shows restored.',
      tags: ['busy'],
      invoke: {
        id: 'restoreSubscription',
        src: 'restoreSubscription',
        onDone: { target: 'loading', actions: 'keepRestored' },
        // The failure went to the global handler (a toast); the plan stays as it was.
        onError: 'ready',
      },
    },
  },
});
