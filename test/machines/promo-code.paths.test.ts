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
  paths: 13,
  input: { plan: 'mini', period: 'monthly', currency: 'usd' },
  events: (snapshot) => [
    { type: 'promo.edit', code: ' SAVE20 ' },
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
    idle: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.check).toBeNull();
    },
    no_coupon: (snapshot) => {
      expect(snapshot.context.code).toBe('');
      expect(snapshot.children.checkPromoCode).toBeUndefined();
    },
    checking: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      // The code is sent trimmed, for the plan, period and currency being bought.
      expect(snapshot.children.checkPromoCode?.getSnapshot().input).toEqual({
        plan: 'mini',
        period: 'monthly',
        currency: 'usd',
        code: 'SAVE20',
      });
    },
    success: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.check).toEqual(check('ok'));
    },
    failed: (snapshot) => {
      // The server's own status is kept for the message under the field.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.check?.status).toBe('err_not_found');
    },
    unknown_error: (snapshot) => {
      // The request failed: no status from the server, the code stays as typed.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.check).toBeNull();
      expect(snapshot.context.code).toBe(' SAVE20 ');
    },
  },
});
