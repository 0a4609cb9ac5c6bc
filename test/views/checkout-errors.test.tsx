import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '../../contract/billing.ts';
import type * as BillingApi from '../../src/api/billing.api.ts';
import type * as CountriesApi from '../../src/api/countries.api.ts';
import { ApiError, setGlobalErrorHandler, type ApiErrorItem } from '../../src/api/errors.ts';
import { CheckoutScreen } from '../../src/views/subscription/checkout-screen.tsx';
import { demoPlans } from '../fixtures/billing.ts';
import { Providers } from '../render/providers.tsx';

/**
 * The live card checkout (src/flows/subscription-update.flow.ts) against a server that
 * refuses: the API module is replaced, everything between it and the page is real.
 */
const api = vi.hoisted(() => ({ startCheckout: vi.fn() }));
const byCurrency = (rub: number) => ({ rub, usd: rub / 100, eur: rub / 100 });
vi.mock('../../src/api/billing.api.ts', async (original) => ({
  ...(await original<typeof BillingApi>()),
  fetchConvertion: async () => 0,
  fetchInAdvance: async () => '2027-01-01T00:00:00Z',
  fetchCouponPrice: async () => ({
    price_original: { monthly: byCurrency(900), yearly: byCurrency(9600) },
    price_discounted: { monthly: byCurrency(810), yearly: byCurrency(8640) },
    discount_temporal: { discountValue: { monthly: byCurrency(10), yearly: byCurrency(10) } },
    coupon_status: 'ok',
  }),
  startCheckout: api.startCheckout,
}));
vi.mock('../../src/api/countries.api.ts', async (original) => ({
  ...(await original<typeof CountriesApi>()),
  fetchCountries: async () => [
    { code: 'DE', name_en: 'Germany', name_ru: 'Германия' },
    { code: 'RU', name_en: 'Russia', name_ru: 'Россия' },
  ],
}));

const free: Subscription = {
  plan: 'free',
  interval: 'monthly',
  price: 0,
  currency: 'usd',
  autopayment: false,
  autopayment_status: null,
  expire_at: null,
  canceled_at: null,
  team_plan: null,
};

const item = (pointer: string, code: string, detail: string): ApiErrorItem => ({
  code,
  detail,
  source: { pointer },
  status: 400,
  url: '/api/autopayment/',
  useCase: 'buy_subscription',
});

beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
  window.scrollTo = () => {};
});
afterEach(() => {
  cleanup();
  api.startCheckout.mockReset();
  setGlobalErrorHandler(() => {});
});

function renderCard(locale: 'en' | 'ru') {
  render(
    <Providers locale={locale}>
      <CheckoutScreen
        plan="mini"
        period="monthly"
        plans={demoPlans.plans}
        subscription={free}
        payer={{ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', country: 'DE' }}
        locale={locale}
        onBack={() => {}}
        onLeave={() => {}}
      />
    </Providers>,
  );
}

describe.each([
  {
    locale: 'en' as const,
    pay: /^Pay /,
    country: /Country/,
    countryError: 'This country is not available. Please choose another country.',
    nameError: 'Entered data is not valid. Please check your input and try again.',
  },
  {
    locale: 'ru' as const,
    pay: /^Оплатить /,
    country: /Страна/,
    countryError: 'Эта страна недоступна. Выберите другую страну.',
    nameError: 'Введённые данные некорректны. Проверьте их и попробуйте ещё раз.',
  },
])('card checkout refused by the server, in $locale', (w) => {
  it('shows each refusal at its field, not in a toast; Pay and editing clear them', async () => {
    const user = userEvent.setup({ delay: null });
    const toast = vi.fn();
    setGlobalErrorHandler(toast);
    api.startCheckout.mockRejectedValueOnce(
      new ApiError(
        [
          item('user_data.country', 'country_not_found', 'Not in the list'),
          item('user_data.first_name', 'invalid_input', 'Not a name'),
          item('', 'checkout_in_progress', 'A payment is already in progress'),
        ],
        400,
      ),
    );
    // The second Pay waits: what it shows meanwhile is what Pay cleared.
    api.startCheckout.mockImplementationOnce(() => new Promise(() => {}));
    renderCard(w.locale);
    await user.click(await screen.findByRole('button', { name: w.pay }));
    expect(await screen.findByText(w.countryError)).toBeTruthy();
    expect(screen.getByText(w.nameError)).toBeTruthy();
    // Only the error that names no field of the form reached the global handler.
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ code: 'checkout_in_progress' }));
    expect(api.startCheckout).toHaveBeenCalledWith(
      expect.objectContaining({
        provider: 'stripe',
        user_data: {
          first_name: 'Ann',
          second_name: 'Lee',
          email: 'ann@example.com',
          country: 'DE',
        },
      }),
      expect.anything(),
    );

    // Editing the country drops its error; the name's stays.
    await user.selectOptions(screen.getByLabelText(w.country), 'RU');
    expect(screen.queryByText(w.countryError)).toBeNull();
    expect(screen.getByText(w.nameError)).toBeTruthy();
    // Pay again: the old refusal goes before the new request is answered.
    await user.click(screen.getByRole('button', { name: w.pay }));
    await waitFor(() => expect(api.startCheckout).toHaveBeenCalledTimes(2));
    expect(screen.queryByText(w.nameError)).toBeNull();
  });
});

describe('a promo code refused at Pay', () => {
  it('is told at the promo code, without its discount, until the code is edited', async () => {
    const user = userEvent.setup({ delay: null });
    api.startCheckout.mockRejectedValueOnce(
      new ApiError([item('coupon', 'invalid_input', 'err_expired_count')], 400),
    );
    renderCard('en');
    await user.click(await screen.findByRole('button', { name: 'I have a promo code' }));
    const field = screen.getByLabelText('Promo code');
    await user.type(field, 'TWICE{Enter}');
    expect(
      await screen.findByText('Promo code was applied successfully! Your discount: 10%'),
    ).toBeTruthy();
    expect(screen.getByText(/Total: 810\s₽\/mo/)).toBeTruthy();
    // Pay names the discounted total.
    await user.click(screen.getByRole('button', { name: /^Pay 810\s₽$/ }));
    expect(await screen.findByText('This promo code has expired')).toBeTruthy();
    expect(api.startCheckout).toHaveBeenCalledWith(
      expect.objectContaining({ coupon: 'TWICE' }),
      expect.anything(),
    );
    expect(screen.queryByText(/Promo code was applied successfully/)).toBeNull();
    expect(screen.getByText(/Total: 900\s₽\/mo/)).toBeTruthy();
    await user.type(field, 'X');
    expect(screen.queryByText('This promo code has expired')).toBeNull();
  });
});
