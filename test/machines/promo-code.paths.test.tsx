import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { promoCodeMachine, type PromoCheck } from '../../machines/promo-code.machine.ts';
import { PromoCodeView } from '../../src/views/subscription/promo-code.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, internalEvents, outputOf } from './path-harness.ts';

const APPLIED = 'Promo code was applied successfully! Your discount: 20%';
const NOT_FOUND = 'This promo code does not exist';
const EMPTY = 'Please enter your promo code';
const EXPIRED = 'This promo code has expired';
const WRONG = 'Something went wrong';
const MESSAGES = [APPLIED, NOT_FOUND, EXPIRED, EMPTY, WRONG];

const disclosure = () => screen.getByRole('button', { name: 'I have a promo code' });
const field = () => screen.getByRole('textbox', { name: 'Promo code' }) as HTMLInputElement;
const apply = () => screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
/** The one message under the field (or none): every other message is absent. */
const onlyMessage = (shown: string | null) => {
  for (const text of MESSAGES) {
    if (text !== shown) expect(screen.queryByText(text), text).toBeNull();
  }
  if (shown !== null) screen.getByText(shown);
  expect(field().getAttribute('aria-invalid')).toBe(
    shown !== null && shown !== APPLIED ? 'true' : null,
  );
};
/** Applied, refused or failed: the status stays until the code is edited, so no re-apply. */
const settled = () => {
  expect(field().value).toBe(' SAVE20 ');
  expect(apply().disabled).toBe(true);
  expect(apply().hasAttribute('data-loading')).toBe(false);
};

const check = (status: PromoCheck['status']): PromoCheck => ({
  status,
  discount: 20,
  newPrice: { amount: 8, currency: 'usd' },
  oldPrice: { amount: 10, currency: 'usd' },
});

const input = { plan: 'mini', period: 'monthly', currency: 'usd' } as const;
/** Section 4: the status resets whenever the code text changes, wherever it stood. */
const edited = (_: unknown, event: unknown) => ({
  to: 'idle',
  set: { code: (event as { code: string }).code, check: null },
});

describeMachinePaths(promoCodeMachine, {
  paths: 28,
  input,
  // Section 4, Promo code (and section 8's promo messages): no_coupon when nothing is
  // entered, else the code is checked for the plan and period: ok is success, any other
  // code failed, a failed request unknown_error; editing the text resets the status.
  steps: {
    idle: {
      'promo.edit': edited,
      'promo.apply': ({ context }) => {
        const code = context.code.trim();
        return code === ''
          ? { to: 'no_coupon' }
          : { to: 'checking', starts: { checkPromoCode: { ...input, code } } };
      },
    },
    checking: {
      'promo.edit': edited,
      'done: checkPromoCode': (_, event) => {
        const answer: PromoCheck = outputOf(event);
        return { to: answer.status === 'ok' ? 'success' : 'failed', set: { check: answer } };
      },
      'error: checkPromoCode': { to: 'unknown_error' },
    },
    no_coupon: { 'promo.edit': edited },
    success: { 'promo.edit': edited },
    failed: { 'promo.edit': edited },
    unknown_error: { 'promo.edit': edited },
  },
  events: (snapshot) => [
    { type: 'promo.edit', code: ' SAVE20 ' },
    { type: 'promo.edit', code: '' },
    // Only spaces: nothing entered either.
    { type: 'promo.edit', code: '   ' },
    { type: 'promo.apply' },
    ...internalEvents(snapshot, {
      checkPromoCode: {
        // Any status but ok fails: not found, or expired.
        output: [check('ok'), check('err_not_found'), check('err_expired_date')],
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
      expect(snapshot.context.code.trim()).toBe('');
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
      expect(['err_not_found', 'err_expired_date']).toContain(snapshot.context.check?.status);
    },
    unknown_error: (snapshot) => {
      // The request failed: no status from the server, the code stays as typed.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.check).toBeNull();
      expect(snapshot.context.code).toBe(' SAVE20 ');
    },
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <PromoCodeView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      idle: (snapshot) => {
        // Drawn anew, the collapsible is open only when there is a code to show.
        const typed = snapshot.context.code !== '';
        expect(disclosure().getAttribute('aria-expanded')).toBe(String(typed));
        if (!typed) {
          expect(screen.queryByRole('textbox')).toBeNull();
          for (const text of MESSAGES) expect(screen.queryByText(text), text).toBeNull();
          return;
        }
        expect(field().value).toBe(snapshot.context.code);
        expect(apply().disabled).toBe(false);
        onlyMessage(null);
      },
      no_coupon: (snapshot) => {
        // The message is at the field, so the field shows with it.
        expect(disclosure().getAttribute('aria-expanded')).toBe('true');
        expect(field().value).toBe(snapshot.context.code);
        onlyMessage(EMPTY);
        expect(apply().disabled).toBe(true);
      },
      checking: () => {
        expect(field().value).toBe(' SAVE20 ');
        expect(apply().disabled).toBe(true);
        expect(apply().hasAttribute('data-loading')).toBe(true);
        onlyMessage(null);
      },
      success: () => {
        settled();
        onlyMessage(APPLIED);
        expect(screen.getByRole('status').textContent).toBe(APPLIED);
      },
      failed: (snapshot) => {
        settled();
        onlyMessage(snapshot.context.check?.status === 'err_expired_date' ? EXPIRED : NOT_FOUND);
      },
      unknown_error: () => {
        settled();
        onlyMessage(WRONG);
      },
    },
  },
});
