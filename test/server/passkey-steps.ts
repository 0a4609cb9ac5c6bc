// What the passkey tests do alike (decision 0219): a passkey added to a signed-in
// account through the security page's calls, and the sign-in page's challenge.
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { expect } from 'vitest';
import type { Passkey } from '../../contract/passkeys.ts';
import type { User } from '../../server/db/schema.ts';
import { challengeOf, softwarePasskey } from './authenticator.ts';
import { json, sendJson } from './billing.ts';
import type { TestClient, TestServer } from './harness.ts';

export const PASSKEYS = '/api/v1/security/passkeys/';

/** The user handle the account's passkeys carry: its public guid. */
export const handleOf = (user: User) => isoBase64URL.fromUTF8String(user.portalGuid);

/** A new software passkey of `user`, registered with the account through `client`. */
export async function addPasskey(
  server: TestServer,
  client: TestClient,
  user: User,
  name = 'Laptop',
) {
  const key = softwarePasskey(server.config.publicUrl, handleOf(user));
  const options = await sendJson(client, 'POST', `${PASSKEYS}options/`);
  expect(options.status).toBe(200);
  const credential = key.register(challengeOf(await options.json()));
  const answer = await sendJson(client, 'POST', PASSKEYS, { name, credential });
  expect(answer.status).toBe(201);
  return { key, passkey: await json<Passkey>(answer) };
}

/** The challenge the sign-in page gets for this browser. */
export async function signInChallenge(browser: TestClient, headers: Record<string, string> = {}) {
  const answer = await browser.request('/api/auth/passkey/options/', { method: 'POST', headers });
  expect(answer.status).toBe(200);
  return challengeOf(await answer.json());
}

/** `failed` answered as every passkey failure is: 400 `passkey_failed`, nothing more. */
export async function failsAsPasskey(answer: Response) {
  expect(answer.status).toBe(400);
  expect(await json(answer)).toEqual({ code: 'passkey_failed', detail: expect.any(String) });
}
