import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAGE_LOCALE_HEADER } from '../../contract/countries.ts';
import type { RecoveryCodes, SecurityEvent, TwoFactorStatus } from '../../contract/identity.ts';
import { recoveryCodes, twoFactors, type User } from '../../server/db/schema.ts';
import { REAUTH_WINDOW_MS } from '../../server/identity/reauth.ts';
import { TWO_FACTOR_LOCK_MS } from '../../server/identity/two-factor.ts';
import { SECOND_FACTOR_COOKIE } from '../../server/identity/routes/two-factor.ts';
import { SIGNUP_COOKIE } from '../../server/identity/routes/signup-cookie.ts';
import { json, sendJson, signedIn } from './billing.ts';
import { useTestServer, type TestClient } from './harness.ts';
import { fieldCodes, mailsTo, startSignup, uniqueEmail } from './identity.ts';
import { location, socialRoundTrip } from './social-flow.ts';
import { appCode, startSetup, STEP_MS, turnedOnApp } from './two-factor-app.ts';

const server = useTestServer();
const PASSWORD = 'Secret-pass-1';
/** The app's code for the secret shown, at the server's clock (plus `steps` time steps). */
const codeFor = (secret: string, steps = 0) => appCode(server(), secret, steps);

const signIn = (client: TestClient, login: string) =>
  client.postForm('/api/auth/login/', { login, password: PASSWORD });
const secondStep = (client: TestClient, code: string) =>
  client.postForm('/api/auth/login/2fa/', { code });
const signedInNow = async (client: TestClient) =>
  (await client.get('/api/v1/profile/')).status === 200;

/** A user with the app on: the secret and the recovery codes it was given. */
const withApp = () => turnedOnApp(server());

/** Codes the app does not show now, a step before or a step after: at least five. */
const wrongCodes = (secret: string) =>
  ['000000', '111111', '222222', '333333', '444444', '555555', '666666', '777777'].filter(
    (code) => ![-1, 0, 1].some((steps) => codeFor(secret, steps) === code),
  );

/** A browser past the password of `user`, at the code step. */
async function atCodeStep(user: User): Promise<TestClient> {
  const browser = server().client();
  const answer = await signIn(browser, user.username);
  expect(answer.status).toBe(200);
  expect(await json(answer)).toEqual({ next: '/en/login/2?factor=app' });
  expect(await signedInNow(browser)).toBe(false);
  return browser;
}

