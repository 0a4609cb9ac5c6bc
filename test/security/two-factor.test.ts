import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import type { RecoveryCodes } from '../../contract/identity.ts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recoveryCodes, twoFactors, type User } from '../../server/db/schema.ts';
import {
  decryptSecret,
  encryptSecret,
  recoveryCodeHash,
  TWO_FACTOR_LOCK_MS,
} from '../../server/identity/two-factor.ts';
import { LIMITS } from '../../server/identity/throttle.ts';
import { json, sendJson, signedIn } from '../server/billing.ts';
import { useTestServer, type TestClient } from '../server/harness.ts';
import { fieldCodes } from '../server/identity.ts';
import { appCode, startSetup, turnedOnApp } from '../server/two-factor-app.ts';

/*
 * Checklist point 30 (ASVS 6.5, 6.6): someone who has the password of an account with
 * the authenticator app on. A code seen over the owner's shoulder works once; a
 * recovery code works once, even sent many times at once; guesses are counted before
 * they are compared, so parallel ones get no more than five; the stored secret is no use
 * without the server's key, nor under another user.
 */
const server = useTestServer();
const PASSWORD = 'Secret-pass-1';

const codeFor = (secret: string, steps = 0) => appCode(server(), secret, steps);

async function withApp() {
  // Every test in a fresh throttle window: wrong codes count per address, as passwords do.
  server().clock.advance(LIMITS.loginIp.windowMs);
  return await turnedOnApp(server());
}

/** Browsers past the password, each at the code step, one after another. */
async function atCodeStep(user: User, count: number): Promise<TestClient[]> {
  const browsers: TestClient[] = [];
  for (let i = 0; i < count; i += 1) {
    const browser = server().client();
    const answer = await browser.postForm('/api/auth/login/', {
      login: user.username,
      password: PASSWORD,
    });
    expect(await json(answer)).toEqual({ next: '/en/login/2?factor=app' });
    browsers.push(browser);
  }
  return browsers;
}

const send = (browser: TestClient, code: string) =>
  browser.postForm('/api/auth/login/2fa/', { code });

