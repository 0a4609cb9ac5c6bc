import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  CheckoutPage,
  couponCheck as check,
  demoPromo as promoContext,
  readyCheckout as ready,
  type CheckoutPageArgs,
} from './checkout-page.tsx';
import { refusedAt } from './args.ts';

/**
 * The promo code of the checkout on /subscription/update: one story per state of its
 * machine, each refusal of a code, and the checkout's refusal of an applied code at Pay.
 * Drawn in the checkout, whose summary shows the discount.
 */
const meta = {
  title: 'Flows/Checkout/Promo code',
  render: (args) => <CheckoutPage {...args} />,
  args: {
    value: 'ready',
    context: ready,
    promo: 'success',
    promoContext: { ...promoContext, check: check('ok') },
    autopayment: false,
  },
} satisfies Meta<CheckoutPageArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** SAVE20 typed, not applied yet. */
export const Idle: Story = { args: { promo: 'idle', promoContext } };
export const Applied: Story = {};
export const Expired: Story = {
  args: { promo: 'failed', promoContext: { ...promoContext, check: check('err_expired_date') } },
};
export const NotFound: Story = {
  args: { promo: 'failed', promoContext: { ...promoContext, check: check('err_not_found') } },
};
/** Used as many times as it may be: the spec says "expired" for both limits. */
export const UsedUp: Story = {
  args: { promo: 'failed', promoContext: { ...promoContext, check: check('err_expired_count') } },
};
export const NotForThisPlan: Story = {
  args: { promo: 'failed', promoContext: { ...promoContext, check: check('err_max_price') } },
};
export const Checking: Story = { args: { promo: 'checking', promoContext } };
export const UnknownError: Story = { args: { promo: 'unknown_error', promoContext } };
export const Empty: Story = {
  args: { promo: 'no_coupon', promoContext: { ...promoContext, code: '' } },
};
/** The code was applied, then used up by others before Pay: the refusal is at the code. */
export const RefusedAtPay: Story = {
  args: {
    context: refusedAt(ready, 'coupon', 'invalid_input', 'err_expired_count'),
  },
};
