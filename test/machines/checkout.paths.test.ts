import { expect } from 'vitest';
import { checkoutMachine } from '../../machines/checkout.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const card = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', country: 'DE' };
const entity = {
  company_name: 'ACME',
  contact_person: 'Ann Lee',
  contact_email: 'ann@example.com',
  contact_phone: '+7 495 123-45-67',
};

const bought = { plan: 'mini', period: 'monthly', autopayment: false } as const;

describeMachinePaths(checkoutMachine, {
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
});
