import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PAGE_LOCALE_HEADER } from '../../contract/countries.ts';
import type { SecurityEvent } from '../../contract/identity.ts';
import { CODE_TTL_MS } from '../../server/identity/codes.ts';
import { undoEmailChange } from '../../server/identity/email-change.ts';
import { REAUTH_WINDOW_MS } from '../../server/identity/reauth.ts';
import { hashToken } from '../../server/identity/tokens.ts';
import { Refused } from '../../server/errors.ts';
import { LIMITS } from '../../server/identity/throttle.ts';
import { emailChangeUndos, users } from '../../server/db/schema.ts';
import { json, sendJson, signedIn } from './billing.ts';
import { DAY, useTestServer, type TestClient } from './harness.ts';
import { fieldCodes, lastCode, mailsTo, startSignup, uniqueEmail } from './identity.ts';
import { socialRoundTrip } from './social-flow.ts';

const server = useTestServer();
const PASSWORD = 'Secret-pass-1';
/** How long the old address's link can undo a change (decision 0217). */
const UNDO_WINDOW_MS = 7 * DAY;

// Every test signs in and mails codes from the one test address: each starts an hour on,
// in fresh per-address windows (sign-ins 15 minutes, mails an hour), as another visitor
// would, so no test's count depends on how many ran before it.
beforeEach(() => server().clock.advance(60 * 60 * 1000));

const post = (client: TestClient, path: string, body: unknown, locale?: 'en' | 'ru') =>
  client.request(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: {
      'Content-Type': 'application/json',
      ...(locale ? { [PAGE_LOCALE_HEADER]: locale } : {}),
    },
  });
const start = (client: TestClient, email: string, locale?: 'en' | 'ru') =>
  post(client, '/api/v1/security/email/', { email }, locale);
const confirm = (client: TestClient, code: string, locale?: 'en' | 'ru') =>
  post(client, '/api/v1/security/email/confirm/', { code }, locale);
const undo = (client: TestClient, token: string) =>
  post(client, '/api/auth/email/undo/', { token });
const emailOf = async (client: TestClient) =>
  (await json<{ email: string }>(await client.get('/api/v1/profile/'))).email;
const signedInStill = async (client: TestClient) =>
  (await client.get('/api/v1/profile/')).status === 200;
const signIn = (client: TestClient, login: string) =>
  client.postForm('/api/auth/login/', { login, password: PASSWORD });
/** A code that is not the mailed one. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The undo link's token from the newest notice to `to`. */
async function undoToken(to: string): Promise<string> {
  const [notice] = await mailsTo(server(), to);
  const token = /\/email\/undo\/([\w-]+)/.exec(notice?.text ?? '')?.[1];
  if (!token) throw new Error(`no undo link mailed to ${to}`);
  return token;
}

/** A signed-in account whose address changed to a new one; the old address's undo token. */
async function changed(locale?: 'en' | 'ru') {
  const { user, client } = await signedIn(server());
  const next = uniqueEmail('moved');
  expect((await start(client, next, locale)).status).toBe(200);
  const answer = await confirm(client, await lastCode(server(), next), locale);
  expect(answer.status).toBe(200);
  expect(await json(answer)).toEqual({ email: next });
  return { user, client, next, token: await undoToken(user.email) };
}

