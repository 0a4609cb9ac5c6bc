import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { describe, expect, it } from 'vitest';
import type { AuthResult } from '../../contract/auth.ts';
import { PAGE_LOCALE_HEADER } from '../../contract/countries.ts';
import type { SecurityEvent } from '../../contract/identity.ts';
import type { Passkey } from '../../contract/passkeys.ts';
import { passkeys, type User } from '../../server/db/schema.ts';
import { REAUTH_WINDOW_MS } from '../../server/identity/reauth.ts';
import { challengeOf, softwarePasskey, type SoftwarePasskey } from './authenticator.ts';
import { json, sendJson, signedIn } from './billing.ts';
import { useTestServer, type TestClient } from './harness.ts';
import { mailsTo } from './identity.ts';
import {
  addPasskey as addedPasskey,
  failsAsPasskey,
  handleOf,
  PASSKEYS as LIST,
} from './passkey-steps.ts';

const server = useTestServer();
const PASSWORD = 'Secret-pass-1';

const origin = () => server().config.publicUrl;

async function registrationChallenge(client: TestClient): Promise<string> {
  const answer = await sendJson(client, 'POST', `${LIST}options/`);
  expect(answer.status).toBe(200);
  return challengeOf(await answer.json());
}

const save = (client: TestClient, name: string, credential: unknown, headers = {}) =>
  client.request(LIST, {
    method: 'POST',
    body: JSON.stringify({ name, credential }),
    headers: { 'Content-Type': 'application/json', ...headers },
  });

const addPasskey = (client: TestClient, user: User, name?: string) =>
  addedPasskey(server(), client, user, name);

async function signInChallenge(browser: TestClient): Promise<string> {
  const answer = await browser.request('/api/auth/passkey/options/', { method: 'POST' });
  expect(answer.status).toBe(200);
  const options = await json<{ allowCredentials?: unknown[]; userVerification: string }>(answer);
  // Discoverable: the browser offers the user's passkeys, the server names no account.
  expect(options.allowCredentials ?? []).toEqual([]);
  expect(options.userVerification).toBe('required');
  return challengeOf(options);
}

const signInWith = (browser: TestClient, credential: unknown) =>
  sendJson(browser, 'POST', '/api/auth/passkey/', { credential, next: '/ru/security' });

const signedInStill = async (client: TestClient) =>
  (await client.get('/api/v1/profile/')).status === 200;

async function signInOnce(key: SoftwarePasskey) {
  const browser = server().client();
  const credential = key.assert(await signInChallenge(browser));
  return { browser, credential, answer: await signInWith(browser, credential) };
}

