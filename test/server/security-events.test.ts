import { desc, eq, isNull, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { securityEvents, sessions, twoFactors } from '../../server/db/schema.ts';
import { PENDING_TWO_FACTOR_MS, sweepIdentity } from '../../server/identity/sweep.ts';
import type { SecurityEvent } from '../../contract/identity.ts';
import {
  recordFailedSignIn,
  SECURITY_EVENTS_SHOWN,
} from '../../server/identity/security-events.ts';
import { json, signedIn } from './billing.ts';
import { useTestServer, type TestClient } from './harness.ts';
import { socialRoundTrip } from './social-flow.ts';

const server = useTestServer();
// Behind the deployment's proxy, which names the address and the country.
const proxied = useTestServer({ env: { TRUST_PROXY: '1', COUNTRY_HEADER: 'CF-IPCountry' } });

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DAY_MS = 24 * 60 * 60 * 1000;

const events = async (client: TestClient) => {
  const answer = await client.get('/api/v1/security/events/');
  expect(answer.status).toBe(200);
  return json<SecurityEvent[]>(answer);
};
const kinds = async (client: TestClient) =>
  (await events(client)).map((e) => [e.kind, e.method] as const);
const signIn = (client: TestClient, login: string, password: string, agent = SAFARI_IPHONE) =>
  client.postForm('/api/auth/login/', { login, password }, { headers: { 'user-agent': agent } });

describe('GET /api/v1/security/events/', () => {
  it('logs sign-ins, wrong passwords and ended sessions, newest first, with the browser', async () => {
    const { user, client } = await signedIn(server());
    const phone = server().client();
    expect((await signIn(phone, user.username, 'Wrong-pass-1')).status).toBe(400);
    expect((await signIn(phone, user.username, 'Secret-pass-1')).status).toBe(200);
    expect((await client.request('/api/v1/sessions/', { method: 'DELETE' })).status).toBe(204);

    expect(await kinds(client)).toEqual([
      ['sessions_ended', null],
      ['sign_in', 'password'],
      ['sign_in_failed', 'password'],
      ['sign_in', 'password'],
    ]);
    const [, phoneSignIn] = await events(client);
    expect(phoneSignIn).toMatchObject({ browser: 'Safari 17', os: 'iOS 17' });
    expect(Object.keys(phoneSignIn!).sort()).toEqual(
      ['browser', 'country', 'created_at', 'ip', 'kind', 'method', 'os'].sort(),
    );
  });

  it('keeps the address and the country the proxy names for each event', async () => {
    const { user, client } = await signedIn(proxied());
    const phone = proxied().client();
    const from = {
      'user-agent': SAFARI_IPHONE,
      'x-forwarded-for': '198.51.100.7',
      'cf-ipcountry': 'de',
    };
    const answer = await phone.postForm(
      '/api/auth/login/',
      { login: user.username, password: 'Secret-pass-1' },
      { headers: from },
    );
    expect(answer.status).toBe(200);
    const [newest, first] = await events(client);
    expect(newest).toMatchObject({ kind: 'sign_in', ip: '198.51.100.7', country: 'DE' });
    // The first sign-in came with neither header: the socket's address, no country.
    expect(first).toMatchObject({ kind: 'sign_in', ip: 'unknown', country: null });
  });

  it('logs a profile export, and linking and unlinking a social account by provider', async () => {
    const { client } = await signedIn(server());
    expect((await client.get('/api/v1/profile/export/')).status).toBe(200);
    await socialRoundTrip(client, 'github', { email: 'events-gh@example.com' }, { intent: 'link' });
    const unlink = await client.request('/api/v1/profile/social/github/', { method: 'DELETE' });
    expect(unlink.status).toBe(204);
    // The provider's callback signs the browser in anew, as every callback does.
    expect((await kinds(client)).slice(0, 4)).toEqual([
      ['social_unlinked', 'github'],
      ['sign_in', 'github'],
      ['social_linked', 'github'],
      ['profile_exported', null],
    ]);
  });

  it('logs a social sign-up by its provider: the link, then the sign-in', async () => {
    const browser = server().client();
    await socialRoundTrip(browser, 'yandex', { email: 'events-ya@example.com' });
    expect(await kinds(browser)).toEqual([
      ['sign_in', 'yandex'],
      ['social_linked', 'yandex'],
    ]);
  });

  it("shows only the caller's own events, and nothing signed out", async () => {
    const { user: victim } = await signedIn(server());
    const { client: mallory } = await signedIn(server());
    await signIn(server().client(), victim.username, 'Wrong-pass-1');
    expect(await kinds(mallory)).toEqual([['sign_in', 'password']]);
    expect((await server().client().get('/api/v1/security/events/')).status).toBe(401);
  });

  it("logs a login naming no account without a user and without the login: in no one's log", async () => {
    const { client } = await signedIn(server());
    const before = await server().db.$count(securityEvents, isNull(securityEvents.userId));
    expect((await signIn(server().client(), 'nobody-here', 'Wrong-pass-1')).status).toBe(400);
    const rows = await server()
      .db.select()
      .from(securityEvents)
      .where(isNull(securityEvents.userId))
      .orderBy(desc(securityEvents.id));
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({ kind: 'sign_in_failed', method: 'password' });
    expect(JSON.stringify(rows[0])).not.toContain('nobody-here');
    expect(await kinds(client)).toEqual([['sign_in', 'password']]);
  });

  it('the hourly sweep deletes events past 180 days and sessions past their expiry, and nothing newer', async () => {
    const { user: old } = await signedIn(server());
    await signIn(server().client(), 'nobody-old', 'Wrong-pass-1');
    server().clock.advance(100 * DAY_MS);
    const { user: recent } = await signedIn(server());
    await signIn(server().client(), 'nobody-recent', 'Wrong-pass-1');
    server().clock.advance(81 * DAY_MS);
    // The file's server is shared: earlier tests' rows count as well.
    const cutoff = new Date(server().clock.now().getTime() - 180 * DAY_MS);
    const due = await server().db.$count(securityEvents, lt(securityEvents.createdAt, cutoff));
    const count = () => server().db.$count(securityEvents);
    const eventsBefore = await count();
    const swept = await sweepIdentity(server());
    // The first sign-in and the unknown login beside it are 181 days old, and gone; the
    // recent ones, 81 days old, stay. Both sessions (30 days) have expired.
    expect(due).toBeGreaterThanOrEqual(2);
    expect(swept.events).toBe(due);
    expect(await count()).toBe(eventsBefore - due);
    expect(await server().db.$count(securityEvents, eq(securityEvents.userId, old.id))).toBe(0);
    expect(await server().db.$count(securityEvents, eq(securityEvents.userId, recent.id))).toBe(1);
    expect(swept.sessions).toBeGreaterThanOrEqual(2);
    expect(await server().db.$count(sessions, lt(sessions.expiresAt, server().clock.now()))).toBe(
      0,
    );
    expect(await server().db.$count(sessions, eq(sessions.userId, recent.id))).toBe(0);
    // Nothing is left past its time: a second run deletes nothing.
    expect(await sweepIdentity(server())).toEqual({ sessions: 0, events: 0, twoFactorSetups: 0 });
  });

  it('the hourly sweep deletes an authenticator-app setup a day without its first code, never an app that is on', async () => {
    const setup = (client: TestClient) =>
      client.request('/api/v1/security/two-factor/setup/', { method: 'POST' });
    const stale = await signedIn(server());
    expect((await setup(stale.client)).status).toBe(200);
    const on = await signedIn(server());
    await server().db.insert(twoFactors).values({
      userId: on.user.id,
      secret: 'x',
      enabledAt: server().clock.now(),
      createdAt: server().clock.now(),
    });
    server().clock.advance(PENDING_TWO_FACTOR_MS - 60_000);
    const fresh = await signedIn(server());
    expect((await setup(fresh.client)).status).toBe(200);
    server().clock.advance(2 * 60_000);
    const rowOf = async (userId: number) =>
      (await server().db.select().from(twoFactors).where(eq(twoFactors.userId, userId))).length;
    expect((await sweepIdentity(server())).twoFactorSetups).toBeGreaterThanOrEqual(1);
    expect(await rowOf(stale.user.id)).toBe(0);
    expect(await rowOf(fresh.user.id)).toBe(1);
    expect(await rowOf(on.user.id)).toBe(1);
  });

  it('a log read from memory loses its oldest event the moment it is 180 days old', async () => {
    const { user, client } = await signedIn(server());
    const now = server().clock.now().getTime();
    const at = (ms: number) => ({
      userId: user.id,
      kind: 'sign_in_failed' as const,
      method: 'password',
      createdAt: new Date(ms),
    });
    // The oldest a minute short of 180 days, one between, then this sign-in.
    await server()
      .db.insert(securityEvents)
      .values([at(now - 180 * DAY_MS + 60_000), at(now - 100 * DAY_MS)]);
    expect(await kinds(client)).toHaveLength(3);
    server().clock.advance(59_000);
    expect(await kinds(client)).toHaveLength(3);
    server().clock.advance(1000);
    expect(await kinds(client)).toEqual([
      ['sign_in', 'password'],
      ['sign_in_failed', 'password'],
    ]);
  });

  it('keeps 180 days and shows the newest 100', async () => {
    const { user, client } = await signedIn(server());
    server().clock.advance(181 * DAY_MS);
    const fresh = server().client();
    expect((await signIn(fresh, user.username, 'Secret-pass-1')).status).toBe(200);
    // The first sign-in is past the time kept: gone.
    expect(await kinds(fresh)).toEqual([['sign_in', 'password']]);
    // More wrong passwords than the throttle lets through by HTTP.
    const deps = server().deps();
    for (let i = 0; i < SECURITY_EVENTS_SHOWN; i += 1) {
      server().clock.advance(60_000);
      await recordFailedSignIn(deps, user.id, {
        userAgent: null,
        ip: '203.0.113.9',
        country: null,
      });
    }
    const shown = await events(fresh);
    expect(shown).toHaveLength(SECURITY_EVENTS_SHOWN);
    expect(shown.every((e) => e.kind === 'sign_in_failed')).toBe(true);
    // The old browser's session is over with its 30 days.
    expect((await client.get('/api/v1/profile/')).status).toBe(401);
  });
});
