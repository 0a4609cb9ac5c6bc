import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  CheckoutPage,
  demoPromo,
  readyCheckout as ready,
  type CheckoutPageArgs,
} from './checkout-page.tsx';

/**
 * The checkout of /subscription/update: free, paid by card, by invoice. The promo code's
 * states are its own machine's (stories/promo-code.stories.tsx).
 */
const meta = {
  title: 'Flows/Checkout',
  render: (args) => <CheckoutPage {...args} />,
  args: {
    value: 'ready',
    context: ready,
    promo: 'idle',
    // No code typed: the promo code's states are its own stories.
    promoContext: { ...demoPromo, code: '' },
    autopayment: false,
  },
} satisfies Meta<CheckoutPageArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Card: Story = {};
export const Preparing: Story = { args: { value: 'preparing' } };
export const Unavailable: Story = { args: { value: 'unavailable' } };
export const Paying: Story = { args: { value: 'payingByCard' } };
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
export const ChangeWithAutopayment: Story = { args: { autopayment: true } };
/**
 * A change of the running autopayment to Premium for a year: what it charges now, the
 * credit for the unused part of the current plan and the next payment, as the server
 * computed them.
 */
export const ChangeCost: Story = {
  args: {
    autopayment: true,
    context: {
      ...ready,
      autopayment: true,
      cost: {
        plan: 'premium',
        interval: 'yearly',
        currency: 'rub',
        price: 48000,
        charged_now: 48000,
        credit: { amount: 395, currency: 'rub', days: 3 },
        next_payment_at: '2027-12-26T10:00:00Z',
        next_payment_amount: 48000,
      },
    },
  },
};
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
