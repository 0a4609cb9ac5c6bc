import { screen, within } from '@testing-library/react';
import type { AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { checkoutMachine } from '../../machines/checkout.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { promoCodeMachine } from '../../machines/promo-code.machine.ts';
import { CheckoutView } from '../../src/views/subscription/checkout.view.tsx';
import { demoPlans, demoSubscription } from '../fixtures/billing.ts';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

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

describeMachinePaths(checkoutMachine, {
  paths: 72,
  input: bought,
  events: (snapshot) => [
    { type: 'payerType.change', payerType: 'entity' },
    { type: 'field.edit', field: 'contact_phone' },
    { type: 'field.edit', field: 'country' },
    { type: 'pay.card', values: card, coupon: '' },
    { type: 'pay.card', values: { ...card, firstName: '' }, coupon: '' },
    { type: 'pay.invoice', values: entity },
    { type: 'pay.invoice', values: { ...entity, contact_phone: '123' } },
    { type: 'subscription.cancel' },
    { type: 'checkout.retry' },
    ...internalEvents(snapshot, {
      loadCheckoutData: {
        output: [{ additionalDays: 3, nextExpire: '2027-01-01T00:00:00Z', countries: [] }],
      },
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
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.nextExpire).toBe('2027-01-01T00:00:00Z');
      expect(snapshot.context.additionalDays).toBe(3);
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
          plan={demoPlans.plans.find((p) => p.id === 'mini')}
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
      preparing: () => {
        expect(screen.getByRole('status').textContent).toContain('Загрузка…');
        expect(screen.queryByRole('form')).toBeNull();
      },
      unavailable: () => {
        screen.getByText('Не удалось подготовить оформление. Попробуйте ещё раз.');
        expect(enabled(screen.getByRole('button', { name: 'Попробовать ещё раз' }))).toBe(true);
        expect(screen.queryByRole('form')).toBeNull();
      },
      ready: (snapshot) => {
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
