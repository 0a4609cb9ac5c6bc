import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { PlanChangeCostAnswer, Subscription } from '../../contract/billing.ts';
import {
  checkoutMachine,
  type CardValues,
  type CheckoutData,
  type CheckoutInput,
  type EntityValues,
  type Leaving,
  type ResumedPayment,
} from '../../machines/checkout.machine.ts';
import { promoCodeMachine, type PromoCheck } from '../../machines/promo-code.machine.ts';
import { readPaths, type AnsweredRead } from '../../contract/page-reads.ts';
import { forgetWarmReads, primeReads } from '../../src/api/client.ts';
import { cardProviders, paymentCountries } from '../../src/api/countries.api.ts';
import { providerOptions, resumedPayment } from '../../src/flows/checkout.flow.ts';
import { CheckoutScreen } from '../../src/views/subscription/checkout-screen.tsx';
import { UpdateScreen } from '../../src/views/subscription/update-screen.tsx';
import { subscriptionUpdateMachine } from '../../machines/subscription-update.machine.ts';
import type { UpdateQuery } from '../../machines/update-query.ts';
import type { SubscriptionData } from '../../machines/subscription.machine.ts';
import { demoPlans } from '../fixtures/billing.ts';
import { Providers } from '../render/providers.tsx';

const free: Subscription = {
  plan: 'free',
  interval: 'monthly',
  price: 0,
  currency: 'rub',
  autopayment: false,
  autopayment_status: null,
  expire_at: null,
  canceled_at: null,
  team_plan: null,
};

interface Fakes {
  pay?: (input: { values: CardValues; coupon: string }) => Promise<Leaving>;
  invoice?: (values: EntityValues) => Promise<Leaving>;
  cancel?: () => Promise<Leaving>;
  promo?: (code: string) => Promise<PromoCheck>;
  /** The open payment the checkout finds, when it is told one is pending. */
  resumed?: ResumedPayment;
  /** The server's cost of a change of the running autopayment. */
  cost?: PlanChangeCostAnswer;
}

function renderCheckout(
  locale: 'en' | 'ru',
  plan: 'free' | 'mini' | 'premium',
  fakes: Fakes,
  subscription: Subscription = free,
  payer: CardValues = { firstName: '', lastName: '', email: 'ann@example.com', country: '' },
  invoiceMinimum: number | null = 20000,
) {
  const onLeave = vi.fn();
  const never = () => new Promise<never>(() => {});
  const machines = {
    checkout: checkoutMachine.provide({
      actors: {
        loadCheckoutData: fromPromise(async ({ input }): Promise<CheckoutData> => ({
          additionalDays: null,
          nextExpire: '2027-01-01T00:00:00Z',
          countries: [{ code: 'RU', name_en: 'Russia', name_ru: 'Россия' }],
          resumed: input.pendingPayment ? (fakes.resumed ?? null) : null,
          cost: input.autopayment ? (fakes.cost ?? null) : null,
        })),
        payByCard: fromPromise(({ input }) => (fakes.pay ?? never)(input)),
        requestInvoice: fromPromise(({ input }) => (fakes.invoice ?? never)(input.values)),
        cancelSubscription: fromPromise(() => (fakes.cancel ?? never)()),
      },
    }),
    promo: promoCodeMachine.provide({
      actors: { checkPromoCode: fromPromise(({ input }) => (fakes.promo ?? never)(input.code)) },
    }),
  };
  render(
    <Providers locale={locale}>
      <CheckoutScreen
        plan={plan}
        period="monthly"
        plans={demoPlans.plans}
        subscription={subscription}
        payer={payer}
        locale={locale}
        onBack={() => {}}
        onLeave={onLeave}
        machines={machines}
        invoiceMinimum={invoiceMinimum}
      />
    </Providers>,
  );
  return onLeave;
}

beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
  window.scrollTo = () => {};
});
afterEach(cleanup);

