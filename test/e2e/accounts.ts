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

async function post(context: BrowserContext, path: string, form: Record<string, string>) {
  const answer = await context.request.post(path, {
    form,
    headers: { 'X-CSRFToken': await csrf(context) },
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
  await post(context, '/api/auth/signup/', { email, password, agree: 'on' });
  const mail = await latestMail(context.request, email);
  await post(context, '/api/auth/signup/confirm/', { code: codeOf(mail) });
  await post(context, '/api/auth/signup/details/', {
    first_name: 'Test',
    last_name: 'Person',
    country,
  });
}
