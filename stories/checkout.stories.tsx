import { useLingui } from '@lingui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { checkoutMachine, type CheckoutContext } from '../machines/checkout.machine.ts';
import { promoCodeMachine, type PromoContext } from '../machines/promo-code.machine.ts';
import { CheckoutView } from '../src/views/subscription/checkout.view.tsx';
import type { CouponStatus } from '../contract/billing.ts';
import { demoPlans, demoSubscription } from '../test/fixtures/billing.ts';

interface Args {
  value: 'preparing' | 'unavailable' | 'ready' | 'payingByCard' | 'requestingInvoice' | 'canceling';
  context: CheckoutContext;
  promo: 'idle' | 'checking' | 'success' | 'failed' | 'unknown_error' | 'no_coupon';
  promoContext: PromoContext;
  autopayment: boolean;
  entityOrders?: boolean;
  /** The smallest invoice in roubles (INVOICE_MINIMUM_RUB). */
  invoiceMinimum?: number | null;
}

const ready: CheckoutContext = {
  plan: 'premium',
  period: 'yearly',
  autopayment: false,
  additionalDays: 3,
  nextExpire: '2027-12-23T00:00:00Z',
  countries: [{ code: 'RU', name_en: 'Russia', name_ru: 'Россия' }],
  payerType: 'individual',
  serverErrors: {},
  leaving: null,
};
/** The signed-in user, whose details the card form starts with. */
const demoPayer = {
  firstName: 'Anna',
  lastName: 'Smirnova',
  email: 'demo@example.com',
  country: 'RU',
};
const promoContext: PromoContext = {
  plan: 'premium',
  period: 'yearly',
  currency: 'rub',
  code: 'SAVE20',
  check: null,
};
const check = (status: CouponStatus) => ({
  status,
  discount: 20,
  newPrice: { amount: 38400, currency: 'rub' as const },
  oldPrice: { amount: 48000, currency: 'rub' as const },
});

/** The page locale follows the story's language, as the address does in the app. */
function Checkout({
  value,
  context,
  promo,
  promoContext,
  autopayment,
  entityOrders = true,
  invoiceMinimum = 20000,
}: Args) {
  const { i18n } = useLingui();
  return (
    <CheckoutView
      snapshot={checkoutMachine.resolveState({ value, context })}
      send={() => {}}
      promo={promoCodeMachine.resolveState({ value: promo, context: promoContext })}
      sendPromo={() => {}}
      plan={demoPlans.plans.find((p) => p.id === context.plan)}
      subscription={{ ...demoSubscription, plan: 'premium', autopayment }}
      payer={demoPayer}
      locale={i18n.locale === 'ru' ? 'ru' : 'en'}
      entityOrders={entityOrders}
      invoiceMinimum={invoiceMinimum}
      onBack={() => {}}
    />
  );
}

/** The checkout of /subscription/update: free, paid by card, by invoice, and the promo code. */
const meta = {
  title: 'Flows/Checkout',
  render: (args) => <Checkout {...args} />,
  args: {
    value: 'ready',
    context: ready,
    promo: 'idle',
    promoContext,
    autopayment: false,
  },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Card: Story = {};
export const Preparing: Story = { args: { value: 'preparing' } };
export const Unavailable: Story = { args: { value: 'unavailable' } };
export const Paying: Story = { args: { value: 'payingByCard' } };
export const PromoApplied: Story = {
  args: { promo: 'success', promoContext: { ...promoContext, check: check('ok') } },
};
export const PromoExpired: Story = {
  args: { promo: 'failed', promoContext: { ...promoContext, check: check('err_expired_date') } },
};
export const PromoNotFound: Story = {
  args: { promo: 'failed', promoContext: { ...promoContext, check: check('err_not_found') } },
};
/** Used as many times as it may be: the spec says "expired" for both limits. */
export const PromoUsedUp: Story = {
  args: { promo: 'failed', promoContext: { ...promoContext, check: check('err_expired_count') } },
};
export const PromoNotForThisPlan: Story = {
  args: { promo: 'failed', promoContext: { ...promoContext, check: check('err_max_price') } },
};
export const PromoChecking: Story = { args: { promo: 'checking' } };
export const PromoUnknownError: Story = { args: { promo: 'unknown_error' } };
export const PromoEmpty: Story = {
  args: { promo: 'no_coupon', promoContext: { ...promoContext, code: '' } },
};
/**
 * The server refused the payer's fields (a country it no longer takes payments from, a
 * name it would not take): each refusal at its field, not in a toast.
 */
export const CardServerErrors: Story = {
  args: {
    context: {
      ...ready,
      serverErrors: {
        country: { field: 'country', code: 'country_not_found', detail: 'Not in the list' },
        firstName: { field: 'firstName', code: 'personName', detail: 'Letters and spaces only' },
      },
    },
  },
};
/** The code was applied, then used up by others before Pay: the refusal is at the code. */
export const PromoRefusedAtPay: Story = {
  args: {
    promo: 'success',
    promoContext: { ...promoContext, check: check('ok') },
    context: {
      ...ready,
      serverErrors: {
        coupon: { field: 'coupon', code: 'invalid_input', detail: 'err_expired_count' },
      },
    },
  },
};
export const ChangeWithAutopayment: Story = { args: { autopayment: true } };
/** The server takes no invoices (ENTITY_ORDERS=off): no payer-type choice, in Russian too. */
export const InvoicesOff: Story = { args: { entityOrders: false } };
/**
 * Chosen monthly, but an invoice always pays a year: the summary says so. Invoices are
 * offered on the Russian page only; in English the card form shows.
 */
export const Invoice: Story = {
  args: { context: { ...ready, period: 'monthly', payerType: 'entity' } },
};
export const RequestingInvoice: Story = {
  args: { value: 'requestingInvoice', context: { ...ready, payerType: 'entity' } },
};
/** The server refused the company's details: each refusal at its field. */
export const InvoiceServerErrors: Story = {
  args: {
    context: {
      ...ready,
      payerType: 'entity',
      serverErrors: {
        contact_email: { field: 'contact_email', code: 'invalid_input', detail: 'email' },
        contact_phone: { field: 'contact_phone', code: 'invalid_input', detail: 'phone' },
      },
    },
  },
};
/**
 * Mini's year (9 600 ₽) is below the invoice minimum (INVOICE_MINIMUM_RUB, 20 000 ₽ here):
 * on the Russian page the invoice choice shows disabled, with the reason beneath.
 */
export const InvoiceBelowMinimum: Story = {
  args: { context: { ...ready, plan: 'mini', period: 'yearly' } },
};
export const DowngradeToMini: Story = {
  args: { context: { ...ready, plan: 'mini', period: 'monthly' } },
};
export const CancelToFree: Story = {
  args: { context: { ...ready, plan: 'free', period: 'monthly', nextExpire: null } },
};
export const Canceling: Story = {
  args: { value: 'canceling', context: { ...ready, plan: 'free', period: 'monthly' } },
};
