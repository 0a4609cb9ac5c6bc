import { describe, expect, it } from 'vitest';
import type { SecurityEvent, SessionInfo } from '../../contract/identity.ts';
import { REAUTH_WINDOW_MS } from '../../server/identity/reauth.ts';
import { SESSION_IDLE_MS } from '../../server/identity/sessions.ts';
import { json, sendJson, signedIn } from './billing.ts';
import { useTestServer, type TestClient } from './harness.ts';
import { fieldCodes, uniqueEmail } from './identity.ts';
import { location, socialRoundTrip } from './social-flow.ts';

const server = useTestServer();
const PASSWORD = 'Secret-pass-1';

const reauth = (client: TestClient, password: string) =>
  sendJson(client, 'POST', '/api/v1/session/reauth/', { password });
const age = (ms = REAUTH_WINDOW_MS + 1000) => server().clock.advance(ms);
const signedInStill = async (client: TestClient) =>
  (await client.get('/api/v1/profile/')).status === 200;

async function expectReauthRequired(answer: Response) {
  expect(answer.status).toBe(403);
  expect(await json(answer)).toEqual({ code: 'reauth_required', detail: expect.any(String) });
}

/** A user signed in on two browsers; answers the first and the other's session id. */
async function twoBrowsers() {
  const { user, client: laptop } = await signedIn(server());
  const phone = server().client();
  await phone.postForm('/api/auth/login/', { login: user.username, password: PASSWORD });
  const sessions = await json<SessionInfo[]>(await laptop.get('/api/v1/sessions/'));
  return { user, laptop, phone, otherId: sessions[1]!.id };
}

describe('sensitive actions need a sign-in within the last 10 minutes', () => {
  it('ending another session: refused when older, done after the password again', async () => {
    const { laptop, phone, otherId } = await twoBrowsers();
    age();
    await expectReauthRequired(
      await laptop.request(`/api/v1/sessions/${otherId}/`, { method: 'DELETE' }),
    );
    expect(await signedInStill(phone)).toBe(true);
    expect((await reauth(laptop, PASSWORD)).status).toBe(204);
    const ended = await laptop.request(`/api/v1/sessions/${otherId}/`, { method: 'DELETE' });
    expect(ended.status).toBe(204);
    expect(await signedInStill(phone)).toBe(false);
  });

  it('ending all other sessions: done within 10 minutes of signing in, refused after', async () => {
    const { laptop, phone } = await twoBrowsers();
    // Within the window, by the spec's 10 minutes: done.
    age(9 * 60_000);
    expect((await laptop.request('/api/v1/sessions/', { method: 'DELETE' })).status).toBe(204);
    expect(await signedInStill(phone)).toBe(false);
    age(2 * 60_000);
    await expectReauthRequired(await laptop.request('/api/v1/sessions/', { method: 'DELETE' }));
    expect(await signedInStill(laptop)).toBe(true);
  });

  it('unlinking a social account', async () => {
    const { client } = await signedIn(server());
    await socialRoundTrip(client, 'github', { email: uniqueEmail('gh') }, { intent: 'link' });
    age();
    const unlink = () => client.request('/api/v1/profile/social/github/', { method: 'DELETE' });
    await expectReauthRequired(await unlink());
    expect(await json(await client.get('/api/v1/profile/social/'))).toHaveLength(1);
    expect((await reauth(client, PASSWORD)).status).toBe(204);
    expect((await unlink()).status).toBe(204);
  });

  it('removing the profile', async () => {
    const { client } = await signedIn(server());
    age();
    await expectReauthRequired(await client.request('/api/v1/profile/', { method: 'DELETE' }));
    expect(await signedInStill(client)).toBe(true);
    expect((await reauth(client, PASSWORD)).status).toBe(204);
    expect((await client.request('/api/v1/profile/', { method: 'DELETE' })).status).toBe(204);
    expect(await signedInStill(client)).toBe(false);
  });

  it('a re-authentication, too, lasts 10 minutes', async () => {
    const { laptop } = await twoBrowsers();
    age();
    expect((await reauth(laptop, PASSWORD)).status).toBe(204);
    age();
    await expectReauthRequired(await laptop.request('/api/v1/sessions/', { method: 'DELETE' }));
  });
});

