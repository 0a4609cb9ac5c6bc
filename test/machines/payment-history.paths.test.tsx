import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { Payment, PaymentPage } from '../../contract/billing.ts';
import { paymentHistoryMachine } from '../../machines/payment-history.machine.ts';
import { PaymentHistoryView } from '../../src/views/subscription/payment-history.view.tsx';
import { paidPayment } from '../fixtures/billing.ts';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, internalEvents, outputOf } from './path-harness.ts';
import { listLoad } from './load-paths.ts';

const paid = paidPayment;
const invoice: Payment = {
  ...paid,
  id: 'inv_3',
  created_at: '2026-11-25T10:00:00Z',
  plan: 'premium',
  interval: 'yearly',
  period_start: null,
  period_end: null,
  amount: 24000,
  currency: 'rub',
  discount: 0,
  coupon: '',
  provider: 'invoice',
  status: 'invoice_requested',
  receipt_url: null,
};
const failed: Payment = {
  ...paid,
  id: 'co_failed',
  created_at: '2026-10-23T10:00:00Z',
  period_start: null,
  period_end: null,
  amount: 10,
  discount: 0,
  coupon: '',
  status: 'failed',
  receipt_url: null,
};
/** Each row newest first, and what the page says of it. */
const ROWS: [Payment, string][] = [
  [invoice, 'Premium, yearly · 24 000 ₽Invoice requestedNovember 25, 2026 · Invoice'],
  [
    paid,
    'Mini, monthly · $9PaidPromo code AUTUMN10: −$1November 23, 2026 · Card, Stripe · Period: November 23, 2026 – December 23, 2026Receipt (PDF) (opens in a new tab)',
  ],
  [failed, 'Mini, monthly · $10FailedOctober 23, 2026 · Card, Stripe'],
];
const first: PaymentPage = { payments: [invoice, paid], next_page: 2 };
const last: PaymentPage = { payments: [failed], next_page: null };
const none: PaymentPage = { payments: [], next_page: null };

const title = () => screen.getByRole('heading', { level: 2, name: 'Payment history' });
const rows = () => screen.queryAllByRole('listitem').map((row) => row.textContent);
const more = () => screen.queryByRole('button', { name: 'Show more' });
const LOAD_FAILED = "Couldn't load your payment history.";
const MORE_FAILED = "Couldn't load more payments.";

/** Rows compare with no-break spaces taken as spaces, as a reader hears them. */
function expectRowsSaid(count: number) {
  const plain = (text: string | null) => (text ?? '').replaceAll('\u00a0', ' ');
  expect(rows().map(plain)).toEqual(ROWS.slice(0, count).map(([, said]) => said));
}
/** The first page loads, with Try again when it could not be (its steps below: it asks for page 1). */
const loaded = listLoad({
  load: 'loadPage',
  field: 'payments',
  retry: 'payments.retry',
  heading: title,
  failed: LOAD_FAILED,
});

describeMachinePaths(paymentHistoryMachine, {
  paths: 6,
  // The payment history on the subscription page: page 1 first,
  // each next page added below the rows shown; Show more only while there is a next page;
  // a failed next page keeps the rows. The first page the page brought is shown at once,
  // and Show more goes on from it (decision 0034).
  input: {},
  starts: {
    'the page brought the first page': { input: { page: first }, at: 'ready', walk: true },
  },
  steps: {
    loading: {
      'done: loadPage': (_, event) => {
        const page: PaymentPage = outputOf(event);
        return { to: 'ready', set: { payments: page.payments, nextPage: page.next_page } };
      },
      'error: loadPage': { to: 'loadFailed' },
    },
    loadFailed: {
      'payments.retry': { to: 'loading', starts: { loadPage: 1 } },
    },
    ready: {
      'payments.more': ({ context }) =>
        context.nextPage === null
          ? { to: 'ready' }
          : { to: 'loadingMore', starts: { loadMore: context.nextPage } },
    },
    loadingMore: {
      'done: loadMore': ({ context }, event) => {
        const page: PaymentPage = outputOf(event);
        return {
          to: 'ready',
          set: { payments: [...context.payments, ...page.payments], nextPage: page.next_page },
        };
      },
      'error: loadMore': { to: 'moreFailed' },
    },
    moreFailed: {
      'payments.more': ({ context }) => ({
        to: 'loadingMore',
        starts: { loadMore: context.nextPage },
      }),
    },
  },
  events: (snapshot) => [
    { type: 'payments.retry' },
    { type: 'payments.more' },
    // A history of more than a page, and an empty one; the next page is the last.
    ...internalEvents(snapshot, {
      loadPage: { output: [first, none] },
      loadMore: { output: [last] },
    }),
  ],
  serialize: (snapshot) => [snapshot.context.payments.length, snapshot.context.nextPage],
  states: {
    ...loaded.states,
    ready: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      // Show more only while there is a next page.
      expect(snapshot.can({ type: 'payments.more' })).toBe(snapshot.context.nextPage !== null);
    },
    loadingMore: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.nextPage).toBe(2);
    },
    moreFailed: (snapshot) => {
      expect(snapshot.can({ type: 'payments.more' })).toBe(true);
      expect(snapshot.context.payments).toEqual(first.payments);
    },
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <PaymentHistoryView snapshot={snapshot} send={() => {}} locale="en" />
      </Providers>
    ),
    states: {
      ...loaded.views,
      ready: (snapshot) => {
        title();
        const count = snapshot.context.payments.length;
        if (count === 0) {
          screen.getByText('No payments yet.');
          expect(rows()).toEqual([]);
        } else {
          expectRowsSaid(count);
        }
        expect(more() !== null).toBe(snapshot.context.nextPage !== null);
        expect(screen.queryByText(MORE_FAILED)).toBeNull();
        // One receipt, of the paid payment, in the page's language, in a new tab.
        const links = screen.queryAllByRole('link');
        expect(links.map((link) => link.getAttribute('href'))).toEqual(
          count === 0 ? [] : ['/api/v1/payments/co_paid/receipt/?locale=en'],
        );
        for (const link of links) expect(link.getAttribute('target')).toBe('_blank');
      },
      loadingMore: () => {
        title();
        expectRowsSaid(2);
        expect(more()?.hasAttribute('disabled')).toBe(true);
      },
      moreFailed: () => {
        title();
        expectRowsSaid(2);
        screen.getByText(MORE_FAILED);
        screen.getByRole('button', { name: 'Try again' });
      },
    },
  },
});