describe('passkeys on the security page', () => {
  it('registers, lists, renames; the passkey signs in with no second step', async () => {
    const { user, client } = await signedIn(server());
    const key = softwarePasskey(origin(), handleOf(user));
    const challenge = await registrationChallenge(client);
    const added = await save(client, '  Laptop  ', key.register(challenge), {
      [PAGE_LOCALE_HEADER]: 'ru',
    });
    expect(added.status).toBe(201);
    const passkey = await json<Passkey>(added);
    expect(passkey).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Laptop',
      created_at: expect.any(String),
      last_used_at: null,
      synced: false,
    });
    const [notice] = await mailsTo(server(), user.email);
    expect(notice?.subject).toBe('Добавлен ключ доступа');
    expect(notice?.text).toContain('«Laptop»');

    const renamed = await sendJson(client, 'PATCH', `${LIST}${passkey.id}/`, {
      name: 'Work laptop',
    });
    expect(renamed.status).toBe(200);
    expect((await json<Passkey>(renamed)).name).toBe('Work laptop');
    const listed = await json<Passkey[]>(await client.get(LIST));
    expect(listed.map((p) => [p.id, p.name])).toEqual([[passkey.id, 'Work laptop']]);

    const browser = server().client();
    const credential = key.assert(await signInChallenge(browser));
    expect(browser.cookies.has('passkey')).toBe(true);
    const answer = await signInWith(browser, credential);
    expect(answer.status).toBe(200);
    expect(await json<AuthResult>(answer)).toEqual({ next: '/ru/security' });
    expect(await signedInStill(browser)).toBe(true);
    // The challenge's cookie is spent with it.
    expect(browser.cookies.has('passkey')).toBe(false);
    const [used] = await json<Passkey[]>(await browser.get(LIST));
    expect(used?.last_used_at).not.toBeNull();
    const events = await json<SecurityEvent[]>(await browser.get('/api/v1/security/events/'));
    expect(events.map((e) => [e.kind, e.method])).toEqual(
      expect.arrayContaining([
        ['sign_in', 'passkey'],
        ['passkey_added', null],
      ]),
    );
  });

  it('lists only the caller’s passkeys, oldest first', async () => {
    const { user, client } = await signedIn(server());
    const first = await addPasskey(client, user, 'Phone');
    server().clock.advance(1000);
    const second = await addPasskey(client, user, 'Key');
    const other = await signedIn(server());
    await addPasskey(other.client, other.user, 'Someone else');
    const listed = await json<Passkey[]>(await client.get(LIST));
    expect(listed.map((p) => p.id)).toEqual([first.passkey.id, second.passkey.id]);
  });

  it('removes a passkey: it signs in no more, and the log tells', async () => {
    const { user, client } = await signedIn(server());
    const { key, passkey } = await addPasskey(client, user);
    expect((await sendJson(client, 'DELETE', `${LIST}${passkey.id}/`)).status).toBe(204);
    expect(await json<Passkey[]>(await client.get(LIST))).toEqual([]);
    const events = await json<SecurityEvent[]>(await client.get('/api/v1/security/events/'));
    expect(events[0]?.kind).toBe('passkey_removed');
    // The account's address is told, naming the passkey (checklist point 31).
    const [notice] = await mailsTo(server(), user.email);
    expect(notice?.subject).toBe('A passkey was removed');
    expect(notice?.text).toContain('"Laptop"');
    const { browser, answer } = await signInOnce(key);
    await failsAsPasskey(answer);
    expect(await signedInStill(browser)).toBe(false);
  });

  it('answers 404 for another user’s passkey, and changes nothing of it', async () => {
    const owner = await signedIn(server());
    const { passkey } = await addPasskey(owner.client, owner.user);
    const { client } = await signedIn(server());
    const path = `${LIST}${passkey.id}/`;
    expect((await sendJson(client, 'PATCH', path, { name: 'Mine' })).status).toBe(404);
    expect((await sendJson(client, 'DELETE', path)).status).toBe(404);
    expect((await sendJson(client, 'DELETE', `${LIST}not-a-uuid/`)).status).toBe(404);
    const [kept] = await json<Passkey[]>(await owner.client.get(LIST));
    expect(kept?.name).toBe('Laptop');
  });

  it('adding and removing need a sign-in within 10 minutes; renaming does not', async () => {
    const { user, client } = await signedIn(server());
    const { passkey } = await addPasskey(client, user);
    server().clock.advance(REAUTH_WINDOW_MS + 1000);
    const remove = await sendJson(client, 'DELETE', `${LIST}${passkey.id}/`);
    expect(remove.status).toBe(403);
    expect(await json(remove)).toEqual({ code: 'reauth_required', detail: expect.any(String) });
    const options = await sendJson(client, 'POST', `${LIST}options/`);
    expect(options.status).toBe(403);
    expect((await sendJson(client, 'PATCH', `${LIST}${passkey.id}/`, { name: 'X' })).status).toBe(
      200,
    );
    expect(await json<Passkey[]>(await client.get(LIST))).toHaveLength(1);
    const proven = await sendJson(client, 'POST', '/api/v1/session/reauth/', {
      password: PASSWORD,
    });
    expect(proven.status).toBe(204);
    expect((await sendJson(client, 'DELETE', `${LIST}${passkey.id}/`)).status).toBe(204);
  });

  it('validates the name', async () => {
    const { user, client } = await signedIn(server());
    const key = softwarePasskey(origin(), handleOf(user));
    const blank = await save(client, '   ', key.register(await registrationChallenge(client)));
    expect(blank.status).toBe(400);
    expect(await json(blank)).toMatchObject({ errors: [{ source: { pointer: 'name' } }] });
    const long = await save(client, 'x'.repeat(65), key.register('irrelevant'));
    expect(long.status).toBe(400);
  });

  it('answers 401 signed out', async () => {
    const anyone = server().client();
    expect((await anyone.get(LIST)).status).toBe(401);
    expect((await sendJson(anyone, 'POST', `${LIST}options/`)).status).toBe(401);
  });
});

