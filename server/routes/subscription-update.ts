import type { Context, Handler } from 'hono';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { EntityForm } from '../../contract/billing.ts';
import { PlanId } from '../../contract/profile.ts';
import { requestLocale } from '../auth/accounts.ts';
import { requireUser } from '../auth/sessions.ts';
import { planPrice } from '../billing/prices.ts';
import { autopaymentOf, currentSubscription } from '../billing/subscription.ts';
import { invoiceRequests, subscriptions, type User } from '../db/schema.ts';
import { readBody } from '../http/body.ts';
import type { AppDeps, AppEnv } from '../http/context.ts';
import { invalidInput, simpleError } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';
import { invoiceRequestMail } from '../mail/templates.ts';

const ENTITY_PREFIX = 'form_entity[';
export const MAX_INVOICE_REQUESTS = 20;

const InvoiceFields = v.object({
  'selected-plan': v.picklist(['mini', 'premium']),
  'customer-type': v.literal('entity'),
  payment_gateway: v.optional(v.literal('invoice'), 'invoice'),
  payment_type: v.literal('invoice'),
});

/** The multipart fields as strings; form_entity[name] fields gathered by name. */
function split(body: unknown): { fields: Record<string, string>; entity: Record<string, string> } {
  const fields: Record<string, string> = {};
  const entity: Record<string, string> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    // Files or repeated fields have no place in this form.
    if (typeof value !== 'string') throw invalidInput();
    if (key.startsWith(ENTITY_PREFIX) && key.endsWith(']')) {
      entity[key.slice(ENTITY_PREFIX.length, -1)] = value;
    } else fields[key] = value;
  }
  return { fields, entity };
}

/** The go-to-free form: free at expiry (now if already expired), answers the cancel scenario. */
async function goToFree(deps: AppDeps, user: User): Promise<void> {
  if ((await autopaymentOf(deps.db, user.id))?.status === 'active') {
    throw simpleError(400, 'plan_unavailable');
  }
  const now = deps.clock.now();
  const current = await currentSubscription(deps.db, user);
  if (!current.stored) return;
  const running = current.plan !== 'free' && current.expireAt !== null && current.expireAt > now;
  await deps.db
    .update(subscriptions)
    .set(
      running
        ? { canceledAt: now, updatedAt: now }
        : { plan: 'free', price: 0, expireAt: null, canceledAt: null, updatedAt: now },
    )
    .where(eq(subscriptions.userId, user.id));
}

/** POST /api/subscription/update (multipart): the invoice request or the go-to-free form. */
export function subscriptionUpdateRoute(deps: AppDeps): Handler<AppEnv> {
  return async (c: Context<AppEnv>) => {
    const user = requireUser(c);
    const body = await readBody(c);
    const { fields, entity } = split(body);
    const locale = requestLocale(c, body);
    const plan = v.safeParse(PlanId, fields['selected-plan']);
    if (plan.success && plan.output === 'free') {
      await goToFree(deps, user);
      const next = `/${locale}/subscription?scenario=cancellation`;
      return c.json({ next });
    }
    if (locale !== 'ru' || !deps.config.payments.entityOrders) {
      throw simpleError(400, 'plan_unavailable');
    }
    const invoice = parseInput(InvoiceFields, fields);
    const form = parseInput(EntityForm, entity);
    // Each request mails an address the user typed: a bound keeps it from being a spam relay.
    const sent = await deps.db.$count(invoiceRequests, eq(invoiceRequests.userId, user.id));
    if (sent >= MAX_INVOICE_REQUESTS) throw simpleError(429, 'too_many_requests');
    const amount = await planPrice(deps.db, invoice['selected-plan'], 'yearly', 'rub');
    await deps.db.insert(invoiceRequests).values({
      userId: user.id,
      plan: invoice['selected-plan'],
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
    const mail = invoiceRequestMail({
      plan: invoice['selected-plan'],
      amount,
      company: form.company_name,
      person: form.contact_person,
    });
    await deps.mailer.send({ to: form.contact_email, ...mail, headers: {} });
    return c.json({
      next: '/ru/subscription?scenario=invoiceRequested',
    });
  };
}
