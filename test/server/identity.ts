import { expect } from 'vitest';
import type { TestClient, TestServer } from './harness.ts';

export type StoredMail = {
  to: string;
  subject: string;
  text: string;
  created_at: string;
  headers: Record<string, string>;
};

/** The development mailbox for one address, newest first, read like the e2e tests do. */
export async function mailsTo(server: TestServer, to: string): Promise<StoredMail[]> {
  const response = await server.client().get(`/api/dev/mails/?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as StoredMail[];
}

/** The six digits of the newest code mail to `to`. */
export async function lastCode(server: TestServer, to: string): Promise<string> {
  const [mail] = await mailsTo(server, to);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mail to ${to}`);
  return code;
}

let count = 0;
export const uniqueEmail = (prefix = 'new') => `${prefix}${++count}-${Date.now()}@example.com`;
export const STRONG = 'Strong-pass-1';

/** Step 0 of a sign-up in a new browser; answers the browser and the response. */
export async function startSignup(
  server: TestServer,
  email = uniqueEmail(),
  extra: Record<string, string> = {},
): Promise<{ client: TestClient; email: string; response: Response }> {
  const client = server.client();
  const response = await client.postForm('/api/auth/signup/', {
    email,
    password: STRONG,
    agree: 'on',
    ...extra,
  });
  return { client, email, response };
}

/** A browser that went through every sign-up step and is signed in. */
export async function signedUpClient(server: TestServer, email = uniqueEmail()) {
  const { client } = await startSignup(server, email);
  await finishSignup(server, client, email);
  return { client, email };
}

/** The sign-up steps after step 0 in `client`: the mailed code, then the details. */
export async function finishSignup(server: TestServer, client: TestClient, email: string) {
  const code = await lastCode(server, email);
  expect((await client.postForm('/api/auth/signup/confirm/', { code })).status).toBe(200);
  const details = await client.postForm('/api/auth/signup/details/', {
    first_name: 'Ann',
    last_name: 'Lee',
    country: 'GB',
  });
  expect(details.status).toBe(200);
}

/** The section-8 field errors of a response as [pointer, code] pairs. */
export async function fieldCodes(response: Response): Promise<[string, string][]> {
  const body = (await response.json()) as {
    errors?: { code?: string; source?: { pointer: string } }[];
  };
  return (body.errors ?? []).map((e) => [e.source?.pointer ?? '', e.code ?? '']);
}

/** PATCH /api/v1/profile/ as the profile form sends it: every field, `fields` over these. */
export const saveProfile = (client: TestClient, fields: Record<string, string> = {}) =>
  client.request('/api/v1/profile/', {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Ann',
      last_name: 'Lee',
      company: '',
      industry: '',
      role: '',
      phone: '',
      country: 'DE',
      ...fields,
    }),
  });
