import { describe, expect, it } from 'vitest';
import type { SecurityEvent } from '../../contract/identity.ts';
import { REAUTH_WINDOW_MS } from '../../server/identity/reauth.ts';
import { challengeOf } from './authenticator.ts';
import { json, sendJson, signedIn } from './billing.ts';
import { useTestServer, type TestClient } from './harness.ts';
import { addPasskey, failsAsPasskey, PASSKEYS } from './passkey-steps.ts';

/*
 * Re-authentication with a passkey (decisions 0215, 0219): a passkey of the signed-in
 * account proves who the user is, as the password does, from a challenge bound to the
 * session that asked; nothing else does.
 */

const server = useTestServer();
const PASSWORD = 'Secret-pass-1';
const OPTIONS = '/api/v1/session/reauth/passkey/options/';
const REAUTH = '/api/v1/session/reauth/passkey/';

async function reauthChallenge(client: TestClient) {
  const answer = await sendJson(client, 'POST', OPTIONS);
  expect(answer.status).toBe(200);
  const options = await json<{ allowCredentials: { id: string }[]; userVerification: string }>(
    answer,
  );
  expect(options.userVerification).toBe('required');
  return { challenge: challengeOf(options), allowed: options.allowCredentials.map((c) => c.id) };
}

const reauthWith = (client: TestClient, credential: unknown) =>
  sendJson(client, 'POST', REAUTH, { credential });

/** A signed-in account with a passkey, whose sign-in is older than the window. */
async function staleWithPasskey() {
  const { user, client } = await signedIn(server());
  const added = await addPasskey(server(), client, user);
  server().clock.advance(REAUTH_WINDOW_MS + 1000);
  return { user, client, ...added };
}

const removal = (client: TestClient, id: string) => sendJson(client, 'DELETE', `${PASSKEYS}${id}/`);

async function events(client: TestClient) {
  const log = await json<SecurityEvent[]>(await client.get('/api/v1/security/events/'));
  return log.map((e) => [e.kind, e.method]);
}

describe('re-authentication with a passkey', () => {
  it('proves who the user is: the sensitive action goes through, and the log tells', async () => {
    const { client, key, passkey } = await staleWithPasskey();
    expect((await removal(client, passkey.id)).status).toBe(403);
    const { challenge, allowed } = await reauthChallenge(client);
    // Only the account's own passkeys are offered.
    expect(allowed).toEqual([key.credentialId]);
    expect((await reauthWith(client, key.assert(challenge))).status).toBe(204);
    expect((await removal(client, passkey.id)).status).toBe(204);
    expect((await events(client)).slice(0, 2)).toEqual([
      ['passkey_removed', null],
      ['reauthenticated', 'passkey'],
    ]);
  });

  it('refuses another account’s passkey, and logs the try', async () => {
    const { client, passkey } = await staleWithPasskey();
    const other = await signedIn(server());
    const { key: theirs } = await addPasskey(server(), other.client, other.user);
    const { challenge } = await reauthChallenge(client);
    await failsAsPasskey(await reauthWith(client, theirs.assert(challenge)));
    expect((await removal(client, passkey.id)).status).toBe(403);
    expect((await events(client))[0]).toEqual(['reauth_failed', 'passkey']);
  });

  // An authenticator asked with the account's passkeys named may leave the user handle
  // out (decision 0219: checked when sent).
  it('takes an assertion without a user handle, of the account’s own passkey alone', async () => {
    const { client, key, passkey } = await staleWithPasskey();
    const other = await signedIn(server());
    const { key: theirs } = await addPasskey(server(), other.client, other.user);
    const first = await reauthChallenge(client);
    await failsAsPasskey(
      await reauthWith(client, theirs.assert(first.challenge, { withoutHandle: true })),
    );
    const { challenge } = await reauthChallenge(client);
    const own = await reauthWith(client, key.assert(challenge, { withoutHandle: true }));
    expect(own.status).toBe(204);
    expect((await removal(client, passkey.id)).status).toBe(204);
  });

  it('refuses a replayed challenge', async () => {
    const { client, key, passkey } = await staleWithPasskey();
    const { challenge } = await reauthChallenge(client);
    expect((await reauthWith(client, key.assert(challenge))).status).toBe(204);
    server().clock.advance(REAUTH_WINDOW_MS + 1000);
    await failsAsPasskey(await reauthWith(client, key.assert(challenge)));
    expect((await removal(client, passkey.id)).status).toBe(403);
  });

  it('refuses a challenge another session of the same user asked for', async () => {
    const { user, client, key, passkey } = await staleWithPasskey();
    const other = server().client();
    const signIn = await other.postForm('/api/auth/login/', {
      login: user.username,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(200);
    server().clock.advance(REAUTH_WINDOW_MS + 1000);
    const { challenge } = await reauthChallenge(other);
    await failsAsPasskey(await reauthWith(client, key.assert(challenge)));
    expect((await removal(client, passkey.id)).status).toBe(403);
    // Refused for this session, the challenge is still good for its own.
    expect((await reauthWith(other, key.assert(challenge))).status).toBe(204);
    expect((await removal(client, passkey.id)).status).toBe(403);
  });

  it('refuses a sign-in page’s challenge, and an expired one', async () => {
    const { client, key, passkey } = await staleWithPasskey();
    const page = await client.request('/api/auth/passkey/options/', { method: 'POST' });
    await failsAsPasskey(await reauthWith(client, key.assert(challengeOf(await page.json()))));
    const { challenge } = await reauthChallenge(client);
    server().clock.advance(5 * 60_000 + 1000);
    await failsAsPasskey(await reauthWith(client, key.assert(challenge)));
    expect((await removal(client, passkey.id)).status).toBe(403);
  });

  it('offers nothing to an account without passkeys; answers 401 signed out', async () => {
    const { client } = await signedIn(server());
    await failsAsPasskey(await sendJson(client, 'POST', OPTIONS));
    const anyone = server().client();
    expect((await sendJson(anyone, 'POST', OPTIONS)).status).toBe(401);
    expect((await reauthWith(anyone, {})).status).toBe(401);
  });
});
