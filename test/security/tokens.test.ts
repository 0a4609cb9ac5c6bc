import { afterEach, describe, expect, it, vi } from 'vitest';
import { getTableName, inArray, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../server/db/schema.ts';
import { mails, passwordResets, users, type User } from '../../server/db/schema.ts';
import { issueCode } from '../../server/identity/codes.ts';
import { RESET_TTL_MS } from '../../server/identity/password-reset.ts';
import { hashToken } from '../../server/identity/tokens.ts';
import { unsubscribeToken } from '../../server/mail/unsubscribe.ts';
import { signedDownloadQuery } from '../../server/software/download-links.ts';
import { useTestServer, type TestClient } from '../server/harness.ts';
import { finishSignup, mailsTo, STRONG, uniqueEmail } from '../server/identity.ts';
import { location, socialRoundTrip } from '../server/social-flow.ts';

/*
 * Checklist points 10-13: where codes come from, reset links, a fresh session at every
 * sign-in, and the length of tokens and what the database keeps of them.
 */
const server = useTestServer({
  env: { TRUST_PROXY: '1', CODE_RESEND_SECONDS: '0', PUBLIC_URL: 'https://portal.test' },
});

let ipCount = 0;
/** Requests from an address of their own, so per-IP limits stay out of the way. */
const fresh = () => ({
  headers: { 'X-Forwarded-For': `198.51.${100 + (++ipCount >> 8)}.${ipCount & 255}` },
});
afterEach(() => {
  vi.restoreAllMocks();
});

const SESSION = 'sessionid';

async function signedIn(client: TestClient, user: User, password: string) {
  const answer = await client.postForm(
    '/api/auth/login/',
    { login: user.username, password },
    fresh(),
  );
  expect(answer.status).toBe(200);
  return client.cookies.get(SESSION) ?? '';
}

/** A browser holding only this session cookie: what someone who copied it could do. */
async function sessionWorks(token: string): Promise<boolean> {
  const other = server().client();
  other.cookies.set(SESSION, token);
  return (await other.get('/api/v1/profile/')).status === 200;
}

async function resetLink(email: string): Promise<string> {
  const answer = await server().client().postForm('/api/auth/password/reset/', { email }, fresh());
  expect(answer.status).toBe(200);
  const [mail] = await mailsTo(server(), email);
  const token = /\/password\/set\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link to ${email}`);
  return token;
}

const setPassword = (token: string, password = STRONG) =>
  server().client().postForm('/api/auth/password/set/', { token, password }, fresh());

describe('a new session at every sign-in (point 12)', () => {
  it('at a social sign-in: a new token, and the one the browser held is refused', async () => {
    const { user, password } = await server().createUser();
    const client = server().client();
    const before = await signedIn(client, user, password);
    expect(await sessionWorks(before)).toBe(true);
    const callback = await socialRoundTrip(client, 'google', { email: uniqueEmail('social') });
    expect(location(callback)).not.toContain('error');
    const after = client.cookies.get(SESSION) ?? '';
    expect(after).toMatch(/^[\w-]{43}$/);
    expect(after).not.toBe(before);
    expect(await sessionWorks(before)).toBe(false);
    expect(await sessionWorks(after)).toBe(true);
  });

  it('at the end of a sign-up: a new token, and the one the browser held is refused', async () => {
    const { user, password } = await server().createUser();
    const client = server().client();
    const before = await signedIn(client, user, password);
    const email = uniqueEmail('signup');
    const start = await client.postForm(
      '/api/auth/signup/',
      { email, password: STRONG, agree: 'on' },
      fresh(),
    );
    expect(start.status).toBe(200);
    await finishSignup(server(), client, email);
    const after = client.cookies.get(SESSION) ?? '';
    expect(after).toMatch(/^[\w-]{43}$/);
    expect(after).not.toBe(before);
    expect(await sessionWorks(before)).toBe(false);
    const profile = await client.get('/api/v1/profile/');
    expect(await profile.json()).toMatchObject({ email });
  });
});

describe('reset links (point 11)', () => {
  it('an older link dies when a newer one is mailed', async () => {
    const { user } = await server().createUser();
    const older = await resetLink(user.email);
    const newer = await resetLink(user.email);
    expect(newer).not.toBe(older);
    const refused = await setPassword(older);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'wrong_token' });
    expect((await setPassword(newer)).status).toBe(200);
  });

  it('every other link dies when a reset completes, and the used one too', async () => {
    const { user } = await server().createUser();
    const used = await resetLink(user.email);
    // A second live link, as a parallel request could have made it at the same moment.
    const other = 'x'.repeat(43);
    const now = server().clock.now();
    await server()
      .db.insert(passwordResets)
      .values({
        tokenHash: hashToken(other),
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TTL_MS),
      });
    expect((await setPassword(used)).status).toBe(200);
    for (const token of [used, other]) {
      const again = await setPassword(token, 'Another-pass-2');
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ code: 'wrong_token' });
    }
  });

  it('ends every session of the account and mails a notice', async () => {
    const { user, password } = await server().createUser();
    const tokens = [
      await signedIn(server().client(), user, password),
      await signedIn(server().client(), user, password),
    ];
    const link = await resetLink(user.email);
    expect((await setPassword(link)).status).toBe(200);
    for (const token of tokens) expect(await sessionWorks(token)).toBe(false);
    const [notice] = await mailsTo(server(), user.email);
    expect(notice?.text).not.toMatch(/\/password\/set\//);
    expect(notice?.headers['List-Unsubscribe']).toBeDefined();
  });
});

/** The bytes a base64url token stands for. */
const bytesOf = (token: string) => Buffer.from(token, 'base64url');

/**
 * Samples of one kind of token: each at least 128 bits, all different, and every one
 * of the first 128 bits set in some and clear in others in about half of them. A
 * counter, a timestamp, a user id or a constant inside a token fails the last check.
 */
function expectRandom128(kind: string, tokens: string[]) {
  expect(tokens.length, kind).toBeGreaterThanOrEqual(64);
  expect(new Set(tokens).size, `${kind}: all different`).toBe(tokens.length);
  for (const token of tokens) {
    expect(bytesOf(token).length * 8, `${kind}: ${token}`).toBeGreaterThanOrEqual(128);
  }
  for (let bit = 0; bit < 128; bit += 1) {
    const ones = tokens.filter((t) => ((bytesOf(t)[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1).length;
    // Binomial(64, 1/2): outside 10..54 is more than 5.5 standard deviations away.
    expect(ones, `${kind}: bit ${bit} set in ${ones} of ${tokens.length}`).toBeGreaterThanOrEqual(
      (tokens.length * 10) / 64,
    );
    expect(ones, `${kind}: bit ${bit}`).toBeLessThanOrEqual((tokens.length * 54) / 64);
  }
}

/** Every row of every table of the app and of the job queue, as one text. */
async function everything(): Promise<string> {
  const parts: string[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    parts.push(getTableName(table), JSON.stringify(await server().db.select().from(table)));
  }
  const jobs = await server().db.execute(sql`select * from pgboss.job`);
  parts.push('pgboss.job', JSON.stringify(jobs));
  return parts.join('\n');
}

describe('tokens of 128 bits or more, kept only as hashes (point 13)', () => {
  const N = 64;

  // 64 accounts, each signed in and sent a reset link, and 64 sign-ups with a social
  // start: some 400 requests one after the other, which on a busy machine's PostgreSQL
  // took past the project's 30 s (the run time is the machine's, not the server's).
  it('sessions, reset links, sign-up cookies and OAuth states', { timeout: 180_000 }, async () => {
    const sessionTokens: string[] = [];
    const resetTokens: string[] = [];
    for (let i = 0; i < N; i += 1) {
      const { user, password } = await server().createUser();
      sessionTokens.push(await signedIn(server().client(), user, password));
      resetTokens.push(await resetLink(user.email));
    }
    const signupNonces: string[] = [];
    const states: string[] = [];
    for (let i = 0; i < N; i += 1) {
      const client = server().client();
      const email = uniqueEmail('nonce');
      const answer = await client.postForm(
        '/api/auth/signup/',
        { email, password: STRONG, agree: 'on' },
        fresh(),
      );
      expect(answer.status).toBe(200);
      // The cookie is `payload.signature`; the payload's `k` is the flow's nonce.
      const [payload = ''] = (client.cookies.get('signup') ?? '').split('.');
      const { k } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { k: string };
      signupNonces.push(k);
      const start = await client.get('/api/auth/social/google/start/?intent=signup', fresh());
      const state = new URL(location(start), 'http://x').searchParams.get('state') ?? '';
      states.push(state);
    }
    expectRandom128('session token', sessionTokens);
    expectRandom128('reset token', resetTokens);
    expectRandom128('sign-up nonce', signupNonces);
    expectRandom128('OAuth state', states);

    // The database holds none of them in clear once the mails went out: the job queue
    // forgets a sent mail at its next maintenance pass (in test mode the development
    // mailbox keeps the mails' text; it is left out, production keeps no text).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await server().jobs.maintain();
    await server().db.delete(mails);
    const stored = await everything();
    for (const token of [...sessionTokens, ...resetTokens, ...signupNonces, ...states]) {
      expect(stored.includes(token), `${token} in the database`).toBe(false);
    }
    for (const token of [...sessionTokens, ...resetTokens, ...signupNonces]) {
      expect(stored.includes(hashToken(token)), `the hash of ${token}`).toBe(true);
    }
  });

  it('unsubscribe and download links: a 256-bit signature, per user, stored nowhere', async () => {
    const { config } = server();
    const now = server().clock.now();
    const signatures = (make: (userId: number) => string) =>
      Array.from(
        { length: N },
        (_, i) =>
          make(i + 1)
            .split(/[.=]/)
            .at(-1) ?? '',
      );
    const unsubscribe = signatures((id) =>
      unsubscribeToken(config.sessionSecret, id, 'account_notices'),
    );
    const download = signatures((id) => signedDownloadQuery(config, 'gate', id, 7, now));
    expectRandom128('unsubscribe signature', unsubscribe);
    expectRandom128('download signature', download);
    for (const signature of [...unsubscribe, ...download])
      expect(bytesOf(signature).length).toBe(32);
    // The link a notice really carries is of the same form.
    const { user } = await server().createUser();
    await setPassword(await resetLink(user.email));
    const [notice] = await mailsTo(server(), user.email);
    expect(notice?.headers['List-Unsubscribe']).toContain(
      `/api/v1/unsubscribe/${unsubscribeToken(config.sessionSecret, user.id, 'account_notices')}/`,
    );
  });
});

describe('one-time codes (point 10)', () => {
  /** `count` codes issued to the accounts of `accounts` new addresses, in parallel. */
  async function issued(count: number, accounts = 10): Promise<string[]> {
    const deps = { ...server(), passwordCost: { memoryCost: 64, timeCost: 1, parallelism: 1 } };
    const made = await Promise.all(
      Array.from({ length: accounts }, async (_, n) => {
        const email = uniqueEmail(`codes${n}-`);
        const [user] = await server()
          .db.insert(users)
          .values({ username: email.split('@')[0] ?? email, email, passwordHash: null })
          .returning();
        if (!user) throw new Error('no user');
        for (let i = 0; i < count / accounts; i += 1) await issueCode(deps, user);
        return user.email;
      }),
    );
    await server().jobs.drain();
    const rows = await server().db.select().from(mails).where(inArray(mails.to, made));
    return rows.map((row) => /\b(\d{6})\b/.exec(row.text)?.[1] ?? row.text);
  }

  it(
    '2,000 codes are 6 digits, spread evenly over 000000-999999',
    { timeout: 120_000 },
    async () => {
      const codes = await issued(2000);
      expect(codes).toHaveLength(2000);
      for (const code of codes) expect(code).toMatch(/^\d{6}$/);
      // 2,000 of a million: about two repeats are expected, dozens would be a small range.
      expect(new Set(codes).size).toBeGreaterThan(1980);
      // Each digit position, and the code's tenth of the range: a chi-square over 10 bins
      // (9 degrees of freedom; 33.7 is p = 0.0001).
      for (let position = 0; position < 6; position += 1) {
        const bins = Array.from({ length: 10 }, () => 0);
        for (const code of codes)
          bins[Number(code[position])] = (bins[Number(code[position])] ?? 0) + 1;
        const chi = bins.reduce((sum, seen) => sum + (seen - 200) ** 2 / 200, 0);
        expect(chi, `digit ${position + 1}: ${bins.join(' ')}`).toBeLessThan(33.7);
      }
    },
  );

  it('do not come from Math.random', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const codes = await issued(50);
    expect(new Set(codes).size).toBeGreaterThan(45);
  });
});