describe('authenticator codes (checklist point 30)', () => {
  it('a code seen once is refused on reuse within its window, even sent at once', async () => {
    const { user, secret } = await withApp();
    // Three at once: fewer than the five tries a lock takes, so whichever order the
    // database takes them in (the right one resets the count), none is locked out and
    // the reuse is refused as a wrong code. More would race the lock on PostgreSQL.
    const browsers = await atCodeStep(user, 3);
    const code = codeFor(secret);
    const answers = await Promise.all(browsers.map((browser) => send(browser, code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    // Still within the same 30 seconds: refused again.
    const [late] = await atCodeStep(user, 1);
    expect(await fieldCodes(await send(late!, code))).toEqual([
      ['code', 'wrong_confirmation_code'],
    ]);
  });

  it('a recovery code signs in once, even sent many times at once', async () => {
    const { user, codes } = await withApp();
    const browsers = await atCodeStep(user, 8);
    const code = codes[0] ?? '';
    const answers = await Promise.all(browsers.map((browser) => send(browser, code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const [row] = await server()
      .db.select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.codeHash, recoveryCodeHash(code)));
    expect(row?.usedAt).not.toBeNull();
  });

  it('counts parallel guesses before comparing: no more than five are compared', async () => {
    const { user, secret } = await withApp();
    const [browser] = await atCodeStep(user, 1);
    const near = new Set([-1, 0, 1].map((steps) => codeFor(secret, steps)));
    const guesses = Array.from({ length: 20 }, (_, i) => String(100000 + i * 7919)).filter(
      (guess) => !near.has(guess),
    );
    const answers = await Promise.all(guesses.map((guess) => send(browser!, guess)));
    const codes = await Promise.all(answers.map(async (a) => (await fieldCodes(a))[0]?.[1]));
    expect(codes.filter((c) => c === 'wrong_confirmation_code')).toHaveLength(4);
    expect(codes.filter((c) => c === 'max_confirmation_attempts_exceeded')).toHaveLength(
      guesses.length - 4,
    );
    // Locked: the right code too, until the window ends.
    expect(await fieldCodes(await send(browser!, codeFor(secret)))).toEqual([
      ['code', 'max_confirmation_attempts_exceeded'],
    ]);
    server().clock.advance(TWO_FACTOR_LOCK_MS + 1000);
    const [later] = await atCodeStep(user, 1);
    expect((await send(later!, codeFor(secret))).status).toBe(200);
  });

  it('stores the secret encrypted, useless under another user or another key', async () => {
    const { user, secret } = await withApp();
    const { user: other } = await signedIn(server());
    const [row] = await server().db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    const stored = row?.secret ?? '';
    const plain = decodeBase32IgnorePadding(secret);
    expect(Buffer.from(stored, 'base64url').includes(Buffer.from(plain))).toBe(false);
    const key = server().config.sessionSecret;
    expect(Buffer.from(decryptSecret(key, stored, user.id))).toEqual(Buffer.from(plain));
    expect(() => decryptSecret(key, stored, other.id)).toThrow();
    expect(() => decryptSecret(`${key}-other`, stored, user.id)).toThrow();
    // A fresh nonce each time: the same secret never encrypts alike.
    expect(encryptSecret(key, plain, user.id)).not.toBe(encryptSecret(key, plain, user.id));
    // Recovery codes are kept only as their hashes.
    const rows = await server()
      .db.select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id));
    for (const r of rows) expect(r.codeHash).toMatch(/^[\w-]{43}$/);
  });

  it('confirmed twice at once, the app turns on once and the codes answered are the ones kept', async () => {
    const { user, client } = await signedIn(server());
    const { secret } = await startSetup(client);
    const answers = await Promise.all(
      [0, 1].map(() =>
        sendJson(client, 'POST', '/api/v1/security/two-factor/confirm/', { code: codeFor(secret) }),
      ),
    );
    const turnedOn = answers.filter((answer) => answer.status === 200);
    expect(turnedOn).toHaveLength(1);
    // The other finds no setup waiting for its code any more.
    const other = answers.find((answer) => answer.status !== 200);
    expect(other?.status).toBe(404);
    expect(await json(other!)).toMatchObject({ code: 'not_found' });
    const { recovery_codes: codes } = await json<RecoveryCodes>(turnedOn[0]!);
    const kept = await server()
      .db.select({ hash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id));
    expect(new Set(kept.map((row) => row.hash))).toEqual(new Set(codes.map(recoveryCodeHash)));
  });

  // Made once by the code of an earlier release: what users set up before an upgrade
  // must keep working after it, so the key's derivation and the codes' stored form are fixed.
  it('opens a secret and finds a recovery code that an earlier release stored', () => {
    const stored = 'DPbCizH-ET-E9-dHOVEvmLneQo52rSlHVneL6UmulXKz5ytdba4jV37Nc9pcBtfO';
    const secret = decryptSecret('a-session-secret-of-an-earlier-release', stored, 7);
    expect(Buffer.from(secret).toString('hex')).toBe('000d1a2734414e5b6875828f9ca9b6c3d0ddeaf7');
    // Typed as printed, in capitals, or without its hyphen: the same stored hash.
    for (const typed of ['abcd-efgh', 'ABCD-EFGH', 'abcdefgh', ' abcd efgh'])
      expect(recoveryCodeHash(typed)).toBe('YEH3xFcBxsgWvozWefsmE4ykx1jtBX9sJoB_nM9Hx1Y');
  });

  it('the code step is no way in without the password: a forged cookie is refused', async () => {
    const { user, secret } = await withApp();
    const forger = server().client();
    const payload = Buffer.from(
      JSON.stringify({ u: user.id, e: Date.now() + 600_000, n: null, l: 'en' }),
    ).toString('base64url');
    forger.cookies.set('second-factor', `${payload}.forged`);
    const answer = await send(forger, codeFor(secret));
    expect(answer.status).toBe(400);
    expect(await json(answer)).toMatchObject({ code: 'wrong_token' });
    expect((await forger.get('/api/v1/profile/')).status).toBe(401);
  });
});
