import { expect } from 'vitest';
import type { AutopaymentRequest } from '../../contract/billing.ts';
import type { PlanId } from '../../contract/profile.ts';
import {
  type autopayments,
  type checkouts,
  subscriptions,
  type NewUser,
} from '../../server/db/schema.ts';
import { DAY, type TestClient, type TestServer } from './harness.ts';

/** An active Stripe autopayment of mini monthly, as a row to write straight in. */
export function autopaymentRow(
  userId: number,
  fields: Partial<typeof autopayments.$inferInsert> = {},
): typeof autopayments.$inferInsert {
  return {
    userId,
    provider: 'stripe',
    status: 'active',
    plan: 'mini',
    interval: 'monthly',
    userData: {},
    options: {},
    updatedAt: new Date(),
    ...fields,
  };
}

/**
 * A checkout of mini monthly (10 dollars) the provider has not answered yet, as a row to
 * write straight in.
 */
export const pendingCheckoutRow = (
  id: string,
  userId: number,
  kind: 'create' | 'renewal',
  createdAt: Date,
) =>
  ({
    id,
    userId,
    kind,
    provider: 'stripe',
    status: 'pending',
    plan: 'mini',
    interval: 'monthly',
    amount: 10,
    currency: 'usd',
    createdAt,
  }) satisfies typeof checkouts.$inferInsert;

/**
 * Gives the user their own plan, paid (30 dollars a month unless `fields` say otherwise)
 * until `days` from the test clock's now (gone by if negative), written straight into
 * the database: for tests of what a plan allows, not of how it is bought. As another
 * process's write would, it reaches this process's cache before the next request (on
 * PostgreSQL its notification comes over another connection, a moment later).
 */
export async function setPlan(
  server: TestServer,
  userId: number,
  plan: PlanId,
  days = 30,
  fields: Partial<Pick<typeof subscriptions.$inferInsert, 'price' | 'currency'>> = {},
) {
  const now = server.clock.now();
  const row: Omit<typeof subscriptions.$inferInsert, 'userId'> = {
    plan,
    interval: 'monthly',
    price: plan === 'free' ? 0 : 30,
    currency: 'usd',
    expireAt: plan === 'free' ? null : new Date(now.getTime() + days * DAY),
    canceledAt: null,
    updatedAt: now,
    ...fields,
  };
  await server.db
    .insert(subscriptions)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: subscriptions.userId, set: row });
  await server.sessionCache.settle();
}

/** A signed-in browser of a new confirmed user. */
export async function signedIn(server: TestServer, fields: Partial<NewUser> = {}) {
  const { user, password } = await server.createUser(fields);
  const client = server.client();
  const response = await client.postForm('/api/auth/login/', { login: user.username, password });
  expect(response.status).toBe(200);
  return { user, client };
}

export function sendJson(client: TestClient, method: string, path: string, body?: unknown) {
  return client.request(path, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    headers: { 'Content-Type': 'application/json' },
  });
}

export const STRIPE_OPTIONS = {
  success_url: '/en/subscription?scenario=creation&payment-attempt-status=success',
  cancel_url: '/en/subscription?scenario=creation&payment-attempt-status=failed',
};
export const YOOKASSA_OPTIONS = {
  payment_method_type: 'bank_card',
  return_url: '/ru/subscription?scenario=creation&payment-attempt-status=unknown',
};

/** A checkout request as the SPA sends it; GB pays with stripe, RU with yookassa. */
export function checkoutRequest(
  overrides: Partial<AutopaymentRequest> & { country?: string } = {},
): AutopaymentRequest {
  const { country = 'GB', ...rest } = overrides;
  const ru = country === 'RU';
  return {
    provider: ru ? 'yookassa' : 'stripe',
    plan: 'mini',
    interval: 'monthly',
    coupon: '',
    user_data: { first_name: 'Ann', second_name: 'Lee', email: 'ann@example.com', country },
    options: ru ? YOOKASSA_OPTIONS : STRIPE_OPTIONS,
    ...rest,
  };
}

/** POST /api/autopayment/ and the sandbox checkout id of the answer. */
export async function startCheckout(client: TestClient, request = checkoutRequest()) {
  const response = await client.postJson('/api/autopayment/', request);
  expect(response.status).toBe(200);
  const { redirect_url } = (await response.json()) as { redirect_url: string };
  const id = /\/sandbox\/pay\/([\w-]+)$/.exec(redirect_url)?.[1];
  if (!id) throw new Error(`not a sandbox checkout: ${redirect_url}`);
  return { id, url: redirect_url };
}

/** A button of the sandbox checkout page. */
export function decide(
  client: TestClient,
  id: string,
  decision: 'pay' | 'pay_fails_later' | 'decline' | 'cancel',
) {
  return client.postForm(`/sandbox/pay/${id}`, { decision });
}

/**
 * Lets the sandbox settlement delay pass and runs the poller; then, as the browser's
 * next poll a second later would, finds the session cache told of what it changed.
 */
export async function settle(server: TestServer): Promise<void> {
  server.clock.advance(server.config.payments.sandboxSettleSeconds * 1000);
  await server.worker.tick();
  await server.sessionCache.settle();
}

/** Buys a plan through the sandbox: checkout, Pay, settlement. */
export async function buy(
  server: TestServer,
  client: TestClient,
  request = checkoutRequest(),
): Promise<void> {
  const { id } = await startCheckout(client, request);
  expect((await decide(client, id, 'pay')).status).toBe(303);
  await settle(server);
}

/**
 * An entity's invoice request for premium, as the subscription page's form posts it
 * (multipart, in Russian), the invoice to go to `contact`; `fields` adds to its fields.
 */
export function requestInvoice(
  client: TestClient,
  {
    contact = 'invoices@karty.example.com',
    fields = {},
    headers = {},
  }: { contact?: string; fields?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const form = new FormData();
  const all = {
    'selected-plan': 'premium',
    'customer-type': 'entity',
    payment_type: 'invoice',
    'form_entity[company_name]': 'ООО Карты',
    'form_entity[contact_person]': 'Иван Петров',
    'form_entity[contact_email]': contact,
    'form_entity[contact_phone]': '+7 (495) 123-45-67',
    ...fields,
  };
  for (const [key, value] of Object.entries(all)) form.append(key, value);
  return client.request('/api/subscription/update', {
    method: 'POST',
    body: form,
    headers: { 'Accept-Language': 'ru', ...headers },
  });
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
