import { assign, fromPromise, setup } from 'xstate';
import type { CouponStatus, Currency, Interval, Price } from '../contract/billing.ts';
import type { PlanId } from '../contract/profile.ts';
import { ifOutput, withOutput } from './event-params.ts';

export interface PromoInput {
  plan: PlanId;
  period: Interval;
  currency: Currency;
}

/** A checked code: the server's status, and for ok the discount and both prices. */
export interface PromoCheck {
  status: CouponStatus;
  discount: number;
  newPrice: Price;
  oldPrice: Price;
}

export interface PromoContext extends PromoInput {
  code: string;
  check: PromoCheck | null;
}

export type PromoEvent = { type: 'promo.edit'; code: string } | { type: 'promo.apply' };

/**
 * The promo code (section 4): idle until applied; no_coupon when nothing was
 * entered; checking, then success (ok) or failed (any other code); unknown_error
 * when the request itself failed. Editing the text resets the status.
 */
export const promoCodeMachine = setup({
  types: {
    context: {} as PromoContext,
    events: {} as PromoEvent,
    input: {} as PromoInput,
  },
  actors: {
    checkPromoCode: fromPromise<PromoCheck, PromoInput & { code: string }>(async () => {
      throw new Error('checkPromoCode is provided by the app');
    }),
  },
  guards: {
    isEmpty: ({ context }) => context.code.trim() === '',
    isOk: (_, params: { check: PromoCheck }) => params.check.status === 'ok',
  },
  actions: {
    editCode: assign({ code: (_, params: { code: string }) => params.code, check: null }),
    keepCheck: assign({ check: (_, params: { check: PromoCheck }) => params.check }),
  },
}).createMachine({
  id: 'promoCode',
  context: ({ input }) => ({ ...input, code: '', check: null }),
  initial: 'idle',
  on: {
    'promo.edit': {
      target: '.idle',
      actions: { type: 'editCode', params: ({ event }) => ({ code: event.code }) },
    },
  },
  states: {
    idle: {
      description: 'No status: the code text changed, or nothing was applied yet.',
      on: {
        'promo.apply': [{ guard: 'isEmpty', target: 'no_coupon' }, { target: 'checking' }],
      },
    },
    no_coupon: { description: 'Apply with no code entered: please enter your promo code.' },
    checking: {
      description: 'The code is checked for the plan and period.',
      tags: ['busy'],
      invoke: {
        id: 'checkPromoCode',
        src: 'checkPromoCode',
        input: ({ context }) => ({
          plan: context.plan,
          period: context.period,
          currency: context.currency,
          code: context.code.trim(),
        }),
        onDone: [
          ifOutput('isOk', 'check', 'success', 'keepCheck'),
          withOutput('failed', 'keepCheck', 'check'),
        ],
        onError: 'unknown_error',
      },
    },
    success: { description: 'ok: the discount and the new price are shown.' },
    failed: { description: 'Another code: not found, expired, used up or not for this plan.' },
    unknown_error: { description: 'The request failed: something went wrong.' },
  },
});
