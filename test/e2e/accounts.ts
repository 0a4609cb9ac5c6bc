import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Chromium } from './chromium.ts';
import { codeOf, latestMail } from './mailbox.ts';

let counter = 0;

/**
 * The made-up addresses of this file's accounts: IPv6 documentation addresses
 * (RFC 3849, only ever a header, never a destination) under a prefix drawn per test file.
 * The files share one server and its per-address limits, so a counter alone (starting
 * again in each file) would send every file's first sign-up from the same address.
 */
const filePrefix = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

/** An address no other test uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

async function csrf(context: BrowserContext): Promise<string> {
  let token = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value;
  if (!token) {
    await context.request.get('/api/v1/countries/');
    token = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value;
  }
  if (!token) throw new Error('the server set no csrftoken cookie');
  return token;
}

/** The CSRF header of the API's writes, for `context.request` calls. */
export async function csrfHeader(context: BrowserContext): Promise<Record<string, string>> {
  return { 'X-CSRFToken': await csrf(context) };
}

async function post(
  context: BrowserContext,
  path: string,
  form: Record<string, string>,
  address: string,
) {
  const answer = await context.request.post(path, {
    form,
    // The server trusts the proxy header here (test/e2e/server.ts): each made-up account
    // comes from an address of its own, as real people would, instead of all of them
    // counting against the per-address limits of the one test machine.
    headers: { 'X-CSRFToken': await csrf(context), 'X-Forwarded-For': address },
  });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
}

/**
 * A confirmed account made through the API (sign-up, the mailed code, details),
 * signed in within `context`. The UI of sign-up has its own tests.
 */
export async function newAccount(
  context: BrowserContext,
  email: string,
  password: string,
  country = 'DE',
) {
  counter += 1;
  const address = `${filePrefix}::${counter.toString(16)}`;
  await post(context, '/api/auth/signup/', { email, password, agree: 'on' }, address);
  const mail = await latestMail(context.request, email);
  await post(context, '/api/auth/signup/confirm/', { code: codeOf(mail) }, address);
  await post(
    context,
    '/api/auth/signup/details/',
    { first_name: 'Test', last_name: 'Person', country },
    address,
  );
}

/**
 * A new account (an address of its own, from `prefix`; in `country`, Germany unless told)
 * signed in within a context of its own in the browser language `browserLocale`, with a
 * page of it and its username. With `languageHeader`, the API calls carry that language
 * too, as a browser's would: the account's mails are in it.
 */
export async function signedIn(
  chromium: Chromium,
  {
    browserLocale,
    prefix,
    password,
    country = 'DE',
    languageHeader = false,
  }: {
    browserLocale: string;
    prefix: string;
    password: string;
    country?: string;
    languageHeader?: boolean;
  },
) {
  const context = await chromium.newContext({
    locale: browserLocale,
    ...(languageHeader ? { extraHTTPHeaders: { 'Accept-Language': browserLocale } } : {}),
  });
  const email = uniqueEmail(prefix);
  await newAccount(context, email, password, country);
  const profile = await context.request.get('/api/v1/profile/');
  const { username } = (await profile.json()) as { username: string };
  return { context, page: await context.newPage(), email, username };
}

/**
 * Premium bought through the API and the sandbox provider: a checkout, Pay on its page,
 * and the settlement a moment later (the checkout's own walk is the billing test's).
 */
export async function buyPremium(context: BrowserContext, email: string) {
  const started = await context.request.post('/api/autopayment/', {
    data: {
      provider: 'stripe',
      plan: 'premium',
      interval: 'monthly',
      coupon: '',
      user_data: { first_name: 'Test', second_name: 'Person', email, country: 'DE' },
      options: {
        success_url: '/en/subscription?scenario=creation&payment-attempt-status=success',
        cancel_url: '/en/subscription?scenario=creation&payment-attempt-status=failed',
      },
    },
    headers: await csrfHeader(context),
  });
  expect(started.status(), await started.text()).toBe(200);
  const { redirect_url } = (await started.json()) as { redirect_url: string };
  const paid = await context.request.post(redirect_url, {
    form: { decision: 'pay' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  await expect
    .poll(
      async () => {
        const answer = await context.request.get('/api/subscription/');
        return ((await answer.json()) as { subscription: { plan: string } }).subscription.plan;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe('premium');
}

/**
 * Signs out through the header's account menu, as a user does. The menu slides in: a
 * click while it still moves can press on the item and let go beside it (seen on a busy
 * machine), so the item is clicked once it has stopped.
 */
export async function signOutFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).click();
  const item = page.getByRole('menuitem', { name: 'Sign out' });
  await item.waitFor();
  await expect
    .poll(() =>
      item.evaluate(
        (element) => element.closest('[role="menu"]')?.getAnimations({ subtree: true }).length,
      ),
    )
    .toBe(0);
  await item.click();
}
