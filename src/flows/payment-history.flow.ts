import { fromPromise } from 'xstate';
import { paymentHistoryMachine } from '../../machines/payment-history.machine.ts';
import { fetchPayments } from '../api/billing.api.ts';

export const livePaymentHistoryMachine = paymentHistoryMachine.provide({
  actors: {
    loadPage: fromPromise(({ input, signal }) => fetchPayments(input, signal)),
  },
});
