import type * as v from 'valibot';
import type { EntityForm } from '../../contract/billing.ts';
import { hit, LIMITS, type Limit } from '../identity/throttle.ts';
import { invoiceRequests, type User } from '../db/schema.ts';
import type { Config } from '../config.ts';
import { crashPoint } from '../crash-point.ts';
import type { AppDeps } from '../deps.ts';
import { queueMail } from '../mail/send.ts';
import { invoiceConfirmationMail, invoiceRequestMail } from '../mail/templates.ts';
import type { Locale } from '../../contract/countries.ts';
import { planPrice } from './prices.ts';
import { DAY_MS } from './subscription.ts';
import { billingRefused } from './refusals.ts';

/**
 * Each request mails an address the user typed: a few a day per account serve a
 * real company and keep the form from being a spam relay.
 */
export const INVOICE_LIMIT: Limit = { name: 'invoice-account', max: 3, windowMs: DAY_MS };

/** Invoices are for the ru locale only, and only while ENTITY_ORDERS is on. */
export function assertInvoicesTaken(config: Config, locale: string): void {
  if (locale !== 'ru' || !config.payments.entityOrders) throw billingRefused('plan_unavailable');
}

/**
 * An invoice request of a legal entity: stored with the yearly rouble price; the contact
 * gets the request's details and, when the account's own address is another, the account
 * holder a confirmation, both in the page's language and in the request's transaction.
 * A year that costs less than INVOICE_MINIMUM_RUB is refused (docs/decisions/0305).
 */
export async function requestInvoice(
  deps: AppDeps,
  user: User,
  plan: 'mini' | 'premium',
  form: v.InferOutput<typeof EntityForm>,
  ip: string,
  locale: Locale,
): Promise<void> {
  const amount = await planPrice(deps.db, plan, 'yearly', 'rub');
  // Before the throttle: a refused order is no mail, so it spends none of the day's tries.
  if (amount < deps.config.payments.invoiceMinimumRub) {
    throw billingRefused('invoice_below_minimum');
  }
  // Per account, and per IP with every other mail a request sends: many accounts of one
  // sender do not make the form a relay either.
  await hit(deps, [
    { limit: INVOICE_LIMIT, subject: String(user.id) },
    { limit: LIMITS.sendIp, subject: ip },
  ]);
  const details = {
    plan,
    amount,
    company: form.company_name,
    person: form.contact_person,
    contactEmail: form.contact_email,
  };
  const toContact = invoiceRequestMail(locale, details);
  const holderToo = user.email.toLowerCase() !== form.contact_email.toLowerCase();
  await deps.db.transaction(async (tx) => {
    await tx.insert(invoiceRequests).values({
      userId: user.id,
      plan,
      // Legal entities always pay for a year.
      annualPayment: true,
      amount,
      currency: 'rub',
      companyName: form.company_name,
      contactPerson: form.contact_person,
      contactEmail: form.contact_email,
      contactPhone: form.contact_phone,
      registrationNumber: form.registration_number,
      taxNumber: form.tax_number,
      companyAddress: form.company_address,
      bankDetails: form.bank_details,
      createdAt: deps.clock.now(),
    });
    await queueMail(deps, tx, { to: form.contact_email, ...toContact, headers: {} });
    if (holderToo) {
      const confirmation = invoiceConfirmationMail(locale, details);
      await queueMail(deps, tx, { to: user.email, ...confirmation, headers: {} });
    }
  });
  crashPoint('invoice-committed');
}
