import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema.ts';
import type { SecurityEvent, SessionInfo } from '../../contract/identity.ts';
import { deviceNames } from '../../server/identity/devices.ts';
import { SESSION_IDLE_MS } from '../../server/identity/sessions.ts';
import { json, signedIn } from './billing.ts';
import { useTestServer, type TestClient } from './harness.ts';

const server = useTestServer();
const behindProxy = useTestServer({ env: { COUNTRY_HEADER: 'CF-IPCountry' } });

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** A second browser of the same account, signed in with its own User-Agent. */
async function alsoSignedIn(
  s: ReturnType<typeof server>,
  username: string,
  headers: Record<string, string>,
): Promise<TestClient> {
  const client = s.client();
  const answer = await client.postForm(
    '/api/auth/login/',
    { login: username, password: 'Secret-pass-1' },
    { headers },
  );
  expect(answer.status).toBe(200);
  return client;
}

const list = async (client: TestClient) => {
  const answer = await client.get('/api/v1/sessions/');
  expect(answer.status).toBe(200);
  return json<SessionInfo[]>(answer);
};
const end = (client: TestClient, id = '') =>
  client.request(`/api/v1/sessions/${id ? `${id}/` : ''}`, { method: 'DELETE' });
const signedInStill = async (client: TestClient) =>
  (await client.get('/api/v1/profile/')).status === 200;

