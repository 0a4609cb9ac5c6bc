import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type {
  Card,
  CardAnswer,
  CardSetupStatus,
  Payment,
  PaymentPage,
  PlanList,
  Subscription,
} from '../../contract/billing.ts';
import { cardOnFileMachine } from '../../machines/card-on-file.machine.ts';
import { paymentHistoryMachine } from '../../machines/payment-history.machine.ts';
import {
  paymentStatusMachine,
  type AutopaymentState,
} from '../../machines/payment-status.machine.ts';
import { subscriptionMachine, type PageQuery } from '../../machines/subscription.machine.ts';
import {
  SubscriptionScreen,
  type SubscriptionScreenProps,
} from '../../src/views/subscription/subscription-screen.tsx';
import { readPaths } from '../../contract/page-reads.ts';
import { forgetWarmReads, primeReads } from '../../src/api/client.ts';
import { demoSubscription, paidPayment } from '../fixtures/billing.ts';
import { Providers } from '../render/providers.tsx';

const plans: PlanList = { currency: 'usd', plans: [] };
const mini: Subscription = { ...demoSubscription, price: 1200, currency: 'usd' };

function machineWith(opts: {
  subscription: () => Subscription;
  /** What each poll answers (a function: it may change between polls). */
  status?: string | (() => string);
  restore?: () => Promise<void>;
  /** GET /api/autopayment/ as read by the page; asking for it when it is not set fails. */
  autopayment?: AutopaymentState;
  polledError?: string;
}) {
  return subscriptionMachine.provide({
    actors: {
      pollPaymentStatus: paymentStatusMachine.provide({
        actors: {
          fetchAutopaymentState: fromPromise(async (): Promise<AutopaymentState> => ({
            status: typeof opts.status === 'function' ? opts.status() : (opts.status ?? 'active'),
            latestError: opts.polledError ?? null,
          })),
        },
      }),
      loadSubscription: fromPromise(async () => ({ subscription: opts.subscription(), plans })),
      fetchAutopayment: fromPromise(async () => {
        if (!opts.autopayment) throw new Error('the page asked for an autopayment it knew');
        return opts.autopayment;
      }),
      restoreSubscription: fromPromise(async () => {
        await opts.restore?.();
      }),
    },
  });
}

/**
 * The page on `machine`, in English and opened without a return query unless `props`
 * say otherwise.
 */
/** The history's machine answering `payments` as its one page. */
const historyWith = (payments: Payment[] = []) =>
  paymentHistoryMachine.provide({
    actors: {
      loadPage: fromPromise(async (): Promise<PaymentPage> => ({ payments, next_page: null })),
    },
  });

/** The card block's machine: the saved card, and a card setup's answer (saved Mir). */
const visa: Card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };
const mir: Card = { brand: 'mir', last4: '0004', exp_month: 9, exp_year: 2031 };
const cardWith = (card: Card | null = visa, asked: string[] = []) =>
  cardOnFileMachine.provide({
    actors: {
      loadCard: fromPromise(async (): Promise<CardAnswer> => ({ card, changeable: true })),
      loadSetup: fromPromise(async ({ input }: { input: string }): Promise<CardSetupStatus> => {
        asked.push(input);
        return { status: 'saved', card: mir };
      }),
    },
  });

function renderPage(
  machine: ReturnType<typeof machineWith>,
  props: Partial<Omit<SubscriptionScreenProps, 'machine'>> = {},
) {
  const locale = props.locale ?? 'en';
  return render(
    <Providers locale={locale}>
      <SubscriptionScreen
        query={{ status: null, scenario: null }}
        onQueryRead={() => {}}
        historyMachine={historyWith()}
        cardMachine={cardWith()}
        {...props}
        locale={locale}
        machine={machine}
      />
    </Providers>,
  );
}

beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
  window.scrollTo = () => {};
});
afterEach(cleanup);

