import { fromPromise } from 'xstate';
import type { Autopayment } from '../../contract/billing.ts';
import { fetchAutopayment } from '../api/billing.api.ts';
import { ApiError, dispatchErrors } from '../api/errors.ts';
import {
  paymentStatusMachine,
  type AutopaymentState,
} from '../../machines/payment-status.machine.ts';

/** Failures nobody subscribes to reach the global handler (a toast), then the machine. */
export function report(error: unknown): never {
  if (error instanceof ApiError) dispatchErrors(error.items);
  throw error;
}

/** The autopayment as the machines know it: none is status 'none'. */
export const autopaymentState = (autopayment: Autopayment | null): AutopaymentState =>
  autopayment
    ? { status: autopayment.status, latestError: autopayment.latest_error }
    : { status: 'none', latestError: null };

/** GET /api/autopayment/ as the machines read it: a 404 is status 'none' (section 8). */
export const readAutopayment = fromPromise<AutopaymentState>(async ({ signal }) =>
  autopaymentState(await fetchAutopayment(signal).catch(report)),
);

export const livePaymentStatusMachine = paymentStatusMachine.provide({
  actors: { fetchAutopaymentState: readAutopayment },
});