describe('GET /api/v1/sessions/', () => {
  it("lists the account's browsers, the caller's first and marked, with no token in sight", async () => {
    const { user, client: laptop } = await signedIn(server());
    const phone = await alsoSignedIn(server(), user.username, { 'user-agent': SAFARI_IPHONE });
    server().clock.advance(10 * 60 * 1000);
    await phone.get('/api/v1/profile/'); // the phone is seen later than the laptop

    const seen = await list(laptop);
    expect(seen).toHaveLength(2);
    expect(seen.map((s) => s.current)).toEqual([true, false]);
    expect(Object.keys(seen[0]!).sort()).toEqual(
      ['browser', 'country', 'created_at', 'current', 'id', 'ip', 'last_seen_at', 'os'].sort(),
    );
    expect(seen[1]).toMatchObject({ browser: 'Safari 17', os: 'iOS 17', country: null });
    expect(seen[1]!.last_seen_at > seen[1]!.created_at).toBe(true);
    // Nothing in the answer would sign anyone in: neither the cookie's token nor its hash.
    const text = JSON.stringify(seen);
    const token = laptop.cookies.get('sessionid');
    expect(token).toHaveLength(43);
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/[0-9a-f]{64}/);
    // From the phone, the phone is the current one.
    expect((await list(phone)).map((s) => [s.id, s.current])).toEqual([
      [seen[1]!.id, true],
      [seen[0]!.id, false],
    ]);
  });

  it('keeps the first 512 characters of a User-Agent, and none of an empty one', async () => {
    const { user } = await signedIn(server());
    const long = `${SAFARI_IPHONE} ${'x'.repeat(600)}`;
    server().clock.advance(1000);
    await alsoSignedIn(server(), user.username, { 'user-agent': long });
    server().clock.advance(1000);
    await alsoSignedIn(server(), user.username, { 'user-agent': '' });
    const rows = await server()
      .db.select({ userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(sessions.createdAt);
    expect(rows.map((row) => row.userAgent)).toEqual([null, long.slice(0, 512), null]);
  });

  it('marks a browser seen at most every 5 minutes: a read in between writes nothing', async () => {
    const { user, client: laptop } = await signedIn(server());
    const phone = await alsoSignedIn(server(), user.username, {});
    const phoneSeen = async () => (await list(laptop)).find((s) => !s.current)?.last_seen_at;
    const signedInAt = await phoneSeen();
    server().clock.advance(4 * 60 * 1000);
    await phone.get('/api/v1/profile/');
    expect(await phoneSeen()).toBe(signedInAt);
    server().clock.advance(2 * 60 * 1000);
    await phone.get('/api/v1/profile/');
    expect(await phoneSeen()).toBe(server().clock.now().toISOString());
  });

  it('leaves out sessions that expired or went idle', async () => {
    const { user, client: old } = await signedIn(server());
    server().clock.advance(SESSION_IDLE_MS + 60_000);
    const fresh = await alsoSignedIn(server(), user.username, {});
    expect((await list(fresh)).map((s) => s.current)).toEqual([true]);
    expect(await signedInStill(old)).toBe(false);
  });

  it('keeps the country the trusted proxy names, and none it cannot', async () => {
    const { user, client } = await signedIn(behindProxy());
    await alsoSignedIn(behindProxy(), user.username, { 'cf-ipcountry': 'de' });
    await alsoSignedIn(behindProxy(), user.username, { 'cf-ipcountry': 'T1' });
    const countries = (await list(client)).map((s) => s.country);
    expect(countries.sort()).toEqual(['DE', null, null]);
  });

  it('answers 401 signed out', async () => {
    const visitor = server().client();
    expect((await visitor.get('/api/v1/sessions/')).status).toBe(401);
    expect((await end(visitor)).status).toBe(401);
  });
});

describe('DELETE /api/v1/sessions/{id}/', () => {
  it('ends another browser of the account: its next request is signed out', async () => {
    const { user, client: laptop } = await signedIn(server());
    const phone = await alsoSignedIn(server(), user.username, { 'user-agent': SAFARI_IPHONE });
    const [, other] = await list(laptop);
    expect((await end(laptop, other!.id)).status).toBe(204);
    expect((await phone.get('/api/v1/profile/')).status).toBe(401);
    expect((await list(laptop)).map((s) => s.current)).toEqual([true]);
    // Ended once: a second end finds nothing.
    expect((await end(laptop, other!.id)).status).toBe(404);
  });

  it("refuses the caller's own session (that is /logout) and ends nothing", async () => {
    const { client } = await signedIn(server());
    const [mine] = await list(client);
    expect((await end(client, mine!.id)).status).toBe(404);
    expect(await signedInStill(client)).toBe(true);
  });

  it("refuses another user's session, a made-up id and a malformed one alike", async () => {
    const { client: mallory } = await signedIn(server());
    const { client: victim } = await signedIn(server());
    const [theirs] = await list(victim);
    const malformed = ['not-an-id', `x${theirs!.id}`, `${theirs!.id}x`];
    for (const id of [theirs!.id, '00000000-0000-4000-8000-000000000000', ...malformed]) {
      const answer = await end(mallory, id);
      expect(answer.status).toBe(404);
      expect(await json(answer)).toEqual({ code: 'not_found', detail: expect.any(String) });
    }
    expect(await signedInStill(victim)).toBe(true);
  });

  it('needs the CSRF header like every write', async () => {
    const { user, client: laptop } = await signedIn(server());
    const phone = await alsoSignedIn(server(), user.username, {});
    const [, other] = await list(laptop);
    const answer = await laptop.request(`/api/v1/sessions/${other!.id}/`, {
      method: 'DELETE',
      csrf: false,
    });
    expect(answer.status).toBe(403);
    expect(await signedInStill(phone)).toBe(true);
  });
});

describe('DELETE /api/v1/sessions/', () => {
  it('ends every other browser of the account and keeps this one and other accounts', async () => {
    const { user, client: laptop } = await signedIn(server());
    const phone = await alsoSignedIn(server(), user.username, { 'user-agent': SAFARI_IPHONE });
    const tablet = await alsoSignedIn(server(), user.username, { 'user-agent': CHROME_LINUX });
    const { client: someoneElse } = await signedIn(server());
    expect((await end(laptop)).status).toBe(204);
    expect(await signedInStill(laptop)).toBe(true);
    expect(await signedInStill(phone)).toBe(false);
    expect(await signedInStill(tablet)).toBe(false);
    expect(await signedInStill(someoneElse)).toBe(true);
    expect((await list(laptop)).map((s) => s.current)).toEqual([true]);
  });

  it('logs that other browsers were ended once, and only when some were', async () => {
    const { user, client: laptop } = await signedIn(server());
    const ended = async () =>
      (await json<SecurityEvent[]>(await laptop.get('/api/v1/security/events/'))).filter(
        (event) => event.kind === 'sessions_ended',
      );
    expect((await end(laptop)).status).toBe(204);
    expect(await ended()).toEqual([]);
    await alsoSignedIn(server(), user.username, { 'user-agent': SAFARI_IPHONE });
    await alsoSignedIn(server(), user.username, { 'user-agent': CHROME_LINUX });
    expect((await end(laptop)).status).toBe(204);
    expect(await ended()).toHaveLength(1);
  });
});

describe('deviceNames', () => {
  it.each([
    [CHROME_LINUX, 'Chrome 131', 'Linux'],
    [SAFARI_IPHONE, 'Safari 17', 'iOS 17'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox 133',
      'Windows 10',
    ],
    ['curl/8.5.0', null, null],
    [null, null, null],
  ])('%s is %s on %s', (agent, browser, os) => {
    expect(deviceNames(agent)).toEqual({ browser, os });
  });
});