describe('subscription page', () => {
  it('polls after a successful payment, shows "created" and clears the query', async () => {
    const onQueryRead = vi.fn();
    const onPlanLoaded = vi.fn();
    const query: PageQuery = { status: 'success', scenario: 'creation' };
    renderPage(machineWith({ subscription: () => mini }), { query, onQueryRead, onPlanLoaded });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Subscription created')).toBeTruthy();
    expect(within(dialog).getByText('Next payment: $1 200/mo · December 23, 2026')).toBeTruthy();
    expect(within(dialog).getByText(/support@example.com/)).toBeTruthy();
    expect(onQueryRead).toHaveBeenCalledTimes(1);
    // The header's plan label follows the loaded plan.
    expect(onPlanLoaded).toHaveBeenCalledWith('mini');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('Subscription created')).toBeNull());
    const cancel = screen.getByText('Cancel subscription').closest('a');
    expect(cancel?.getAttribute('href')).toBe('/en/subscription/update?plan=free&period=monthly');
  });

  it('keeps the return query in the address until the payment system has answered', async () => {
    const onQueryRead = vi.fn();
    let status = 'pending';
    renderPage(machineWith({ subscription: () => mini, status: () => status }), {
      query: { status: 'success', scenario: 'creation' },
      onQueryRead,
    });
    await screen.findByText('waiting response from payment system');
    // A reload now reads the address again: it must still say a payment is awaited.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(onQueryRead).not.toHaveBeenCalled();
    status = 'active';
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(dialog).getByText('Subscription created')).toBeTruthy();
    expect(onQueryRead).toHaveBeenCalledTimes(1);
  });

  it("tells a payment cancelled on the provider's page as cancelled, not failed", async () => {
    const free: Subscription = {
      ...mini,
      plan: 'free',
      price: 0,
      autopayment: false,
      autopayment_status: 'canceled',
      expire_at: null,
    };
    // Stripe's cancel_url says failed; the poll finds the payment cancelled.
    renderPage(machineWith({ subscription: () => free, status: 'canceled' }), {
      query: { status: 'failed', scenario: 'creation' },
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Payment cancelled')).toBeTruthy();
    expect(within(dialog).getByText('Nothing was charged.')).toBeTruthy();
    expect(within(dialog).queryByText(/not created|failed/)).toBeNull();
    expect(screen.queryByText('Your last payment failed')).toBeNull();
  });

  it('restores a cancelled plan after the confirmation, in Russian', async () => {
    const user = userEvent.setup({ delay: null });
    let current: Subscription = {
      ...mini,
      autopayment: false,
      autopayment_status: 'canceled',
      canceled_at: '2026-11-20T00:00:00Z',
    };
    const restore = vi.fn(async () => {
      current = { ...current, autopayment: true, autopayment_status: 'active', canceled_at: null };
    });
    renderPage(
      machineWith({
        subscription: () => current,
        restore,
        autopayment: { status: 'canceled', latestError: null },
      }),
      { locale: 'ru' },
    );
    expect(await screen.findByText('Активна до 23 декабря 2026')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Сменить тариф' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Восстановить' }));
    const ask = await screen.findByRole('alertdialog');
    // The price in the subscription's own currency: dollars stay dollars.
    expect(within(ask).getByText(/\$1\s200\/мес/)).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Восстановить' }));
    expect(await screen.findByText('Подписка восстановлена')).toBeTruthy();
    expect(restore).toHaveBeenCalledTimes(1);
  });

  it('says that the last payment failed, and why, with a way to buy again', async () => {
    const free: Subscription = { ...mini, plan: 'free', price: 0, expire_at: null };
    const user = userEvent.setup({ delay: null });
    renderPage(
      machineWith({
        subscription: () => ({ ...free, autopayment: false, autopayment_status: 'failed' }),
        status: 'failed',
        polledError: 'The card was declined',
      }),
      { query: { status: 'unknown', scenario: 'creation' } },
    );
    // The poll's answer is the page's: the autopayment is not asked for again.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Subscription not created')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Your last payment failed')).toBeTruthy();
    expect(
      screen.getByText('The card was declined. Please try again or contact the payment provider.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toBeTruthy();
  });

  it('asks nothing more of a free plan, and offers no restore the server would refuse', async () => {
    const free: Subscription = {
      ...mini,
      plan: 'free',
      price: 0,
      autopayment: false,
      autopayment_status: null,
    };
    // No autopayment given: asking for it would fail the page.
    renderPage(machineWith({ subscription: () => free }));
    expect(await screen.findByRole('link', { name: 'Upgrade' })).toBeTruthy();
    expect(screen.queryByText("Couldn't load your subscription. Please try again.")).toBeNull();
    cleanup();
    // Cancelled by the go-to-free form, without an autopayment: nothing to restore.
    const cancelled: Subscription = {
      ...mini,
      autopayment: false,
      autopayment_status: null,
      canceled_at: '2026-11-20T00:00:00Z',
    };
    renderPage(
      machineWith({
        subscription: () => cancelled,
        autopayment: { status: 'none', latestError: null },
      }),
    );
    expect(await screen.findByText('Active until December 23, 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Renew Mini' })).toBeTruthy();
  });

  it('shows the payment history under the plan, a paid payment with its receipt', async () => {
    renderPage(machineWith({ subscription: () => mini }), {
      locale: 'ru',
      historyMachine: historyWith([paidPayment]),
    });
    await screen.findByRole('heading', { level: 2, name: 'История платежей' });
    const receipt = screen.getByRole('link', { name: /Квитанция \(PDF\)/ });
    expect(receipt.getAttribute('href')).toBe('/api/v1/payments/co_paid/receipt/?locale=ru');
    expect(receipt.getAttribute('target')).toBe('_blank');
    screen.getByText('Промокод AUTUMN10: −$1');
  });

  it('shows the saved card while the autopayment runs, in Russian', async () => {
    renderPage(machineWith({ subscription: () => mini }), { locale: 'ru' });
    await screen.findByRole('heading', { level: 2, name: 'Платёжная карта' });
    screen.getByText('Visa •••• 4242, действует до 12/2030');
    screen.getByRole('button', { name: 'Сменить карту' });
  });

  it('tells the outcome of the card setup come back from', async () => {
    const asked: string[] = [];
    renderPage(machineWith({ subscription: () => mini }), {
      cardSetup: 'co_setup',
      cardMachine: cardWith(visa, asked),
    });
    await screen.findByText('The new card is saved: the next payments are charged to it.');
    screen.getByText('Mir •••• 0004, expires 09/2031');
    expect(asked).toEqual(['co_setup']);
  });

  it('has no card block without a running autopayment', async () => {
    const cancelled: Subscription = { ...mini, autopayment: false, autopayment_status: null };
    renderPage(machineWith({ subscription: () => cancelled }));
    await screen.findByRole('heading', { level: 2, name: 'Payment history' });
    expect(screen.queryByRole('heading', { level: 2, name: 'Payment card' })).toBeNull();
  });
});