describe('changing the e-mail', () => {
  it('mails a code to the new address; the code changes it, logs it and notifies the old one', async () => {
    const { user, client } = await signedIn(server());
    const next = uniqueEmail('moved');
    const started = await start(client, next);
    expect(started.status).toBe(200);
    expect(await json(started)).toMatchObject({ email: next });
    // Nothing changes before the code.
    expect(await emailOf(client)).toBe(user.email);
    const answer = await confirm(client, await lastCode(server(), next));
    expect(await json(answer)).toEqual({ email: next });
    expect(await emailOf(client)).toBe(next);
    // This browser stays signed in; the account signs in by its new address.
    expect(await signedInStill(client)).toBe(true);
    expect((await signIn(server().client(), next)).status).toBe(200);
    expect((await signIn(server().client(), user.email)).status).toBe(400);
    const [notice] = await mailsTo(server(), user.email);
    expect(notice?.subject).toBe('Your email was changed');
    expect(notice?.text).toContain(next);
    expect(notice?.text).toMatch(/\/en\/email\/undo\/[\w-]+/);
    const events = await json<SecurityEvent[]>(await client.get('/api/v1/security/events/'));
    expect(events.map((e) => e.kind)).toContain('email_changed');
  });

  it('mails the code and the notice in the language of the page', async () => {
    const { user, client } = await signedIn(server());
    const next = uniqueEmail('moved');
    await start(client, next, 'ru');
    const [codeMail] = await mailsTo(server(), next);
    expect(codeMail?.subject).toMatch(/^Код подтверждения/);
    await confirm(client, await lastCode(server(), next), 'ru');
    const [notice] = await mailsTo(server(), user.email);
    expect(notice?.subject).toBe('Адрес электронной почты изменён');
    expect(notice?.text).toMatch(/\/ru\/email\/undo\/[\w-]+/);
  });

  it('refuses an address of another profile as sign-up does, and the current one', async () => {
    const { client, user } = await signedIn(server());
    const { user: other } = await server().createUser();
    const taken = await start(client, other.email.toUpperCase());
    expect(await fieldCodes(taken)).toEqual([['email', 'user_already_exists']]);
    expect(await mailsTo(server(), other.email)).toEqual([]);
    const same = await start(client, user.email);
    expect(await fieldCodes(same)).toEqual([['email', 'email_unchanged']]);
    const bad = await start(client, 'not an address');
    expect(bad.status).toBe(400);
  });

  it('takes an address that a sign-up never confirmed: the code proved the mailbox', async () => {
    const { client } = await signedIn(server());
    const { email, response } = await startSignup(server());
    expect(response.status).toBe(200);
    expect((await start(client, email)).status).toBe(200);
    const answer = await confirm(client, await lastCode(server(), email));
    expect(answer.status).toBe(200);
    expect(await emailOf(client)).toBe(email);
  });

  it('refuses a wrong code at its field and locks after five', async () => {
    const { user, client } = await signedIn(server());
    const next = uniqueEmail('moved');
    await start(client, next);
    const code = await lastCode(server(), next);
    for (let i = 1; i <= 4; i += 1) {
      expect(await fieldCodes(await confirm(client, otherThan(code)))).toEqual([
        ['code', 'wrong_confirmation_code'],
      ]);
    }
    expect(await fieldCodes(await confirm(client, otherThan(code)))).toEqual([
      ['code', 'max_confirmation_attempts_exceeded'],
    ]);
    // Even the right code is worth nothing now.
    expect(await fieldCodes(await confirm(client, code))).toEqual([
      ['code', 'max_confirmation_attempts_exceeded'],
    ]);
    expect(await emailOf(client)).toBe(user.email);
  });

  it('takes the right code at the fifth try', async () => {
    const { client } = await signedIn(server());
    const next = uniqueEmail('moved');
    await start(client, next);
    const code = await lastCode(server(), next);
    for (let i = 1; i <= 4; i += 1) await confirm(client, otherThan(code));
    expect((await confirm(client, code)).status).toBe(200);
  });

  it('refuses an expired code, and a new code only after the countdown', async () => {
    const { client } = await signedIn(server());
    const next = uniqueEmail('moved');
    await start(client, next);
    const early = await post(client, '/api/v1/security/email/resend/', {});
    expect(early.status).toBe(429);
    expect(await json(early)).toMatchObject({ code: 'resend_too_early' });
    const code = await lastCode(server(), next);
    // Good for 15 minutes: at their very end it is not.
    server().clock.advance(15 * 60 * 1000);
    expect(await fieldCodes(await confirm(client, code))).toEqual([
      ['code', 'confirmation_expired'],
    ]);
    const resent = await post(client, '/api/v1/security/email/resend/', {});
    expect(resent.status).toBe(200);
    const fresh = await lastCode(server(), next);
    expect((await confirm(client, fresh)).status).toBe(200);
    expect(await emailOf(client)).toBe(next);
  });

  it('answers when a new code may be asked and when the code expires; a new code needs a pending change', async () => {
    const { client } = await signedIn(server());
    const nothing = await post(client, '/api/v1/security/email/resend/', {});
    expect(await fieldCodes(nothing)).toEqual([['code', 'token_not_found']]);
    const next = uniqueEmail('moved');
    const wait = server().config.codeResendSeconds * 1000;
    const pendingFrom = (at: number) => ({
      email: next,
      resend_available_at: new Date(at + wait).toISOString(),
      code_expires_at: new Date(at + CODE_TTL_MS).toISOString(),
    });
    const sentAt = server().clock.now().getTime();
    expect(await json(await start(client, next))).toEqual(pendingFrom(sentAt));
    // The countdown's very end: a new code, counted from now.
    server().clock.advance(wait);
    const resent = await post(client, '/api/v1/security/email/resend/', {});
    expect(await json(resent)).toEqual(pendingFrom(sentAt + wait));
  });

  it("mails a new code in the account's own language when the page names none", async () => {
    const { client } = await signedIn(server(), { locale: 'ru' });
    const next = uniqueEmail('moved');
    expect((await start(client, next)).status).toBe(200);
    server().clock.advance(server().config.codeResendSeconds * 1000);
    expect((await post(client, '/api/v1/security/email/resend/', {})).status).toBe(200);
    const subjects = (await mailsTo(server(), next)).map((mail) => mail.subject);
    expect(subjects).toHaveLength(2);
    for (const subject of subjects) expect(subject).toMatch(/^Код подтверждения/);
  });

  it("counts in sign-up's per-IP bucket: from a full one, no start and no mail", async () => {
    const { user, client } = await signedIn(server());
    // Wrong sign-ins from this IP until its bucket refuses them.
    let filled = false;
    for (let i = 0; i <= LIMITS.loginIp.max && !filled; i += 1) {
      const probe = await server()
        .client()
        .postForm('/api/auth/login/', { login: `nobody-${i}-${Date.now()}`, password: PASSWORD });
      filled = probe.status === 429;
    }
    expect(filled).toBe(true);
    const next = uniqueEmail('moved');
    const refused = await start(client, next);
    expect(refused.status).toBe(429);
    expect(await json(refused)).toMatchObject({ code: 'too_many_requests' });
    expect(await mailsTo(server(), next)).toEqual([]);
    // The next window, after a new sign-in (the start asks for a recent one): started.
    server().clock.advance(LIMITS.loginIp.windowMs);
    const again = server().client();
    expect((await signIn(again, user.username)).status).toBe(200);
    expect((await start(again, next)).status).toBe(200);
  });

  it('a new request replaces the pending one: the first code is void', async () => {
    const { client } = await signedIn(server());
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await start(client, first);
    const firstCode = await lastCode(server(), first);
    await start(client, second);
    const secondCode = await lastCode(server(), second);
    if (firstCode !== secondCode) {
      expect(await fieldCodes(await confirm(client, firstCode))).toEqual([
        ['code', 'wrong_confirmation_code'],
      ]);
    }
    expect((await confirm(client, secondCode)).status).toBe(200);
    expect(await emailOf(client)).toBe(second);
  });

  it('needs a sign-in within 10 minutes to start, even called directly', async () => {
    const { user, client } = await signedIn(server());
    server().clock.advance(REAUTH_WINDOW_MS + 1000);
    const next = uniqueEmail('moved');
    const old = await start(client, next);
    expect(old.status).toBe(403);
    expect(await json(old)).toEqual({ code: 'reauth_required', detail: expect.any(String) });
    expect(await mailsTo(server(), next)).toEqual([]);
    // Nothing pending: a code cannot be confirmed without the start.
    expect(await fieldCodes(await confirm(client, '123456'))).toEqual([
      ['code', 'max_confirmation_attempts_exceeded'],
    ]);
    const proven = await sendJson(client, 'POST', '/api/v1/session/reauth/', {
      password: PASSWORD,
    });
    expect(proven.status).toBe(204);
    expect((await start(client, next)).status).toBe(200);
    await confirm(client, await lastCode(server(), next));
    expect(await emailOf(client)).toBe(next);
    expect(user.email).not.toBe(next);
  });

  it("one account's pending change does nothing for another", async () => {
    const { client: mine } = await signedIn(server());
    const { user: theirs, client: theirClient } = await signedIn(server());
    const next = uniqueEmail('moved');
    await start(mine, next);
    const code = await lastCode(server(), next);
    expect(await fieldCodes(await confirm(theirClient, code))).toEqual([
      ['code', 'max_confirmation_attempts_exceeded'],
    ]);
    expect(await emailOf(theirClient)).toBe(theirs.email);
  });

  it('two accounts confirming the same new address in parallel: one wins', async () => {
    const { client: a } = await signedIn(server());
    const { client: b } = await signedIn(server());
    const next = uniqueEmail('contested');
    await start(a, next);
    const codeA = await lastCode(server(), next);
    await start(b, next);
    const codeB = await lastCode(server(), next);
    const answers = await Promise.all([confirm(a, codeA), confirm(b, codeB)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const loser = answers.find((r) => r.status === 400);
    expect(await fieldCodes(loser!)).toEqual([['code', 'user_already_exists']]);
    const emails = [await emailOf(a), await emailOf(b)];
    expect(emails.filter((e) => e === next)).toHaveLength(1);
  });

  it('a social-only account changes its address the same way', async () => {
    const browser = server().client();
    await socialRoundTrip(browser, 'yandex', { email: uniqueEmail('social') });
    const next = uniqueEmail('moved');
    expect((await start(browser, next)).status).toBe(200);
    expect((await confirm(browser, await lastCode(server(), next))).status).toBe(200);
    expect(await emailOf(browser)).toBe(next);
  });

  it('answers 401 signed out', async () => {
    expect((await start(server().client(), uniqueEmail())).status).toBe(401);
    expect((await confirm(server().client(), '123456')).status).toBe(401);
  });
});

describe('undoing an e-mail change', () => {
  it('puts the old address back once, ends every session and logs it', async () => {
    const { user, client, token } = await changed();
    const phone = server().client();
    expect((await signIn(phone, user.username)).status).toBe(200);
    const answer = await undo(server().client(), token);
    expect(answer.status).toBe(200);
    expect(await json(answer)).toEqual({ email: user.email });
    expect(await signedInStill(client)).toBe(false);
    expect(await signedInStill(phone)).toBe(false);
    const again = server().client();
    expect((await signIn(again, user.email)).status).toBe(200);
    expect(await emailOf(again)).toBe(user.email);
    const events = await json<SecurityEvent[]>(await again.get('/api/v1/security/events/'));
    expect(events.map((e) => e.kind)).toContain('email_change_undone');
    // Replayed: refused, and nothing changes.
    const replay = await undo(server().client(), token);
    expect(replay.status).toBe(400);
    expect(await json(replay)).toMatchObject({ code: 'token_used' });
    expect(await signedInStill(again)).toBe(true);
  });

  it("clears the session cookie of the account's own browser, and no one else's", async () => {
    const { client, token } = await changed();
    const { client: bystander } = await signedIn(server());
    const fromOther = await undo(bystander, (await changed()).token);
    expect(fromOther.status).toBe(200);
    expect(bystander.cookies.has('sessionid')).toBe(true);
    expect(await signedInStill(bystander)).toBe(true);
    expect(client.cookies.has('sessionid')).toBe(true);
    expect((await undo(client, token)).status).toBe(200);
    expect(client.cookies.has('sessionid')).toBe(false);
  });

  it('works within 7 days only', async () => {
    const inTime = await changed();
    const tooLate = await changed();
    server().clock.advance(UNDO_WINDOW_MS - 60_000);
    expect((await undo(server().client(), inTime.token)).status).toBe(200);
    server().clock.advance(60_000);
    const late = await undo(server().client(), tooLate.token);
    expect(late.status).toBe(400);
    expect(await json(late)).toMatchObject({ code: 'token_expired' });
    const [row] = await server().db.select().from(users).where(eq(users.id, tooLate.user.id));
    expect(row?.email).toBe(tooLate.next);
  });

  it('a used link replayed after its 7 days is still used, not expired', async () => {
    const { token } = await changed();
    expect((await undo(server().client(), token)).status).toBe(200);
    server().clock.advance(UNDO_WINDOW_MS);
    const replay = await undo(server().client(), token);
    expect(replay.status).toBe(400);
    expect(await json(replay)).toMatchObject({ code: 'token_used' });
  });

  it('a link of a later change is void once an earlier change is undone', async () => {
    const { user, client, next, token: first } = await changed();
    const third = uniqueEmail('third');
    server().clock.advance(60_000);
    await start(client, third);
    await confirm(client, await lastCode(server(), third));
    const second = await undoToken(next);
    expect((await undo(server().client(), first)).status).toBe(200);
    const stale = await undo(server().client(), second);
    expect(stale.status).toBe(400);
    expect(await json(stale)).toMatchObject({ code: 'token_superseded' });
    const [row] = await server().db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(user.email);
  });

  it('is refused when a confirmed profile holds the old address now: it proved that mailbox', async () => {
    const { user, client, next, token } = await changed();
    await server().createUser({ email: user.email });
    const refused = await undo(server().client(), token);
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({ code: 'user_already_exists' });
    expect(await emailOf(client)).toBe(next);
  });

  it('an unknown or altered token touches nothing; tokens are stored hashed', async () => {
    const { client, next, token } = await changed();
    const forged = await undo(server().client(), `${token.slice(0, -2)}xx`);
    expect(forged.status).toBe(400);
    expect(await json(forged)).toMatchObject({ code: 'wrong_token' });
    expect(await emailOf(client)).toBe(next);
    const stored = await server().db.select().from(emailChangeUndos);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);
  });

  it("another account's token puts back only that account's address", async () => {
    const mine = await changed();
    const theirs = await changed();
    expect((await undo(theirs.client, mine.token)).status).toBe(200);
    // Their own session was not one of mine: it stays, and their address too.
    expect(await signedInStill(theirs.client)).toBe(true);
    expect(await emailOf(theirs.client)).toBe(theirs.next);
  });

  it('a link that runs out between its first look and its claim is refused as a link, and undoes nothing', async () => {
    const { client, next, token } = await changed();
    const [row] = await server()
      .db.select()
      .from(emailChangeUndos)
      .where(eq(emailChangeUndos.tokenHash, hashToken(token)));
    const expiresAt = row!.expiresAt.getTime();
    // The first look sees the link's last millisecond; the transaction's claim, its end.
    const times = [expiresAt - 1];
    const clock = { now: () => new Date(times.shift() ?? expiresAt), advance: () => {} };
    const device = { userAgent: null, ip: '192.0.2.1', country: null };
    const refusal = await undoEmailChange(server().deps(clock), token, device).catch(
      (error: unknown) => (error instanceof Refused ? error.refusal : error),
    );
    expect(refusal).toMatchObject({ code: expect.stringMatching(/^token_(used|expired)$/) });
    expect(await emailOf(client)).toBe(next);
    expect(await signedInStill(client)).toBe(true);
  });

  it('parallel undos of one link: one wins, every other is told the link was used', async () => {
    const { token } = await changed();
    // A loser stopped at the first look and one stopped at the transaction's claim are told the same.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => undo(server().client(), token)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400]);
    for (const loser of answers.filter((a) => a.status === 400)) {
      expect(await json(loser)).toMatchObject({ code: 'token_used' });
    }
  });
});
