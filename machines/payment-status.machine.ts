import { assign, fromPromise, setup } from 'xstate';
import { ifOutput, withOutput } from './event-params.ts';
import { isOneOf } from '../contract/one-of.ts';

/**
 * What the payment page was told on its return from the provider (section 4). A
 * 'failed' return is polled too: only the server knows whether the payer was declined
 * or cancelled (decision 0304).
 */
export type ReturnStatus = 'success' | 'unknown' | 'failed';

/** The autopayment as one poll sees it: its status ('none' = 404) and latest error. */
export interface AutopaymentState {
  status: string;
  latestError: string | null;
}

/** Section 4: the statuses that end the polling; anything else means waiting. */
export const finalStatuses = ['canceled', 'active', 'failed', 'none'] as const;

export function isFinalStatus(status: string): boolean {
  return isOneOf(finalStatuses, status);
}

export interface PaymentStatusContext {
  returnStatus: ReturnStatus;
  /** The last status seen, null before the first answer. */
  last: AutopaymentState | null;
}

export type PaymentStatusEvent = { type: 'poll.start'; returnStatus: ReturnStatus };

/**
 * Payment-status polling (section 4): after the provider sends the user back, the
 * autopayment is fetched every `pollInterval` (1 s) until its status is final
 * (canceled, active, failed, none), for at most `successTimeout` (30 s) when the
 * return status was success and `unknownTimeout` (11 s) when it was unknown or
 * failed (the poll tells a cancelled payment from a declined one). At the
 * deadline the last seen status is the answer. The owner sends `poll.start` with the
 * return status, so one model covers both deadlines.
 */
export const paymentStatusMachine = setup({
  types: {
    context: {} as PaymentStatusContext,
    events: {} as PaymentStatusEvent,
    output: {} as AutopaymentState | null,
  },
  actors: {
    fetchAutopaymentState: fromPromiseStub<AutopaymentState>('fetchAutopaymentState'),
  },
  guards: {
    isFinal: (_, params: { state: AutopaymentState }) => isFinalStatus(params.state.status),
    returnedSuccess: ({ context }) => context.returnStatus === 'success',
    returnedUnknownOrFailed: ({ context }) => context.returnStatus !== 'success',
  },
  actions: {
    keepReturnStatus: assign({
      returnStatus: (_, params: { returnStatus: ReturnStatus }) => params.returnStatus,
    }),
    keepLast: assign({ last: (_, params: { state: AutopaymentState }) => params.state }),
  },
  delays: {
    pollInterval: 1000,
    successTimeout: 30_000,
    unknownTimeout: 11_000,
  },
}).createMachine({
  id: 'paymentStatus',
  context: { returnStatus: 'unknown', last: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Waits to be told the return status from the provider.',
      on: {
        'poll.start': {
          target: 'polling',
          actions: {
            type: 'keepReturnStatus',
            params: ({ event }) => ({ returnStatus: event.returnStatus }),
          },
        },
      },
    },
    polling: {
      description:
        'The autopayment status is polled every 1 second, up to 30 s for success and 11 s for unknown or failed.',
      tags: ['busy'],
      initial: 'checking',
      after: {
        successTimeout: { guard: 'returnedSuccess', target: 'timedOut' },
        unknownTimeout: { guard: 'returnedUnknownOrFailed', target: 'timedOut' },
      },
      states: {
        checking: {
          description: 'Asks for the autopayment status.',
          invoke: {
            id: 'fetchAutopaymentState',
            src: 'fetchAutopaymentState',
            onDone: [
              ifOutput('isFinal', 'state', '#paymentStatus.settled', 'keepLast'),
              withOutput('waiting', 'keepLast', 'state'),
            ],
            // A failed poll went to the global handler; the next one may succeed.
            onError: 'waiting',
          },
        },
        waiting: {
          description:
            'Not final yet (anything but canceled, active, failed, none): waits a second.',
          after: { pollInterval: 'checking' },
        },
      },
    },
    settled: { description: 'A final status: canceled, active, failed or none.', type: 'final' },
    timedOut: { description: 'At timeout the last seen status is used.', type: 'final' },
  },
  output: ({ context }) => context.last,
});

function fromPromiseStub<T>(name: string) {
  return fromPromise<T>(async () => {
    throw new Error(`${name} is provided by the app`);
  });
}
