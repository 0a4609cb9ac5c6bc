import { screen, within } from '@testing-library/react';
import type { AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import {
  checkoutMachine,
  type CardValues,
  type CheckoutContext,
  type EntityValues,
} from '../../machines/checkout.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { promoCodeMachine } from '../../machines/promo-code.machine.ts';
import { CheckoutView } from '../../src/views/subscription/checkout.view.tsx';
import { demoPlans, demoSubscription } from '../fixtures/billing.ts';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, errorOf, internalEvents, outputOf } from './path-harness.ts';
import { loadingView } from './path-view.tsx';

// The view is drawn in Russian, where invoices are offered, so both payer forms show.
const shownForm = () => {
  const forms = screen.getAllByRole('form');
  expect(forms).toHaveLength(1);
  return forms[0] as HTMLElement;
};
/** Pay for the card; an invoice request asks for the invoice, it pays nothing yet. */
const payButton = () =>
  within(shownForm()).getByRole('button', {
    name:
      shownForm().getAttribute('aria-label') === 'Данные компании' ? 'Запросить счёт' : /Оплатить/,
  });
const enabled = (button: HTMLElement) => !(button as HTMLButtonElement).disabled;
/** Paying, invoicing, cancelling or leaving: the one Pay button waits, with its word kept. */
const payWaits = () => {
  expect(enabled(payButton())).toBe(false);
  expect(payButton().hasAttribute('data-loading')).toBe(true);
};
const formFor = (snapshot: AnyMachineSnapshot) =>
  snapshot.context.payerType === 'entity' ? 'Данные компании' : 'Данные плательщика';

const card = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', country: 'DE' };
const entity = {
  company_name: 'ACME',
  contact_person: 'Ann Lee',
  contact_email: 'ann@example.com',
  contact_phone: '+7 495 123-45-67',
};

const bought = { plan: 'mini', period: 'monthly', autopayment: false } as const;
/** What the checkout loads for it (or what the page brought). */
const checkoutData = {
  additionalDays: 3,
  nextExpire: '2027-01-01T00:00:00Z',
  countries: [{ code: 'DE', name_en: 'Germany', name_ru: 'Германия' }],
};
/** The free plan: nothing to load, convert or pay for. */
const freeData = { additionalDays: null, nextExpire: null, countries: [] };

/** Section 5 (Per form): what each payer's form needs before anything is sent. */
const filled = (value: string) => value.trim() !== '';
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** "A valid phone number with an international country code": +, then 7 to 15 digits. */
const PHONE = /^\+[1-9]\d{6,14}$/;
const validCard = (v: CardValues) =>
  filled(v.firstName) && filled(v.lastName) && EMAIL.test(v.email.trim()) && filled(v.country);
const validEntity = (v: EntityValues) =>
  filled(v.company_name) &&
  filled(v.contact_person) &&
  EMAIL.test(v.contact_email.trim()) &&
  PHONE.test(v.contact_phone.replace(/[\s()-]/g, ''));
/** What every call of the checkout names: the plan, its period and the autopayment. */
const orderOf = ({ plan, period, autopayment }: CheckoutContext) => ({ plan, period, autopayment });
/** Section 5: the server's refusals attach to the fields they name (none for the others). */
const refusedFields = (event: unknown) => {
  const error = errorOf(event) as unknown;
  return error instanceof FieldErrors
    ? Object.fromEntries(error.errors.map((refusal) => [refusal.field, refusal]))
    : {};
};
/** A payment or cancel answered: the user leaves for where the answer says. */
const leaves = (_: unknown, event: unknown) => ({
  to: 'leaving',
  set: { leaving: outputOf(event) },
});