describe('the subscription page with what its HTML brought (decision 0034)', () => {
  afterEach(forgetWarmReads);
  const cancelled: Subscription = {
    ...mini,
    autopayment: false,
    autopayment_status: 'canceled',
    canceled_at: '2026-11-23T00:00:00Z',
  };
  const brought = (subscription: Subscription, autopayment?: unknown) =>
    primeReads([
      { path: readPaths.subscription, answer: { subscription } },
      { path: readPaths.prices, answer: plans },
      ...(autopayment ? [{ path: readPaths.autopayment, answer: { autopayment } }] : []),
    ]);
  const loaded = () => {
    throw new Error('the page read what it brought');
  };

  /** Whether the page ever drew its wait, from now until `stop`. */
  const watchForWait = () => {
    let waited = false;
    const watch = new MutationObserver(() => {
      waited ||= document.body.textContent?.includes('Loading…') ?? false;
    });
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => {
      watch.disconnect();
      return waited;
    };
  };

  it('draws the plan without a wait, reading nothing', async () => {
    brought(mini);
    const stop = watchForWait();
    renderPage(machineWith({ subscription: loaded }));
    await screen.findByText('Cancel subscription');
    expect(stop()).toBe(false);
  });

  it('offers Restore without a wait when it brought the cancelled autopayment too', async () => {
    const stop = watchForWait();
    brought(cancelled, {
      status: 'canceled',
      latest_error: null,
      provider: 'stripe',
      plan: 'mini',
      interval: 'monthly',
      coupon: '',
    });
    renderPage(machineWith({ subscription: loaded }));
    await screen.findByRole('button', { name: 'Restore' });
    expect(stop()).toBe(false);
  });

  it('polls first, and reads afterwards, when back from a payment', async () => {
    brought(cancelled);
    const query: PageQuery = { status: 'success', scenario: 'creation' };
    renderPage(machineWith({ subscription: () => mini }), { query });
    await screen.findByText('waiting response from payment system');
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('Subscription created');
  });
});
