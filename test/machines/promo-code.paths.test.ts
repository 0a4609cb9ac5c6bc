import { expect } from 'vitest';
import { promoCodeMachine, type PromoCheck } from '../../machines/promo-code.machine.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const check = (status: PromoCheck['status']): PromoCheck => ({
  status,
  discount: 20,
  newPrice: { amount: 8, currency: 'usd' },
  oldPrice: { amount: 10, currency: 'usd' },
});

describeMachinePaths(promoCodeMachine, {
  input: { plan: 'mini', period: 'monthly', currency: 'usd' },
  events: (snapshot) => [
    { type: 'promo.edit', code: 'SAVE20' },
    { type: 'promo.edit', code: '' },
    { type: 'promo.apply' },
    ...internalEvents(snapshot, {
      checkPromoCode: {
        output: [check('ok'), check('err_not_found')],
        error: [new Error('network down')],
      },
    }),
  ],
  serialize: (snapshot) => ({
    code: snapshot.context.code,
    status: snapshot.context.check?.status ?? null,
  }),
  states: {
    idle: (snapshot) => expect(snapshot.context.check).toBeNull(),
    no_coupon: (snapshot) => expect(snapshot.context.code).toBe(''),
    success: (snapshot) => expect(snapshot.context.check?.status).toBe('ok'),
    failed: (snapshot) => expect(snapshot.context.check?.status).not.toBe('ok'),
  },
});
