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

describeMachinePaths(checkoutMachine, {
  input: { plan: 'mini', period: 'monthly', autopayment: false },
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
    preparing: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    payingByCard: (snapshot) => {
      // A second click while a checkout starts is not accepted.
      expect(snapshot.can({ type: 'pay.card', values: card, coupon: '' })).toBe(false);
      // Section 5: the submit cleared the server's old errors first.
      expect(snapshot.context.serverErrors).toEqual({});
    },
    requestingInvoice: (snapshot) => expect(snapshot.context.serverErrors).toEqual({}),
    leaving: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual(snapshot.context.leaving);
    },
  },
});