describe('setting up the authenticator app', () => {
  it('answers the URI, the secret and a QR code; stores the secret encrypted', async () => {
    const { user, client } = await signedIn(server());
    const setup = await startSetup(client);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(setup.uri).toContain(`:${encodeURIComponent(user.email)}?`);
    expect(setup.uri).toContain('issuer=GIS+Account');
    expect(setup.qr_svg).toMatch(/^<svg/);
    const [row] = await server().db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(row?.enabledAt).toBeNull();
    const plain = Buffer.from(decodeBase32IgnorePadding(setup.secret));
    const stored = row?.secret ?? '';
    expect(stored).not.toContain(setup.secret);
    expect(Buffer.from(stored, 'base64url').includes(plain)).toBe(false);
    expect(stored).not.toContain(plain.toString('base64url'));
    // Pending: signing in asks for nothing yet.
    const other = server().client();
    expect(await json(await signIn(other, user.username))).toEqual({ next: '/en/profile' });
  });

  it('turns on with a first code: ten recovery codes once, the event and a notice', async () => {
    const { user, client } = await signedIn(server());
    const { secret } = await startSetup(client);
    const wrong = await sendJson(client, 'POST', '/api/v1/security/two-factor/confirm/', {
      code: codeFor(secret, 5),
    });
    expect(await fieldCodes(wrong)).toEqual([['code', 'wrong_confirmation_code']]);
    const answer = await client.request('/api/v1/security/two-factor/confirm/', {
      method: 'POST',
      body: JSON.stringify({ code: codeFor(secret) }),
      headers: { 'Content-Type': 'application/json', [PAGE_LOCALE_HEADER]: 'ru' },
    });
    expect(answer.status).toBe(200);
    const { recovery_codes: codes } = await json<RecoveryCodes>(answer);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    const stored = await server()
      .db.select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.join()).not.toContain(row.codeHash);
    expect(await json<TwoFactorStatus>(await client.get('/api/v1/security/two-factor/'))).toEqual({
      enabled: true,
      recovery_codes_left: 10,
    });
    const [notice] = await mailsTo(server(), user.email);
    expect(notice?.subject).toBe('Вход с кодом приложения включён');
    // An account notice: its list can be left in one click.
    expect(notice?.headers['List-Unsubscribe']).toMatch(/\/api\/v1\/unsubscribe\/.+\/>$/);
    const events = await json<SecurityEvent[]>(await client.get('/api/v1/security/events/'));
    expect(events[0]?.kind).toBe('two_factor_enabled');
    // On already: a new setup is refused until it is turned off.
    const again = await sendJson(client, 'POST', '/api/v1/security/two-factor/setup/');
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ code: 'two_factor_enabled' });
  });

  it('setup, confirm, regenerate and disable need a recent sign-in', async () => {
    const { client } = await signedIn(server());
    server().clock.advance(REAUTH_WINDOW_MS + 1000);
    for (const [method, path, body] of [
      ['POST', '/api/v1/security/two-factor/setup/', undefined],
      ['POST', '/api/v1/security/two-factor/confirm/', { code: '123456' }],
      ['POST', '/api/v1/security/two-factor/recovery-codes/', undefined],
      ['DELETE', '/api/v1/security/two-factor/', undefined],
    ] as const) {
      const answer = await sendJson(client, method, path, body);
      expect(answer.status, path).toBe(403);
      expect(await json(answer)).toMatchObject({ code: 'reauth_required' });
    }
  });

  it('answers 401 signed out', async () => {
    const anyone = server().client();
    expect((await anyone.get('/api/v1/security/two-factor/')).status).toBe(401);
    expect((await sendJson(anyone, 'POST', '/api/v1/security/two-factor/setup/')).status).toBe(401);
  });

  it("another user cannot confirm, regenerate or turn off someone's app", async () => {
    const { user, secret } = await withApp();
    const { client: other } = await signedIn(server());
    const confirm = await sendJson(other, 'POST', '/api/v1/security/two-factor/confirm/', {
      code: codeFor(secret),
    });
    expect(confirm.status).toBe(404);
    expect((await sendJson(other, 'DELETE', '/api/v1/security/two-factor/')).status).toBe(404);
    const regenerate = await sendJson(other, 'POST', '/api/v1/security/two-factor/recovery-codes/');
    expect(regenerate.status).toBe(404);
    const browser = await atCodeStep(user);
    expect((await secondStep(browser, codeFor(secret))).status).toBe(200);
  });
});