describeMachinePaths(checkoutMachine, {
  paths: 90,
  input: bought,
  // Decision 0034: what the page brought, or the free plan's nothing, starts it ready.
  starts: {
    'the page brought its data': { input: { ...bought, data: checkoutData }, at: 'ready' },
    'the plan is free': {
      input: { plan: 'free', period: 'monthly', autopayment: false, data: freeData },
      at: 'ready',
    },
  },
  // Section 2, Subscription update (Checkout), section 4 (Actions) and section 5 (Per
  // form): ready once its data loaded; Pay by card, an invoice request or Cancel, one
  // at a time; a submit clears the server's errors, a refusal keeps those naming a field.
  steps: {
    preparing: {
      'done: loadCheckoutData': (_, event) => ({ to: 'ready', set: outputOf(event) }),
      'error: loadCheckoutData': { to: 'unavailable' },
    },
    unavailable: {
      'checkout.retry': ({ context }) => ({
        to: 'preparing',
        starts: { loadCheckoutData: { ...orderOf(context), pendingPayment: undefined } },
      }),
    },
    ready: {
      'payerType.change': (_, event) => ({
        to: 'ready',
        set: { payerType: (event as { payerType: 'entity' }).payerType, serverErrors: {} },
      }),
      'field.edit': ({ context }, event) => {
        const { [(event as { field: string }).field]: _, ...rest } = context.serverErrors;
        return { to: 'ready', set: { serverErrors: rest } };
      },
      'pay.card': ({ context }, event) => {
        const { values, coupon } = event as { values: CardValues; coupon: string };
        return validCard(values)
          ? {
              to: 'payingByCard',
              set: { serverErrors: {} },
              starts: { payByCard: { ...orderOf(context), values, coupon } },
            }
          : { to: 'ready', set: { serverErrors: {} } };
      },
      'pay.invoice': ({ context }, event) => {
        const { values } = event as { values: EntityValues };
        return validEntity(values)
          ? {
              to: 'requestingInvoice',
              set: { serverErrors: {} },
              starts: { requestInvoice: { ...orderOf(context), values } },
            }
          : { to: 'ready', set: { serverErrors: {} } };
      },
      'subscription.cancel': ({ context }) => ({
        to: 'canceling',
        starts: { cancelSubscription: orderOf(context) },
      }),
    },
    payingByCard: {
      'done: payByCard': leaves,
      'error: payByCard': (_, event) => ({
        to: 'ready',
        set: { serverErrors: refusedFields(event) },
      }),
    },
    requestingInvoice: {
      'done: requestInvoice': leaves,
      'error: requestInvoice': (_, event) => ({
        to: 'ready',
        set: { serverErrors: refusedFields(event) },
      }),
    },
    canceling: {
      'done: cancelSubscription': leaves,
      // The failure went to the global handler (a toast); the user may try again.
      'error: cancelSubscription': { to: 'ready' },
    },
  },
  events: (snapshot) => [
    { type: 'payerType.change', payerType: 'entity' },
    { type: 'field.edit', field: 'contact_phone' },
    { type: 'field.edit', field: 'country' },
    { type: 'pay.card', values: card, coupon: '' },
    { type: 'pay.card', values: { ...card, firstName: '' }, coupon: '' },
    { type: 'pay.card', values: { ...card, email: 'ann.example.com' }, coupon: '' },
    { type: 'pay.invoice', values: entity },
    { type: 'pay.invoice', values: { ...entity, contact_phone: '123' } },
    // One digit short of the shortest international number.
    { type: 'pay.invoice', values: { ...entity, contact_phone: '+7 495 12' } },
    { type: 'subscription.cancel' },
    { type: 'checkout.retry' },
    ...internalEvents(snapshot, {
      loadCheckoutData: { output: [checkoutData] },
      payByCard: {
        output: [{ href: 'https://pay.example.com/1', external: true }],
        error: [
          new Error('refused'),
          new FieldErrors([
            { field: 'country', code: 'country_not_found', detail: 'not in the list' },
            { field: 'coupon', code: 'invalid_input', detail: 'err_expired_count' },
          ]),
        ],
      },
      requestInvoice: {
        output: [{ href: '/en/subscription?scenario=invoiceRequested', external: false }],
        error: [
          new FieldErrors([{ field: 'contact_phone', code: 'invalid_input', detail: 'bad' }]),
        ],
      },
      cancelSubscription: {
        output: [{ href: '/en/subscription?scenario=cancellation', external: false }],
      },
    }),
  ],
  serialize: (snapshot) => ({
    payerType: snapshot.context.payerType,
    errors: Object.keys(snapshot.context.serverErrors),
    leaving: snapshot.context.leaving?.href ?? null,
    ready: snapshot.context.nextExpire !== null,
  }),
  states: {
    preparing: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.children.loadCheckoutData?.getSnapshot().input).toEqual(bought);
    },
    unavailable: (snapshot) => {
      // The checkout data could not be loaded: only a retry, no payment.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: 'checkout.retry' })).toBe(true);
      expect(snapshot.can({ type: 'pay.card', values: card, coupon: '' })).toBe(false);
    },
    ready: (snapshot) => {
      const { plan, nextExpire, additionalDays, countries } = snapshot.context;
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.children.loadCheckoutData).toBeUndefined();
      expect({ additionalDays, nextExpire, countries }).toEqual(
        plan === 'free' ? freeData : checkoutData,
      );
      // Only refusals that name a field of the form are kept, to be shown at the field.
      for (const field of Object.keys(snapshot.context.serverErrors)) {
        expect(['country', 'coupon', 'contact_phone']).toContain(field);
      }
      expect(snapshot.can({ type: 'pay.card', values: card, coupon: '' })).toBe(true);
    },
    canceling: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.children.cancelSubscription?.getSnapshot().input).toEqual(bought);
      expect(snapshot.can({ type: 'subscription.cancel' })).toBe(false);
    },
    payingByCard: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.children.payByCard?.getSnapshot().input).toEqual({
        ...bought,
        values: card,
        coupon: '',
      });
      // A second click while a checkout starts is not accepted.
      expect(snapshot.can({ type: 'pay.card', values: card, coupon: '' })).toBe(false);
      // Section 5: the submit cleared the server's old errors first.
      expect(snapshot.context.serverErrors).toEqual({});
    },
    requestingInvoice: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.serverErrors).toEqual({});
      expect(snapshot.children.requestInvoice?.getSnapshot().input).toEqual({
        ...bought,
        values: entity,
      });
    },
    leaving: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual(snapshot.context.leaving);
    },
  },
  view: {
    render: (snapshot) => (
      <Providers locale="ru">
        <CheckoutView
          snapshot={snapshot}
          send={() => {}}
          promo={promoCodeMachine.resolveState({
            value: 'idle',
            context: { plan: 'mini', period: 'monthly', currency: 'rub', code: '', check: null },
          })}
          sendPromo={() => {}}
          plan={demoPlans.plans.find((p) => p.id === snapshot.context.plan)}
          subscription={demoSubscription}
          payer={{ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', country: 'DE' }}
          locale="ru"
          entityOrders
          // Mini's year (9 600 ₽) at the minimum: the invoice is offered.
          invoiceMinimum={9600}
          onBack={() => {}}
        />
      </Providers>
    ),
    states: {
      preparing: loadingView('Загрузка…', 'form'),
      unavailable: () => {
        screen.getByText('Не удалось подготовить оформление. Попробуйте ещё раз.');
        expect(enabled(screen.getByRole('button', { name: 'Попробовать ещё раз' }))).toBe(true);
        expect(screen.queryByRole('form')).toBeNull();
      },
      ready: (snapshot) => {
        if (snapshot.context.plan === 'free') {
          // Free: no payer's form, Cancel subscription offered.
          expect(screen.queryByRole('form')).toBeNull();
          const cancel = screen.getByRole('button', { name: 'Отменить подписку' });
          expect(enabled(cancel)).toBe(true);
          return;
        }
        // The chosen payer's form, its Pay ready, and the choice shown as pressed.
        expect(shownForm().getAttribute('aria-label')).toBe(formFor(snapshot));
        expect(enabled(payButton())).toBe(true);
        const entity = snapshot.context.payerType === 'entity';
        const pressed = screen.getByRole('button', { pressed: true });
        expect(pressed.textContent).toBe(
          entity ? 'Юридическое лицо (счёт)' : 'Физическое лицо (карта)',
        );
        // Each refusal the server made is at its field of the shown form, in words.
        const errors = snapshot.context.serverErrors;
        const form = within(shownForm());
        if (!entity && errors['country']) {
          form.getByText('Эта страна недоступна. Выберите другую страну.');
        }
        if (entity && errors['contact_phone']) {
          const phone = form.getByRole('textbox', { name: /Контактный телефон/ });
          expect(phone.getAttribute('aria-invalid')).toBe('true');
        }
        if (Object.keys(errors).length === 0) {
          expect(form.queryAllByRole('textbox').some((f) => f.ariaInvalid === 'true')).toBe(false);
        }
      },
      // The form stays as it was submitted, and waits.
      payingByCard: (snapshot) => {
        expect(shownForm().getAttribute('aria-label')).toBe(formFor(snapshot));
        payWaits();
      },
      requestingInvoice: (snapshot) => {
        expect(shownForm().getAttribute('aria-label')).toBe(formFor(snapshot));
        payWaits();
      },
      canceling: payWaits,
      leaving: payWaits,
    },
  },
});
