import { fromPromise } from 'xstate';
import {
  paymentHistoryMachine,
  type PaymentHistoryInput,
} from '../../machines/payment-history.machine.ts';
import { fetchPayments, givenPayments } from '../api/billing.api.ts';

export const livePaymentHistoryMachine = paymentHistoryMachine.provide({
  actors: {
    loadPage: fromPromise(({ input, signal }) => fetchPayments(input, signal)),
  },
});

/** The history's input: its first page, where the page brought it (decision 0034). */
export function paymentHistoryInput(): PaymentHistoryInput {
  const page = givenPayments();
  return page ? { page } : {};
}