describe('signing in with the authenticator app', () => {
  it('asks for the code after the password; the right code signs in', async () => {
    const { user, secret } = await withApp();
    const browser = await atCodeStep(user);
    const answer = await secondStep(browser, codeFor(secret));
    expect(answer.status).toBe(200);
    expect(await json(answer)).toEqual({ next: '/en/profile' });
    expect(await signedInNow(browser)).toBe(true);
    const events = await json<SecurityEvent[]>(await browser.get('/api/v1/security/events/'));
    expect(events[0]).toMatchObject({ kind: 'sign_in', method: 'totp' });
  });

  it('takes the code of the step before or after, not two steps away', async () => {
    const { user, secret } = await withApp();
    server().clock.advance(2 * STEP_MS);
    const browser = await atCodeStep(user);
    const far = await secondStep(browser, codeFor(secret, 2));
    expect(await fieldCodes(far)).toEqual([['code', 'wrong_confirmation_code']]);
    expect((await secondStep(browser, codeFor(secret, -1))).status).toBe(200);
    // A later step's code is later than the one taken: the clock of the phone runs ahead.
    const next = await atCodeStep(user);
    expect((await secondStep(next, codeFor(secret, 1))).status).toBe(200);
  });

  it('refuses a wrong code at the field, and a code used once already', async () => {
    const { user, secret } = await withApp();
    const first = await atCodeStep(user);
    const wrong = await secondStep(first, codeFor(secret) === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(await fieldCodes(wrong)).toEqual([['code', 'wrong_confirmation_code']]);
    const code = codeFor(secret);
    expect((await secondStep(first, code)).status).toBe(200);
    // The same code in its own window, from another browser that knows the password.
    const second = await atCodeStep(user);
    const reused = await secondStep(second, code);
    expect(await fieldCodes(reused)).toEqual([['code', 'wrong_confirmation_code']]);
    expect(await signedInNow(second)).toBe(false);
    // Nor an older one.
    expect(await fieldCodes(await secondStep(second, codeFor(secret, -1)))).toEqual([
      ['code', 'wrong_confirmation_code'],
    ]);
    server().clock.advance(STEP_MS);
    expect((await secondStep(second, codeFor(secret))).status).toBe(200);
  });

  it('a recovery code signs in once, with its event and notice', async () => {
    const { user, codes } = await withApp();
    const code = codes[3] ?? '';
    const browser = await atCodeStep(user);
    const answer = await secondStep(browser, code.toUpperCase().replace('-', ''));
    expect(answer.status).toBe(200);
    expect(await signedInNow(browser)).toBe(true);
    const [notice] = await mailsTo(server(), user.email);
    expect(notice?.subject).toBe('A recovery code was used');
    const events = await json<SecurityEvent[]>(await browser.get('/api/v1/security/events/'));
    expect(events.map((e) => e.kind).slice(0, 2)).toEqual(['sign_in', 'recovery_code_used']);
    expect(events[0]?.method).toBe('recovery_code');
    expect(
      await json<TwoFactorStatus>(await browser.get('/api/v1/security/two-factor/')),
    ).toMatchObject({ recovery_codes_left: 9 });
    const again = await atCodeStep(user);
    expect(await fieldCodes(await secondStep(again, code))).toEqual([
      ['code', 'wrong_confirmation_code'],
    ]);
    expect((await secondStep(again, codes[4] ?? '')).status).toBe(200);
  });

  it('locks the step after five wrong codes, as the mailed code does', async () => {
    const { user, secret } = await withApp();
    const browser = await atCodeStep(user);
    const right = codeFor(secret);
    const answers = [];
    for (const code of wrongCodes(secret).slice(0, 5))
      answers.push(await fieldCodes(await secondStep(browser, code)));
    expect(answers.slice(0, 4)).toEqual(Array(4).fill([['code', 'wrong_confirmation_code']]));
    expect(answers[4]).toEqual([['code', 'max_confirmation_attempts_exceeded']]);
    // The right code is refused too while the lock lasts, from any browser.
    const other = await atCodeStep(user);
    expect(await fieldCodes(await secondStep(other, right))).toEqual([
      ['code', 'max_confirmation_attempts_exceeded'],
    ]);
    expect(await signedInNow(other)).toBe(false);
    server().clock.advance(TWO_FACTOR_LOCK_MS + 1000);
    const later = await atCodeStep(user);
    expect((await secondStep(later, codeFor(secret))).status).toBe(200);
  });

  it('the fifth try with the right code still signs in', async () => {
    const { user, secret } = await withApp();
    const browser = await atCodeStep(user);
    const right = codeFor(secret);
    for (const code of wrongCodes(secret).slice(0, 4))
      expect(await fieldCodes(await secondStep(browser, code))).toEqual([
        ['code', 'wrong_confirmation_code'],
      ]);
    expect((await secondStep(browser, right)).status).toBe(200);
    expect(await signedInNow(browser)).toBe(true);
  });

  it('counts wrong codes for 15 minutes from the first of them', async () => {
    const { user, secret } = await withApp();
    const browser = await atCodeStep(user);
    const [first, ...others] = wrongCodes(secret);
    expect(await fieldCodes(await secondStep(browser, first ?? ''))).toEqual([
      ['code', 'wrong_confirmation_code'],
    ]);
    // A step lasts 10 minutes: the next tries come from a new sign-in.
    server().clock.advance(TWO_FACTOR_LOCK_MS - 60_000);
    const again = await atCodeStep(user);
    for (const code of others.slice(0, 3))
      expect(await fieldCodes(await secondStep(again, code))).toEqual([
        ['code', 'wrong_confirmation_code'],
      ]);
    // The first one's 15 minutes are over: four wrong codes again, then the right one.
    server().clock.advance(61_000);
    const later = await atCodeStep(user);
    for (const code of wrongCodes(secret).slice(0, 4))
      expect(await fieldCodes(await secondStep(later, code))).toEqual([
        ['code', 'wrong_confirmation_code'],
      ]);
    expect((await secondStep(later, codeFor(secret))).status).toBe(200);
  });

  it('a right code, or a recovery code, forgives the wrong ones before it', async () => {
    const { user, secret, codes } = await withApp();
    const fourWrong = async (browser: TestClient) => {
      for (const code of wrongCodes(secret).slice(0, 4))
        expect(await fieldCodes(await secondStep(browser, code))).toEqual([
          ['code', 'wrong_confirmation_code'],
        ]);
    };
    const first = await atCodeStep(user);
    await fourWrong(first);
    expect((await secondStep(first, codeFor(secret))).status).toBe(200);
    server().clock.advance(STEP_MS);
    // Four more wrong ones are the first four of a new count: the fifth try passes.
    const second = await atCodeStep(user);
    await fourWrong(second);
    expect((await secondStep(second, codes[0] ?? '')).status).toBe(200);
    const third = await atCodeStep(user);
    await fourWrong(third);
    expect((await secondStep(third, codeFor(secret))).status).toBe(200);
  });

  it("mails a notice in the account's language when the page sends none", async () => {
    const { user, client } = await signedIn(server(), { locale: 'ru' });
    const { secret } = await startSetup(client);
    const answer = await sendJson(client, 'POST', '/api/v1/security/two-factor/confirm/', {
      code: codeFor(secret),
    });
    expect(answer.status).toBe(200);
    const [notice] = await mailsTo(server(), user.email);
    expect(notice?.subject).toBe('Вход с кодом приложения включён');
  });

  it('a social sign-in asks for the code too', async () => {
    const email = uniqueEmail('social-app');
    const first = server().client();
    expect(location(await socialRoundTrip(first, 'yandex', { email }))).toBe('/en/profile');
    const { secret } = await startSetup(first);
    const confirm = await sendJson(first, 'POST', '/api/v1/security/two-factor/confirm/', {
      code: codeFor(secret),
    });
    expect(confirm.status).toBe(200);
    server().clock.advance(STEP_MS);
    const browser = server().client();
    const back = await socialRoundTrip(browser, 'yandex', { email }, { intent: 'login' });
    expect(location(back)).toBe('/en/login/2?factor=app');
    expect(await signedInNow(browser)).toBe(false);
    expect(await json(await secondStep(browser, codeFor(secret)))).toEqual({
      next: '/en/profile',
    });
    expect(await signedInNow(browser)).toBe(true);
  });

  it('asks no code of a browser already signed in as the user: linking a provider', async () => {
    const { user, client, secret } = await withApp();
    const linked = await socialRoundTrip(
      client,
      'github',
      { email: uniqueEmail('app-link') },
      { intent: 'link' },
    );
    expect(location(linked)).toBe('/en/profile');
    expect(await signedInNow(client)).toBe(true);
    // Signing in with that provider later, in a new browser, asks for it.
    server().clock.advance(STEP_MS);
    const browser = server().client();
    const back = await socialRoundTrip(
      browser,
      'github',
      { email: user.email },
      { intent: 'login' },
    );
    expect(location(back)).toBe('/en/login/2?factor=app');
    expect((await secondStep(browser, codeFor(secret))).status).toBe(200);
  });

  it('the code step needs the password first: no cookie, no sign-in', async () => {
    const { secret } = await withApp();
    const stranger = server().client();
    const answer = await secondStep(stranger, codeFor(secret));
    expect(answer.status).toBe(400);
    expect(await json(answer)).toMatchObject({ code: 'token_not_found' });
  });

  it('the step expires ten minutes after the password, to the millisecond', async () => {
    const { user, secret } = await withApp();
    const late = await atCodeStep(user);
    const inTime = await atCodeStep(user);
    server().clock.advance(10 * 60_000 - 1);
    expect((await secondStep(inTime, codeFor(secret))).status).toBe(200);
    server().clock.advance(1);
    const answer = await secondStep(late, codeFor(secret, 1));
    expect(await json(answer)).toMatchObject({ code: 'token_expired' });
  });

  it('goes on to the page asked for at the password, a local path of up to 512 characters', async () => {
    const { user, secret } = await withApp();
    const through = async (next: string) => {
      const browser = server().client();
      const password = await browser.postForm('/api/auth/login/', {
        login: user.username,
        password: PASSWORD,
        next,
      });
      expect(await json(password)).toEqual({ next: '/en/login/2?factor=app' });
      server().clock.advance(STEP_MS);
      return (await json<{ next: string }>(await secondStep(browser, codeFor(secret)))).next;
    };
    expect(await through('/en/subscription')).toBe('/en/subscription');
    const longest = `/en/subscription?${'a'.repeat(512 - '/en/subscription?'.length)}`;
    expect(await through(longest)).toBe(longest);
    expect(await through(`${longest}a`)).toBe('/en/profile');
    expect(await through('https://elsewhere.example/en/profile')).toBe('/en/profile');
  });

  it('goes on in the language of the page the code was typed on', async () => {
    const { user, secret } = await withApp();
    const browser = server().client();
    await browser.postForm('/api/auth/login/', {
      login: user.username,
      password: PASSWORD,
      next: '/en/subscription',
    });
    const answer = await browser.postForm('/api/auth/login/2fa/', {
      code: codeFor(secret),
      locale: 'ru',
    });
    expect(await json(answer)).toEqual({ next: '/ru/subscription' });
    // Without a page asked for: the profile, in the page's language.
    server().clock.advance(STEP_MS);
    const other = await atCodeStep(user);
    const profile = await other.postForm('/api/auth/login/2fa/', {
      code: codeFor(secret),
      locale: 'ru',
    });
    expect(await json(profile)).toEqual({ next: '/ru/profile' });
  });

  it('ends the step once it signed in, and drops a sign-up this browser left half-done', async () => {
    const { user, secret } = await withApp();
    const { client: browser } = await startSignup(server());
    expect(browser.cookies.has(SIGNUP_COOKIE)).toBe(true);
    await signIn(browser, user.username);
    expect(browser.cookies.has(SIGNUP_COOKIE)).toBe(false);
    expect(browser.cookies.has(SECOND_FACTOR_COOKIE)).toBe(true);
    expect((await secondStep(browser, codeFor(secret))).status).toBe(200);
    expect(browser.cookies.has(SECOND_FACTOR_COOKIE)).toBe(false);
  });
});

describe('a password reset', () => {
  it('leaves the app on: the new password still asks for the code', async () => {
    const { user, secret } = await withApp();
    const reset = await server()
      .client()
      .postForm('/api/auth/password/reset/', { email: user.email });
    expect(reset.status).toBe(200);
    const [mail] = await mailsTo(server(), user.email);
    const token = /\/password\/set\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const set = await server()
      .client()
      .postForm('/api/auth/password/set/', { token, password: 'Fresh-pass-42' });
    expect(await json(set)).toEqual({ next: '/en/login/1' });
    const browser = server().client();
    const answer = await browser.postForm('/api/auth/login/', {
      login: user.username,
      password: 'Fresh-pass-42',
    });
    expect(await json(answer)).toEqual({ next: '/en/login/2?factor=app' });
    expect(await signedInNow(browser)).toBe(false);
    expect((await secondStep(browser, codeFor(secret))).status).toBe(200);
  });
});

describe('recovery codes and turning the app off', () => {
  it('new codes replace the old ones', async () => {
    const { user, client, codes } = await withApp();
    const answer = await sendJson(client, 'POST', '/api/v1/security/two-factor/recovery-codes/');
    expect(answer.status).toBe(200);
    const { recovery_codes: fresh } = await json<RecoveryCodes>(answer);
    expect(fresh).toHaveLength(10);
    const events = await json<SecurityEvent[]>(await client.get('/api/v1/security/events/'));
    expect(events[0]?.kind).toBe('recovery_codes_regenerated');
    const browser = await atCodeStep(user);
    expect(await fieldCodes(await secondStep(browser, codes[0] ?? ''))).toEqual([
      ['code', 'wrong_confirmation_code'],
    ]);
    expect((await secondStep(browser, fresh[0] ?? '')).status).toBe(200);
  });

  it('turned off, signing in asks for no code; the notice and the event', async () => {
    const { user, client } = await withApp();
    expect((await sendJson(client, 'DELETE', '/api/v1/security/two-factor/')).status).toBe(204);
    const [notice] = await mailsTo(server(), user.email);
    expect(notice?.subject).toBe('Authenticator app turned off');
    const events = await json<SecurityEvent[]>(await client.get('/api/v1/security/events/'));
    expect(events[0]?.kind).toBe('two_factor_disabled');
    expect(await json(await client.get('/api/v1/security/two-factor/'))).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });
    const rows = await server()
      .db.select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id));
    expect(rows).toHaveLength(0);
    const browser = server().client();
    expect(await json(await signIn(browser, user.username))).toEqual({ next: '/en/profile' });
  });

  it('turned off while a sign-in waits at its code step, the code is refused there', async () => {
    const { user, client, secret } = await withApp();
    const browser = await atCodeStep(user);
    expect((await sendJson(client, 'DELETE', '/api/v1/security/two-factor/')).status).toBe(204);
    const answer = await secondStep(browser, codeFor(secret));
    expect(await fieldCodes(answer)).toEqual([['code', 'wrong_confirmation_code']]);
    expect(await signedInNow(browser)).toBe(false);
  });
});