// Decision 0219, to the letter: what the options ask of the browser, what is kept of a
// passkey and shown of it, the limit of 20, the events and notices.
describe('what registration asks for and keeps', () => {
  it('asks for a discoverable, user-verified passkey of this site, none of the account’s again', async () => {
    const { user, client } = await signedIn(server(), { firstName: 'Ann', lastName: 'Lee' });
    const ask = async () => {
      const answer = await sendJson(client, 'POST', `${LIST}options/`);
      expect(answer.status).toBe(200);
      return json<Record<string, unknown>>(answer);
    };
    const first = await ask();
    expect(first).toMatchObject({
      rp: { name: 'Account portal', id: new URL(origin()).hostname },
      user: { name: user.email, displayName: 'Ann Lee', id: handleOf(user) },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: 5 * 60_000,
      excludeCredentials: [],
    });
    const key = softwarePasskey(origin(), handleOf(user));
    const transports = ['hybrid', 'internal'];
    const credential = key.register(challengeOf(first), { transports });
    expect((await save(client, 'Phone', credential)).status).toBe(201);
    // The transports the authenticator named are kept and given back wherever it is named.
    const excluded = [{ id: key.credentialId, type: 'public-key', transports }];
    expect((await ask()).excludeCredentials).toEqual(excluded);
    const reauth = await sendJson(client, 'POST', '/api/v1/session/reauth/passkey/options/');
    expect((await json<{ allowCredentials: unknown }>(reauth)).allowCredentials).toEqual(excluded);
    // An authenticator that names none is kept with none.
    const quiet = softwarePasskey(origin(), handleOf(user));
    const unnamed = quiet.register(challengeOf(await ask()), { transports: null });
    expect((await save(client, 'Key', unnamed)).status).toBe(201);
    expect((await ask()).excludeCredentials).toEqual([
      ...excluded,
      { id: quiet.credentialId, type: 'public-key', transports: [] },
    ]);

    // Without a name the account's username is shown.
    const nameless = await signedIn(server());
    const options = await json<{ user: { displayName: string } }>(
      await sendJson(nameless.client, 'POST', `${LIST}options/`),
    );
    expect(options.user.displayName).toBe(nameless.user.username);
  });

  it('refuses a passkey whose device did not verify its user, at registration and sign-in', async () => {
    const { user, client } = await signedIn(server());
    const key = softwarePasskey(origin(), handleOf(user));
    const unverified = key.register(await registrationChallenge(client), { verified: false });
    await failsAsPasskey(await save(client, 'Unverified', unverified));
    const { key: added } = await addPasskey(client, user);
    const browser = server().client();
    const assertion = added.assert(await signInChallenge(browser), { verified: false });
    await failsAsPasskey(await signInWith(browser, assertion));
    expect(await signedInStill(browser)).toBe(false);
  });

  it('shows "synced" for a backed-up multi-device passkey alone', async () => {
    const { user, client } = await signedIn(server());
    const synced = async (backup: 'none' | 'eligible' | 'synced') => {
      const key = softwarePasskey(origin(), handleOf(user));
      const credential = key.register(await registrationChallenge(client), { backup });
      const answer = await save(client, backup, credential);
      expect(answer.status).toBe(201);
      server().clock.advance(1000);
      return (await json<Passkey>(answer)).synced;
    };
    expect(await synced('none')).toBe(false);
    expect(await synced('eligible')).toBe(false);
    expect(await synced('synced')).toBe(true);
    const listed = await json<Passkey[]>(await client.get(LIST));
    expect(listed.map((p) => [p.name, p.synced])).toEqual([
      ['none', false],
      ['eligible', false],
      ['synced', true],
    ]);
  });

  it('keeps at most 20 passkeys per account', async () => {
    const { user, client } = await signedIn(server());
    const now = new Date();
    await server()
      .db.insert(passkeys)
      .values(
        Array.from({ length: 19 }, (_, i) => ({
          userId: user.id,
          credentialId: `stored-${user.id}-${i}`,
          publicKey: 'AA',
          counter: 0,
          transports: [],
          deviceType: 'singleDevice',
          backedUp: false,
          name: `Key ${i}`,
          createdAt: now,
        })),
      );
    await addPasskey(client, user, 'Twentieth');
    const key = softwarePasskey(origin(), handleOf(user));
    const extra = key.register(await registrationChallenge(client));
    await failsAsPasskey(await save(client, 'Twenty-first', extra));
    expect(await json<Passkey[]>(await client.get(LIST))).toHaveLength(20);
  });

  it('logs the adding and tells in the page’s language, as an account notice', async () => {
    const { user, client } = await signedIn(server());
    const { passkey } = await addPasskey(client, user);
    const events = await json<SecurityEvent[]>(await client.get('/api/v1/security/events/'));
    expect(events.map((e) => e.kind)).toContain('passkey_added');
    const removal = await client.request(`${LIST}${passkey.id}/`, {
      method: 'DELETE',
      headers: { [PAGE_LOCALE_HEADER]: 'ru' },
    });
    expect(removal.status).toBe(204);
    const [removed, added] = await mailsTo(server(), user.email);
    expect(removed?.subject).toBe('Удалён ключ доступа');
    expect(added?.subject).toBe('A passkey was added');
    for (const notice of [removed, added])
      expect(notice?.headers['List-Unsubscribe']).toMatch(/\/api\/v1\/unsubscribe\/.+\/>$/);
  });

  it('answers 404 for an id that is not exactly a passkey’s, and changes nothing', async () => {
    const { user, client } = await signedIn(server());
    const { passkey } = await addPasskey(client, user);
    for (const id of ['not-a-uuid', `x${passkey.id}`, `${passkey.id}x`]) {
      expect((await sendJson(client, 'PATCH', `${LIST}${id}/`, { name: 'Other' })).status).toBe(
        404,
      );
      expect((await sendJson(client, 'DELETE', `${LIST}${id}/`)).status).toBe(404);
    }
    expect((await json<Passkey[]>(await client.get(LIST))).map((p) => p.name)).toEqual(['Laptop']);
  });

  it('refuses clientDataJSON that is not JSON, or whose challenge is not a string', async () => {
    const { user, client } = await signedIn(server());
    const key = softwarePasskey(origin(), handleOf(user));
    for (const challenge of [{}, 5, ['a']]) {
      const credential = key.register(await registrationChallenge(client)) as {
        response: { clientDataJSON: string };
      };
      credential.response.clientDataJSON = isoBase64URL.fromUTF8String(
        JSON.stringify({ type: 'webauthn.create', challenge, origin: origin() }),
      );
      await failsAsPasskey(await save(client, 'Odd', credential));
    }
    const credential = key.register(await registrationChallenge(client)) as {
      response: { clientDataJSON: string };
    };
    credential.response.clientDataJSON = isoBase64URL.fromUTF8String('{"challenge":');
    await failsAsPasskey(await save(client, 'Odd', credential));
    expect(await json<Passkey[]>(await client.get(LIST))).toEqual([]);
  });
});

