import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { codeOf, latestMail } from './mailbox.ts';

let counter = 0;

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
  // Documentation addresses (RFC 5737): only ever a header, never a destination.
  const address = `198.51.100.${counter % 250}`;
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