describe('POST /api/dev/session/age/ (outside production)', () => {
  it("makes the caller's sign-in 11 minutes old, and no other session's", async () => {
    const { laptop, phone } = await twoBrowsers();
    expect((await laptop.request('/api/dev/session/age/', { method: 'POST' })).status).toBe(204);
    await expectReauthRequired(await laptop.request('/api/v1/sessions/', { method: 'DELETE' }));
    expect((await phone.request('/api/v1/sessions/', { method: 'DELETE' })).status).toBe(204);
  });
});

describe('POST /api/v1/session/reauth/', () => {
  it('answers a wrong password as sign-in does, logs it, and leaves the session old', async () => {
    const { laptop } = await twoBrowsers();
    age();
    const wrong = await reauth(laptop, 'Wrong-pass-1');
    expect(wrong.status).toBe(400);
    expect(await fieldCodes(wrong)).toEqual([['password', 'wrong_credentials']]);
    await expectReauthRequired(await laptop.request('/api/v1/sessions/', { method: 'DELETE' }));
    expect((await reauth(laptop, PASSWORD)).status).toBe(204);
    // Both logged with how the user tried: the password.
    const events = await json<SecurityEvent[]>(await laptop.get('/api/v1/security/events/'));
    expect(events.slice(0, 2).map((e) => [e.kind, e.method])).toEqual([
      ['reauthenticated', 'password'],
      ['reauth_failed', 'password'],
    ]);
  });

  it('answers an empty password at its field', async () => {
    const { client } = await signedIn(server());
    const empty = await reauth(client, '');
    expect(empty.status).toBe(400);
    expect(await fieldCodes(empty)).toEqual([['password', 'required']]);
  });

  it('is throttled like sign-in: after 5 wrong passwords even the right one waits', async () => {
    const { client } = await signedIn(server());
    age();
    for (let i = 0; i < 5; i += 1)
      expect((await reauth(client, `Wrong-pass-${i}`)).status).toBe(400);
    const locked = await reauth(client, PASSWORD);
    expect(locked.status).toBe(429);
    expect(await json(locked)).toMatchObject({ code: 'too_many_requests' });
    server().clock.advance(15 * 60_000);
    expect((await reauth(client, PASSWORD)).status).toBe(204);
  });

  it("upgrades the caller's own session only, never another user's", async () => {
    const { laptop: victimLaptop } = await twoBrowsers();
    const { client: mallory } = await signedIn(server());
    age();
    // The victim's password proves nothing in Mallory's session.
    const guessed = await reauth(mallory, PASSWORD.replace('1', '2'));
    expect(guessed.status).toBe(400);
    expect((await reauth(mallory, PASSWORD)).status).toBe(204);
    await expectReauthRequired(
      await victimLaptop.request('/api/v1/sessions/', { method: 'DELETE' }),
    );
  });

  it('does nothing for an expired session or none', async () => {
    const { client } = await signedIn(server());
    server().clock.advance(SESSION_IDLE_MS + 60_000);
    expect((await reauth(client, PASSWORD)).status).toBe(401);
    expect((await reauth(server().client(), PASSWORD)).status).toBe(401);
  });

  it('an account without a password re-proves by signing in with its provider', async () => {
    const browser = server().client();
    const email = uniqueEmail('social-only');
    await socialRoundTrip(browser, 'yandex', { email });
    await socialRoundTrip(browser, 'github', { email }, { intent: 'link' });
    age();
    const unlink = () => browser.request('/api/v1/profile/social/github/', { method: 'DELETE' });
    await expectReauthRequired(await unlink());
    // No password to give: any is wrong, and answered as a wrong one.
    expect(await fieldCodes(await reauth(browser, PASSWORD))).toEqual([
      ['password', 'wrong_credentials'],
    ]);
    const back = await socialRoundTrip(
      browser,
      'yandex',
      { email },
      { intent: 'login', next: '/en/security' },
    );
    expect(location(back)).toBe('/en/security');
    expect((await unlink()).status).toBe(204);
  });
});