describe('attacks on passkey registration', () => {
  it('refuses a challenge used twice', async () => {
    const { user, client } = await signedIn(server());
    const challenge = await registrationChallenge(client);
    const first = softwarePasskey(origin(), handleOf(user));
    expect((await save(client, 'One', first.register(challenge))).status).toBe(201);
    const second = softwarePasskey(origin(), handleOf(user));
    await failsAsPasskey(await save(client, 'Two', second.register(challenge)));
    expect(await json<Passkey[]>(await client.get(LIST))).toHaveLength(1);
  });

  it('refuses a challenge another session asked for, even the same user’s', async () => {
    const { user, client } = await signedIn(server());
    const otherBrowser = server().client();
    const signIn = await otherBrowser.postForm('/api/auth/login/', {
      login: user.username,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const challenge = await registrationChallenge(client);
    const key = softwarePasskey(origin(), handleOf(user));
    await failsAsPasskey(await save(otherBrowser, 'Stolen', key.register(challenge)));
    // Refused, the challenge is spent only for the session it was bound to: still good there.
    expect((await save(client, 'Mine', key.register(challenge))).status).toBe(201);
  });

  it('refuses an expired challenge, another origin and another relying party', async () => {
    const { user, client } = await signedIn(server());
    const key = softwarePasskey(origin(), handleOf(user));
    const old = await registrationChallenge(client);
    server().clock.advance(5 * 60_000 + 1000);
    await failsAsPasskey(await save(client, 'Late', key.register(old)));
    const evil = key.register(await registrationChallenge(client), {
      origin: 'https://evil.example',
    });
    await failsAsPasskey(await save(client, 'Evil', evil));
    const rp = key.register(await registrationChallenge(client), { rpId: 'evil.example' });
    await failsAsPasskey(await save(client, 'Evil', rp));
    expect(await json<Passkey[]>(await client.get(LIST))).toEqual([]);
  });

  it('refuses a sign-in challenge for a registration, and a registration one for a sign-in', async () => {
    const { user, client } = await signedIn(server());
    const key = softwarePasskey(origin(), handleOf(user));
    await failsAsPasskey(await save(client, 'Mixed', key.register(await signInChallenge(client))));
    const { key: added } = await addPasskey(client, user);
    const registration = await registrationChallenge(client);
    await signInChallenge(client);
    await failsAsPasskey(await signInWith(client, added.assert(registration)));
  });

  it('refuses the same authenticator’s credential twice', async () => {
    const { user, client } = await signedIn(server());
    const { key } = await addPasskey(client, user);
    await failsAsPasskey(
      await save(client, 'Again', key.register(await registrationChallenge(client))),
    );
  });
});

describe('attacks on passkey sign-in', () => {
  it('refuses a replayed assertion, in the same browser or another', async () => {
    const { user, client } = await signedIn(server());
    const { key } = await addPasskey(client, user);
    const { browser, credential, answer } = await signInOnce(key);
    expect(answer.status).toBe(200);
    await failsAsPasskey(await signInWith(browser, credential));
    const thief = server().client();
    await signInChallenge(thief);
    await failsAsPasskey(await signInWith(thief, credential));
    expect(await signedInStill(thief)).toBe(false);
  });

  it('refuses a challenge another browser asked for', async () => {
    const { user, client } = await signedIn(server());
    const { key } = await addPasskey(client, user);
    const victim = server().client();
    const challenge = await signInChallenge(victim);
    const thief = server().client();
    await signInChallenge(thief);
    await failsAsPasskey(await signInWith(thief, key.assert(challenge)));
    // Without any challenge cookie at all, likewise.
    await failsAsPasskey(await signInWith(server().client(), key.assert(challenge)));
    expect(await signedInStill(thief)).toBe(false);
  });

  it('refuses a signature counter that did not go up', async () => {
    const { user, client } = await signedIn(server());
    const { key } = await addPasskey(client, user);
    expect((await signInOnce(key)).answer.status).toBe(200);
    const browser = server().client();
    const cloned = key.assert(await signInChallenge(browser), { counter: 1 });
    await failsAsPasskey(await signInWith(browser, cloned));
  });

  it('refuses an assertion for another origin, or a forged signature', async () => {
    const { user, client } = await signedIn(server());
    const { key } = await addPasskey(client, user);
    const browser = server().client();
    const evil = key.assert(await signInChallenge(browser), { origin: 'https://evil.example' });
    await failsAsPasskey(await signInWith(browser, evil));
    const impostor = softwarePasskey(origin(), handleOf(user));
    const forged = impostor.assert(await signInChallenge(browser)) as { id: string; rawId: string };
    await failsAsPasskey(
      await signInWith(browser, { ...forged, id: key.credentialId, rawId: key.credentialId }),
    );
    expect(await signedInStill(browser)).toBe(false);
  });

  it('refuses a user handle of another account', async () => {
    const { user, client } = await signedIn(server());
    const { key } = await addPasskey(client, user);
    const browser = server().client();
    const credential = key.assert(await signInChallenge(browser)) as {
      response: Record<string, string>;
    };
    const other = isoBase64URL.fromUTF8String('00000000-0000-4000-8000-000000000000');
    const lying = { ...credential, response: { ...credential.response, userHandle: other } };
    await failsAsPasskey(await signInWith(browser, lying));
  });

  it('is throttled per IP like the sign-in', async () => {
    const browser = server().client();
    const key = softwarePasskey(origin());
    let last: Response | undefined;
    for (let i = 0; i < 31; i += 1) {
      last = await signInWith(browser, key.assert(await signInChallenge(browser)));
      if (last.status === 429) break;
    }
    expect(last?.status).toBe(429);
    server().clock.advance(15 * 60_000);
  });
});
