import { fromPromise } from 'xstate';
import { promoCodeMachine } from '../../machines/promo-code.machine.ts';
import { fetchCouponPrice } from '../api/billing.api.ts';

export const livePromoCodeMachine = promoCodeMachine.provide({
  actors: {
    checkPromoCode: fromPromise(async ({ input, signal }) => {
      const answer = await fetchCouponPrice(input.plan, input.code, signal);
      const { period, currency } = input;
      const old = answer.price_original[period][currency];
      return {
        status: answer.coupon_status,
        discount: answer.discount_temporal?.discountValue[period][currency] ?? 0,
        newPrice: { amount: answer.price_discounted?.[period][currency] ?? old, currency },
        oldPrice: { amount: old, currency },
      };
    }),
  },
});