describe('checkout', () => {
  it('asks for the missing fields, then starts one card checkout on a double click', async () => {
    const user = userEvent.setup({ delay: null });
    const pay = vi.fn(async () => ({ href: 'https://pay.example.com/1', external: true }));
    const onLeave = renderCheckout('en', 'mini', { pay });
    // Pay names the total it pays.
    const pay$ = await screen.findByRole('button', { name: /^Pay 900\s₽$/ });
    await user.click(pay$);
    expect((await screen.findAllByText('This field is required')).length).toBeGreaterThan(0);
    expect(document.activeElement?.getAttribute('name')).toBe('firstName');
    expect(pay).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>(/Email/).readOnly).toBe(true);
    await user.type(screen.getByLabelText(/First name/), 'Ann');
    await user.type(screen.getByLabelText(/Last name/), 'Lee');
    await user.selectOptions(screen.getByLabelText(/Country/), 'RU');
    await user.dblClick(pay$);
    await waitFor(() => expect(onLeave).toHaveBeenCalledTimes(1));
    expect(pay).toHaveBeenCalledTimes(1);
  });

  it("starts the card form with the profile's name, and its country where payments are taken", async () => {
    const pay = vi.fn(async () => ({ href: 'https://pay.example.com/1', external: true }));
    const user = userEvent.setup({ delay: null });
    const onLeave = renderCheckout('en', 'mini', { pay }, free, {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      country: 'RU',
    });
    await user.click(await screen.findByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(onLeave).toHaveBeenCalledTimes(1));
    expect(pay).toHaveBeenCalledWith(
      expect.objectContaining({
        values: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', country: 'RU' },
      }),
    );
    cleanup();
    renderCheckout('en', 'mini', { pay }, free, {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      country: 'DE',
    });
    expect((await screen.findByLabelText<HTMLSelectElement>(/Country/)).value).toBe('');
  });

  it("back from the provider's page: shows the open payment's promo code and payer, as Pay resumes it", async () => {
    const user = userEvent.setup({ delay: null });
    const pay = vi.fn(async () => ({ href: 'https://pay.example.com/1', external: true }));
    const promo = vi.fn(async (): Promise<PromoCheck> => ({
      status: 'ok',
      discount: 10,
      newPrice: { amount: 810, currency: 'rub' },
      oldPrice: { amount: 900, currency: 'rub' },
    }));
    const payer = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', country: 'RU' };
    const onLeave = renderCheckout(
      'en',
      'mini',
      { pay, promo, resumed: { coupon: 'WELCOME10', payer } },
      { ...free, autopayment_status: 'pending' },
    );
    await screen.findByText(/Promo code was applied successfully! Your discount: 10%/);
    expect(promo).toHaveBeenCalledWith('WELCOME10');
    expect(screen.getByLabelText<HTMLInputElement>('Promo code').value).toBe('WELCOME10');
    expect(screen.getByLabelText<HTMLInputElement>(/First name/).value).toBe('Ann');
    expect(screen.getByLabelText<HTMLSelectElement>(/Country/).value).toBe('RU');
    await user.click(screen.getByRole('button', { name: /^Pay 810\s₽$/ }));
    await waitFor(() => expect(onLeave).toHaveBeenCalledTimes(1));
    expect(pay).toHaveBeenCalledWith(
      expect.objectContaining({ coupon: 'WELCOME10', values: payer }),
    );
  });

  it('resumes only a pending payment of the same plan and period', () => {
    const open = {
      status: 'pending',
      latest_error: null,
      provider: 'stripe',
      plan: 'mini',
      interval: 'monthly',
      coupon: 'WELCOME10',
      user_data: { first_name: 'Ann', second_name: 'Lee', email: 'a@example.com', country: 'DE' },
      options: {},
    } as const;
    expect(resumedPayment(open, 'mini', 'monthly')).toEqual({
      coupon: 'WELCOME10',
      payer: { firstName: 'Ann', lastName: 'Lee', email: 'a@example.com', country: 'DE' },
    });
    expect(resumedPayment(open, 'premium', 'monthly')).toBeNull();
    expect(resumedPayment(open, 'mini', 'yearly')).toBeNull();
    expect(resumedPayment({ ...open, status: 'active' }, 'mini', 'monthly')).toBeNull();
    expect(resumedPayment(null, 'mini', 'monthly')).toBeNull();
  });

  it('shows every promo message of section 8', async () => {
    const user = userEvent.setup({ delay: null });
    const check = (status: PromoCheck['status']): PromoCheck => ({
      status,
      discount: 20,
      newPrice: { amount: 720, currency: 'rub' },
      oldPrice: { amount: 900, currency: 'rub' },
    });
    const promo = vi
      .fn<(code: string) => Promise<PromoCheck>>()
      .mockResolvedValueOnce(check('err_not_found'))
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce(check('ok'));
    renderCheckout('en', 'mini', { promo });
    await user.click(await screen.findByRole('button', { name: 'I have a promo code' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please enter your promo code')).toBeTruthy();
    const input = screen.getByLabelText('Promo code');
    await user.type(input, 'NOPE{Enter}');
    expect(await screen.findByText('This promo code does not exist')).toBeTruthy();
    await user.type(input, 'X');
    expect(screen.queryByText('This promo code does not exist')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    await user.type(input, 'Y{Enter}');
    expect(
      await screen.findByText('Promo code was applied successfully! Your discount: 20%'),
    ).toBeTruthy();
  });

  it('in Russian, refuses a bad phone at the field, then requests the invoice', async () => {
    const user = userEvent.setup({ delay: null });
    const invoice = vi.fn(async () => ({
      href: '/ru/subscription?scenario=invoiceRequested',
      external: false,
    }));
    const onLeave = renderCheckout('ru', 'premium', { invoice });
    await screen.findByRole('form', { name: 'Данные плательщика' });
    const summary = () => screen.getByRole('region', { name: 'Итог заказа' });
    expect(within(summary()).getByText(/Итого: 5\s000\s₽\/мес/)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Юридическое лицо (счёт)' }));
    expect(screen.queryByRole('button', { name: 'У меня есть промокод' })).toBeNull();
    // An invoice pays a year: premium's yearly price, whichever period was chosen.
    const company = screen.getByRole('form', { name: 'Данные компании' });
    expect(within(summary()).getByText(/Итого: 48\s000\s₽\/год/)).toBeTruthy();
    // The invoice minimum the server enforces (INVOICE_MINIMUM_RUB, decision 0305).
    expect(
      within(company).getByText(/^Оплата по счёту доступна для заказов от 20\s000\s₽\.$/),
    ).toBeTruthy();
    // An invoice request pays nothing yet: its button asks for the invoice.
    expect(within(company).queryByRole('button', { name: /^Оплатить/ })).toBeNull();
    within(company).getByText(
      'Нажимая «Запросить счёт», вы соглашаетесь с условиями использования.',
    );
    expect(within(company).queryByText(/\$/)).toBeNull();
    await user.type(screen.getByLabelText(/Название компании/), 'ООО Карта');
    await user.type(screen.getByLabelText(/Контактное лицо/), 'Анна');
    await user.type(screen.getByLabelText(/Контактный e-mail/), 'anna@example.com');
    await user.type(screen.getByLabelText(/Контактный телефон/), '12345');
    // Back to the card and again to the invoice: what was typed is still there.
    await user.click(screen.getByRole('button', { name: 'Физическое лицо (карта)' }));
    expect(screen.queryByRole('form', { name: 'Данные компании' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Юридическое лицо (счёт)' }));
    expect(screen.getByLabelText<HTMLInputElement>(/Название компании/).value).toBe('ООО Карта');
    await user.click(screen.getByRole('button', { name: 'Запросить счёт' }));
    expect(
      await screen.findByText('Введите корректный номер телефона с международным кодом страны'),
    ).toBeTruthy();
    expect(invoice).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/Контактный телефон/));
    await user.type(screen.getByLabelText(/Контактный телефон/), '+7 495 123-45-67');
    await user.click(screen.getByRole('button', { name: 'Запросить счёт' }));
    await waitFor(() =>
      expect(onLeave).toHaveBeenCalledWith({
        href: '/ru/subscription?scenario=invoiceRequested',
        external: false,
      }),
    );
  });

  it('offers no invoice for a plan whose year is below the minimum, and says why', async () => {
    const user = userEvent.setup({ delay: null });
    // Mini's year is 9 600 ₽, below the 20 000 ₽ minimum.
    renderCheckout('ru', 'mini', {});
    const entity = await screen.findByRole('button', { name: 'Юридическое лицо (счёт)' });
    expect((entity as HTMLButtonElement).disabled).toBe(true);
    const reason = screen.getByText(/^Оплата по счёту доступна для заказов от 20\s000\s₽\.$/);
    expect(entity.getAttribute('aria-describedby')).toBe(reason.id);
    await user.click(entity);
    expect(screen.queryByRole('form', { name: 'Данные компании' })).toBeNull();
    screen.getByRole('form', { name: 'Данные плательщика' });
    cleanup();
    // At the minimum it is offered: the year (9 600 ₽) reaches it.
    renderCheckout('ru', 'mini', {}, free, undefined, 9600);
    const offered = await screen.findByRole('button', { name: 'Юридическое лицо (счёт)' });
    expect((offered as HTMLButtonElement).disabled).toBe(false);
    expect(offered.hasAttribute('aria-describedby')).toBe(false);
    expect(document.getElementById('invoice-minimum-reason')).toBeNull();
    cleanup();
    // A page that does not say the minimum offers no invoice either.
    renderCheckout('ru', 'premium', {}, free, undefined, null);
    const unknown = await screen.findByRole('button', { name: 'Юридическое лицо (счёт)' });
    expect((unknown as HTMLButtonElement).disabled).toBe(true);
    screen.getByText('Оплата по счёту для этого тарифа недоступна.');
  });

  it('offers no invoice when the page says the server takes none', async () => {
    const meta = document.createElement('meta');
    meta.name = 'portal-entity-orders';
    meta.content = 'off';
    document.head.append(meta);
    try {
      renderCheckout('ru', 'premium', {});
      await screen.findByRole('button', { name: /^Оплатить / });
      expect(screen.queryByRole('button', { name: 'Юридическое лицо (счёт)' })).toBeNull();
    } finally {
      meta.remove();
    }
    cleanup();
    renderCheckout('ru', 'premium', {});
    expect(await screen.findByRole('button', { name: 'Юридическое лицо (счёт)' })).toBeTruthy();
  });

  it('cancels to Free with the restrictions and the warning', async () => {
    const user = userEvent.setup({ delay: null });
    const cancel = vi.fn(async () => ({
      href: '/en/subscription?scenario=cancellation',
      external: false,
    }));
    const onLeave = renderCheckout(
      'en',
      'free',
      { cancel },
      { ...free, plan: 'mini', autopayment: true },
    );
    expect(await screen.findByText('Fewer than 30 maps and layers')).toBeTruthy();
    // The restrictions show while the checkout prepares; the rest draws after, in a
    // transition.
    expect(await screen.findByText(/Web GIS will be blocked/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change plan' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(onLeave).toHaveBeenCalledTimes(1));
    expect(cancel).toHaveBeenCalledTimes(1);
  });
});

describe('the cost of a plan change', () => {
  const cost: PlanChangeCostAnswer = {
    plan: 'premium',
    interval: 'monthly',
    currency: 'rub',
    price: 5000,
    charged_now: 5000,
    credit: { amount: 450, currency: 'rub', days: 2 },
    next_payment_at: '2027-03-05T10:00:00Z',
    next_payment_amount: 5000,
  };
  const mini: Subscription = { ...free, plan: 'mini', price: 900, autopayment: true };

  it.each([
    [
      'en',
      'Charged now: 5 000 ₽',
      'Credit for the unused part of your current plan: 450 ₽, adds 2 days',
      'Next payment: 5 000 ₽ on March 5, 2027',
    ],
    [
      'ru',
      'Спишем сейчас: 5 000 ₽',
      'Зачёт за неиспользованную часть текущего тарифа: 450 ₽, добавит 2 дня',
      'Следующий платёж: 5 000 ₽, 5 марта 2027',
    ],
  ] as const)("shows the server's figures before Pay, in %s", async (locale, ...lines) => {
    renderCheckout(locale, 'premium', { cost }, mini);
    const plain = (text: string | null) => (text ?? '').replaceAll('\u00a0', ' ');
    for (const line of lines) {
      expect(
        await screen.findByText(
          (_, element) => element?.tagName === 'P' && plain(element.textContent) === line,
        ),
      ).toBeTruthy();
    }
  });

  it('shows no change cost to a new checkout, which has none', async () => {
    renderCheckout('en', 'premium', { cost }, free);
    await screen.findByRole('button', { name: /^Pay/ });
    expect(screen.queryByText(/^Charged now/)).toBeNull();
  });
});

describe('payment provider by country', () => {
  it('RU pays with yookassa and returns with status unknown; others with stripe', () => {
    const ru = providerOptions('RU', 'https://gis.example.com');
    expect(ru.provider).toBe('yookassa');
    expect(ru.options['payment_method_type']).toBe('bank_card');
    expect(ru.options['return_url']).toMatch(
      /^https:\/\/gis\.example\.com\/\w+\/subscription\?scenario=creation&payment-attempt-status=unknown$/,
    );
    const de = providerOptions('DE', 'https://gis.example.com');
    expect(de.provider).toBe('stripe');
    expect(de.options['success_url']).toMatch(/payment-attempt-status=success$/);
    expect(de.options['cancel_url']).toMatch(/payment-attempt-status=failed$/);
  });

  it('offers the card payer only the countries whose provider the server takes', () => {
    const list = [
      { code: 'DE', name_en: 'Germany', name_ru: 'Германия' },
      { code: 'RU', name_en: 'Russia', name_ru: 'Россия' },
    ];
    const page = (content: string | null) => {
      const doc = document.implementation.createHTMLDocument('page');
      if (content !== null) {
        const meta = doc.createElement('meta');
        meta.name = 'portal-card-providers';
        meta.content = content;
        doc.head.append(meta);
      }
      return doc;
    };
    expect(cardProviders(page('yookassa stripe'))).toEqual(['yookassa', 'stripe']);
    expect(cardProviders(page(null))).toEqual(['yookassa', 'stripe']);
    expect(cardProviders(page('stripe bogus'))).toEqual(['stripe']);
    expect(cardProviders(page(''))).toEqual([]);
    expect(paymentCountries(list, ['stripe']).map((c) => c.code)).toEqual(['DE']);
    expect(paymentCountries(list, ['yookassa']).map((c) => c.code)).toEqual(['RU']);
    expect(paymentCountries(list, ['yookassa', 'stripe'])).toEqual(list);
  });
});

/** The update page with its two reads as given (the page's and the checkout's). */
function drawUpdatePage(
  query: UpdateQuery,
  loads: {
    page: ReturnType<typeof fromPromise<SubscriptionData>>;
    checkout: ReturnType<typeof fromPromise<CheckoutData, CheckoutInput>>;
  },
  onQueryCleared: () => void = () => {},
) {
  return render(
    <Providers locale="en">
      <UpdateScreen
        query={query}
        payer={{ firstName: '', lastName: '', email: 'ann@example.com', country: '' }}
        locale="en"
        onQueryCleared={onQueryCleared}
        onLeave={() => {}}
        machines={{
          page: subscriptionUpdateMachine.provide({
            actors: { loadSubscription: loads.page },
          }),
          checkout: {
            checkout: checkoutMachine.provide({
              actors: { loadCheckoutData: loads.checkout },
            }),
            promo: promoCodeMachine,
          },
        }}
      />
    </Providers>,
  );
}

describe('subscription update page', () => {
  const mini: Subscription = { ...free, plan: 'mini', price: 900, autopayment: true };
  const page = (query: UpdateQuery, onQueryCleared = vi.fn()) => {
    drawUpdatePage(
      query,
      {
        page: fromPromise(async (): Promise<SubscriptionData> => ({
          subscription: mini,
          plans: demoPlans,
        })),
        checkout: fromPromise(async (): Promise<CheckoutData> => ({
          additionalDays: 5,
          nextExpire: '2027-01-01T00:00:00Z',
          countries: [],
        })),
      },
      onQueryCleared,
    );
    return onQueryCleared;
  };

  it('opens the premium yearly checkout from ?plan=premium&period=annually; back clears it', async () => {
    const user = userEvent.setup({ delay: null });
    const cleared = page({ plan: 'premium', period: 'annually' });
    expect(await screen.findByText('Premium')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Change subscription' })).toBeTruthy();
    expect((await screen.findAllByText(/48 000 ₽\/year/)).length).toBeGreaterThan(0);
    expect(screen.getByText('60 000 ₽').tagName).toBe('S');
    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: /Yearly/ })).toBeTruthy();
    expect(screen.getByText('−20%')).toBeTruthy();
  });

  it('shows the cards with section 4 buttons and yearly prices per month', async () => {
    const user = userEvent.setup({ delay: null });
    page({ plan: null, period: null });
    expect(await screen.findByRole('button', { name: 'Your plan' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Select' })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /Yearly/ }));
    expect(screen.getByRole('button', { name: 'Change interval' })).toBeTruthy();
    expect(screen.getAllByText(/4 000 ₽\/mo/).length).toBeGreaterThan(0);
    await user.click(screen.getAllByRole('button', { name: 'Select' })[0]!);
    expect(await screen.findByRole('heading', { name: 'Cancel subscription' })).toBeTruthy();
  });
});

describe('subscription update page, from what its HTML brought (decision 0034)', () => {
  afterEach(forgetWarmReads);
  const mini: Subscription = { ...free, plan: 'mini', price: 900, autopayment: true };
  const premiumMonthly = { plan: 'premium', interval: 'monthly' };
  /** What the server brings for /subscription/update?plan=premium&period=monthly. */
  const brought = (subscription: Subscription): AnsweredRead[] => [
    { path: readPaths.subscription, answer: { subscription } },
    { path: readPaths.prices, answer: demoPlans },
    { path: readPaths.convertion, query: premiumMonthly, answer: { additional_days: 4 } },
    { path: readPaths.inAdvance, query: premiumMonthly, answer: { expire_at: '2027-01-01' } },
    { path: readPaths.countries, answer: [{ code: 'RU', name_en: 'Russia', name_ru: 'Россия' }] },
  ];
  const loads = { page: vi.fn(), checkout: vi.fn() };
  afterEach(() => {
    loads.page.mockReset();
    loads.checkout.mockReset();
  });
  /** A read that is asked for, and never answers. */
  const asked = <T, I = unknown>(load: () => void) =>
    fromPromise<T, I>(async () => {
      load();
      return new Promise<never>(() => {});
    });
  const page = (query: UpdateQuery) =>
    drawUpdatePage(query, {
      page: asked<SubscriptionData>(loads.page),
      checkout: asked<CheckoutData, CheckoutInput>(loads.checkout),
    });

  it('draws the preselected checkout with its form, nothing read', async () => {
    primeReads(brought(free));
    page({ plan: 'premium', period: 'monthly' });
    await screen.findByRole('form', { name: 'Payer details' });
    expect(screen.getByText(/You selected/).textContent).toMatch(
      /^You selected: Premium 5\s000\s₽\/mo$/,
    );
    screen.getByText(/^Next payment: 5\s000\s₽ on/);
    expect(screen.queryByRole('status', { name: /Loading/ })).toBeNull();
    expect(loads.page).not.toHaveBeenCalled();
    expect(loads.checkout).not.toHaveBeenCalled();
  });

  it('draws the cards when the address preselects nothing, nothing read', async () => {
    primeReads(brought(free));
    page({ plan: null, period: null });
    await screen.findByRole('group', { name: 'Billing period' });
    expect(screen.getAllByRole('button', { name: 'Select' })).toHaveLength(2);
    expect(loads.page).not.toHaveBeenCalled();
  });

  it('reads what the page did not bring: the plans, or a change of autopayment', async () => {
    primeReads(brought(free).filter((read) => read.path !== readPaths.prices));
    page({ plan: 'premium', period: 'monthly' });
    expect((await screen.findByRole('status')).textContent).toBe('Loading…');
    expect(loads.page).toHaveBeenCalledTimes(1);
    cleanup();
    forgetWarmReads();
    // A running autopayment is changed at a cost the page did not bring: the checkout reads.
    primeReads(brought(mini));
    page({ plan: 'premium', period: 'monthly' });
    expect((await screen.findByText(/You selected/)).textContent).toMatch(
      /^You selected: Premium 5\s000\s₽\/mo$/,
    );
    expect(screen.queryByRole('form', { name: 'Payer details' })).toBeNull();
    expect(loads.page).toHaveBeenCalledTimes(1);
    expect(loads.checkout).toHaveBeenCalledTimes(1);
  });
});
