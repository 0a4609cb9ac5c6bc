import { expect } from 'vitest';
import type { TestClient } from './harness.ts';

/** Path and query of a redirect, whatever host it names. */
export function location(response: Response): string {
  expect(response.status).toBe(302);
  const url = new URL(response.headers.get('location') ?? '', 'http://localhost:8080');
  return url.pathname + url.search;
}

/** The hidden fields of the sandbox consent page. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] ?? ''] = (match[2] ?? '').replaceAll('&amp;', '&');
  }
  return fields;
}

export type Person = { email: string; first_name?: string; last_name?: string };

/**
 * The whole browser round trip by hand: start, the sandbox consent page, Allow or
 * Deny, the callback. Answers the callback's response.
 */
export async function socialRoundTrip(
  client: TestClient,
  provider: string,
  person: Person,
  options: {
    intent?: string;
    next?: string;
    decision?: 'allow' | 'deny';
    locale?: string;
  } = {},
): Promise<Response> {
  // Sign-up by default: a new identity makes its account at once (sign-in asks first).
  const query = new URLSearchParams({ intent: options.intent ?? 'signup' });
  if (options.next) query.set('next', options.next);
  if (options.locale) query.set('locale', options.locale);
  const start = await client.get(`/api/auth/social/${provider}/start/?${query.toString()}`);
  const consentPath = location(start);
  const consent = await client.get(consentPath);
  expect(consent.status).toBe(200);
  const fields = hiddenFields(await consent.text());
  const posted = await client.postForm(new URL(consentPath, 'http://x').pathname, {
    ...fields,
    first_name: 'Sam',
    last_name: 'Smith',
    ...person,
    decision: options.decision ?? 'allow',
  });
  return client.get(location(posted));
}
