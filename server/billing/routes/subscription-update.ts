import type { Context, Handler } from 'hono';
import * as v from 'valibot';
import { EntityForm } from '../../../contract/billing.ts';
import { PlanId } from '../../../contract/profile.ts';
import { requestLocale } from '../../http/locale.ts';
import { requireUser } from '../../identity/routes/session.ts';
import { assertInvoicesTaken, requestInvoice } from '../invoice.ts';
import { goToFree } from '../subscription.ts';
import { readBody } from '../../http/body.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../http/validate.ts';
import { billingRefused } from '../refusals.ts';

const ENTITY_PREFIX = 'form_entity[';

export const InvoiceFields = v.object({
  'selected-plan': v.picklist(['mini', 'premium']),
  'customer-type': v.literal('entity'),
  payment_gateway: v.optional(v.literal('invoice'), 'invoice'),
  payment_type: v.literal('invoice'),
});

/** The multipart fields as strings; form_entity[name] fields gathered by name. */
function split(body: unknown): { fields: Record<string, string>; entity: Record<string, string> } {
  const fields: Record<string, string> = {};
  const entity: Record<string, string> = {};
  if (typeof body !== 'object' || body === null) throw billingRefused('invalid_input');
  for (const [key, value] of Object.entries(body)) {
    // Files or repeated fields have no place in this form.
    if (typeof value !== 'string') throw billingRefused('invalid_input');
    if (key.startsWith(ENTITY_PREFIX) && key.endsWith(']')) {
      entity[key.slice(ENTITY_PREFIX.length, -1)] = value;
    } else fields[key] = value;
  }
  return { fields, entity };
}

/** POST /api/subscription/update (multipart): the invoice request or the go-to-free form. */
export function subscriptionUpdateRoute(deps: AppDeps): Handler<AppEnv> {
  return async (c: Context<AppEnv>) => {
    const user = requireUser(c);
    const body = await readBody(c, 'multipart');
    const { fields, entity } = split(body);
    const locale = requestLocale(c, body);
    const chosen = v.safeParse(PlanId, fields['selected-plan']);
    if (chosen.success && chosen.output === 'free') {
      await goToFree(deps, user);
      const next = `/${locale}/subscription?scenario=cancellation`;
      return c.json({ next });
    }
    // Before the fields are read: where invoices are not taken, no field is wrong.
    assertInvoicesTaken(deps.config, locale);
    const invoice = parseInput(InvoiceFields, fields);
    const form = parseInput(EntityForm, entity);
    const plan = invoice['selected-plan'];
    await requestInvoice(deps, user, plan, form, clientIp(c, deps.config), locale);
    // The dialog names the plan asked for: the subscription stays as it is until paid.
    return c.json({ next: `/${locale}/subscription?scenario=invoiceRequested&plan=${plan}` });
  };
}
