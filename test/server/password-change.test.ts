import { describe, expect, it } from 'vitest';
import type { SecurityEvent } from '../../contract/identity.ts';
import { PAGE_LOCALE_HEADER } from '../../contract/countries.ts';
import { REAUTH_WINDOW_MS } from '../../server/identity/reauth.ts';
import { json, sendJson, signedIn } from './billing.ts';
import { useTestServer, type TestClient } from './harness.ts';
import { fieldCodes, mailsTo, STRONG } from './identity.ts';
import { socialRoundTrip } from './social-flow.ts';

const server = useTestServer();
const PASSWORD = 'Secret-pass-1';
const NEW = 'Brand-new-pass-7';

const change = (client: TestClient, body: Record<string, string>, headers = {}) =>
  client.request('/api/v1/security/password/', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...headers },
  });
const signIn = (client: TestClient, login: string, password: string) =>
  client.postForm('/api/auth/login/', { login, password });
const signedInStill = async (client: TestClient) =>
  (await client.get('/api/v1/profile/')).status === 200;

async function twoBrowsers() {
  const { user, client: laptop } = await signedIn(server());
  const phone = server().client();
  expect((await signIn(phone, user.username, PASSWORD)).status).toBe(200);
  return { user, laptop, phone };
}

describe('POST /api/v1/security/password/', () => {
  it('changes the password, ends every other session, logs it and mails a notice', async () => {
    const { user, laptop, phone } = await twoBrowsers();
    const answer = await change(
      laptop,
      { current_password: PASSWORD, password: NEW },
      { [PAGE_LOCALE_HEADER]: 'ru' },
    );
    expect(answer.status).toBe(204);
    // The notice, in the language of the page that asked.
    const [notice] = await mailsTo(server(), user.email);
    expect(notice?.subject).toBe('Пароль изменён');
    expect(notice?.text).toContain('все другие сеансы завершены');
    // An account notice: its list can be left in one click.
    expect(notice?.headers['List-Unsubscribe']).toMatch(/\/api\/v1\/unsubscribe\/.+\/>$/);
    expect(await signedInStill(laptop)).toBe(true);
    expect(await signedInStill(phone)).toBe(false);
    expect((await signIn(server().client(), user.username, PASSWORD)).status).toBe(400);
    expect((await signIn(server().client(), user.username, NEW)).status).toBe(200);
    const events = await json<SecurityEvent[]>(await laptop.get('/api/v1/security/events/'));
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'password_changed', method: 'password' }),
    );
  });

  it('mails the notice in English from an English page', async () => {
    const { user, laptop } = await twoBrowsers();
    const answer = await change(
      laptop,
      { current_password: PASSWORD, password: NEW },
      { [PAGE_LOCALE_HEADER]: 'en' },
    );
    expect(answer.status).toBe(204);
    const [notice] = await mailsTo(server(), user.email);
    expect(notice?.subject).toBe('Your password was changed');
  });

  it('answers a wrong current password at its field and changes nothing', async () => {
    const { user, laptop, phone } = await twoBrowsers();
    const wrong = await change(laptop, { current_password: 'Wrong-pass-1', password: NEW });
    expect(wrong.status).toBe(400);
    expect(await fieldCodes(wrong)).toEqual([['current_password', 'wrong_credentials']]);
    // Logged as a failed proof of the password, as a wrong re-auth password is.
    const events = await json<SecurityEvent[]>(await laptop.get('/api/v1/security/events/'));
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'reauth_failed', method: 'password' }),
    );
    expect(await signedInStill(phone)).toBe(true);
    expect((await signIn(server().client(), user.username, PASSWORD)).status).toBe(200);
  });

  it('refuses a weak or guessable new password at its field', async () => {
    const { user, laptop } = await twoBrowsers();
    const weak = await change(laptop, { current_password: PASSWORD, password: 'short' });
    expect(await fieldCodes(weak)).toEqual([['password', 'invalid_password']]);
    const guessable = await change(laptop, { current_password: PASSWORD, password: 'Password1!' });
    expect(await fieldCodes(guessable)).toEqual([['password', 'common_password']]);
    expect((await signIn(server().client(), user.username, PASSWORD)).status).toBe(200);
  });

  it('needs a sign-in within 10 minutes, like every sensitive action', async () => {
    const { user, laptop, phone } = await twoBrowsers();
    server().clock.advance(REAUTH_WINDOW_MS + 1000);
    const old = await change(laptop, { current_password: PASSWORD, password: NEW });
    expect(old.status).toBe(403);
    expect(await json(old)).toEqual({ code: 'reauth_required', detail: expect.any(String) });
    expect(await signedInStill(phone)).toBe(true);
    const proven = await sendJson(laptop, 'POST', '/api/v1/session/reauth/', {
      password: PASSWORD,
    });
    expect(proven.status).toBe(204);
    expect((await change(laptop, { current_password: PASSWORD, password: NEW })).status).toBe(204);
    expect((await signIn(server().client(), user.username, NEW)).status).toBe(200);
  });

  it('counts wrong current passwords in the sign-in throttle', async () => {
    const { laptop } = await twoBrowsers();
    for (let i = 0; i < 5; i += 1) {
      const wrong = await change(laptop, { current_password: `Wrong-${i}-pass`, password: NEW });
      expect(wrong.status).toBe(400);
    }
    const locked = await change(laptop, { current_password: PASSWORD, password: NEW });
    expect(locked.status).toBe(429);
    server().clock.advance(15 * 60_000);
  });

  it('an account without a password has no current one to give', async () => {
    const browser = server().client();
    await socialRoundTrip(browser, 'yandex', { email: `no-password-${Date.now()}@example.com` });
    const answer = await change(browser, { current_password: STRONG, password: NEW });
    expect(await fieldCodes(answer)).toEqual([['current_password', 'wrong_credentials']]);
  });

  it('answers 401 signed out', async () => {
    expect(
      (await change(server().client(), { current_password: PASSWORD, password: NEW })).status,
    ).toBe(401);
  });
});
