import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { expect } from 'vitest';
import type { RecoveryCodes, TwoFactorSetup } from '../../contract/identity.ts';
import type { User } from '../../server/db/schema.ts';
import { json, sendJson, signedIn } from './billing.ts';
import type { TestClient, TestServer } from './harness.ts';

/** The authenticator app's time step. */
export const STEP_MS = 30_000;

/** The app's code for the secret shown, at the server's clock (plus `steps` time steps). */
export function appCode(server: TestServer, secret: string, steps = 0): string {
  const step = Math.floor(server.clock.now().getTime() / STEP_MS) + steps;
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
}

/** The setup's first step in `client`: the secret to show, not on yet. */
export async function startSetup(client: TestClient): Promise<TwoFactorSetup> {
  const answer = await sendJson(client, 'POST', '/api/v1/security/two-factor/setup/');
  expect(answer.status).toBe(200);
  return await json<TwoFactorSetup>(answer);
}

/**
 * A new user, signed in within `client`, with the app on: the secret and the recovery
 * codes it was given. The setup's code is spent: the clock is a step on afterwards.
 */
export async function turnedOnApp(server: TestServer): Promise<{
  user: User;
  client: TestClient;
  secret: string;
  codes: string[];
}> {
  const { user, client } = await signedIn(server);
  const { secret } = await startSetup(client);
  const confirmed = await sendJson(client, 'POST', '/api/v1/security/two-factor/confirm/', {
    code: appCode(server, secret),
  });
  expect(confirmed.status).toBe(200);
  const { recovery_codes: codes } = await json<RecoveryCodes>(confirmed);
  server.clock.advance(STEP_MS);
  return { user, client, secret, codes };
}
