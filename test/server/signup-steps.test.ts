import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { PendingSignup, type SecurityEvent } from '../../contract/identity.ts';
import { emailCodes, users } from '../../server/db/schema.ts';
import { json } from './billing.ts';
import { useTestServer } from './harness.ts';
import { fieldCodes, lastCode, mailsTo, startSignup } from './identity.ts';

const server = useTestServer({ env: { CODE_RESEND_SECONDS: '30' } });
const CONFIRM = '/api/auth/signup/confirm/';
const RESEND = '/api/auth/signup/resend/';
const DETAILS = '/api/auth/signup/details/';
const details = { first_name: 'Anna-Maria', last_name: "O'Neil", country: 'GB' };

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the sign-up steps', () => {
  it('confirms, saves the details, signs in and clears the cookie', async () => {
    const { client, email } = await startSignup(server(), undefined, { next: '/en/subscription' });
    const code = await lastCode(server(), email);
    const confirm = await client.postForm(CONFIRM, { code: ` ${code} ` });
    expect(confirm.status).toBe(200);
    expect(await confirm.json()).toEqual({ next: '/en/signup/2' });
    const pending = v.parse(PendingSignup, await (await client.get('/api/auth/signup/')).json());
    expect(pending.email_confirmed).toBe(true);
    expect((await client.get('/api/v1/profile/')).status).toBe(401);
    const done = await client.postForm(DETAILS, details);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ next: '/en/subscription' });
    expect(client.cookies.has('signup')).toBe(false);
    const profile = await client.get('/api/v1/profile/');
    expect(await profile.json()).toMatchObject({ email, first_name: 'Anna-Maria', country: 'GB' });
    // The security log tells how this first sign-in was proven: by the mailed code.
    const events = await json<SecurityEvent[]>(await client.get('/api/v1/security/events/'));
    expect(events.map((event) => [event.kind, event.method])).toContainEqual(['sign_in', 'code']);
  });

  it('spends the code once; the step posted again leads on, and a resend sends nothing', async () => {
    const { client, email } = await startSignup(server());
    const code = await lastCode(server(), email);
    expect(await (await client.postForm(CONFIRM, { code })).json()).toEqual({
      next: '/en/signup/2',
    });
    const [user] = await server().db.select().from(users).where(eq(users.email, email));
    expect(
      await server().db.select().from(emailCodes).where(eq(emailCodes.userId, user!.id)),
    ).toEqual([]);
    // With no code left, the step's state offers nothing to wait for.
    const state = v.parse(PendingSignup, await (await client.get('/api/auth/signup/')).json());
    const now = server().clock.now().toISOString();
    expect(state).toMatchObject({ resend_available_at: now, code_expires_at: now });
    // A reload of the step: this flow's code was checked, so it is not asked for again.
    const again = await client.postForm(CONFIRM, { code });
    expect(await again.json()).toEqual({ next: '/en/signup/2' });
    server().clock.advance(30_000);
    const resend = await client.postForm(RESEND, {});
    expect(v.parse(PendingSignup, await resend.json()).email_confirmed).toBe(true);
    expect(await mailsTo(server(), email)).toHaveLength(1);
  });

  it('refuses details before confirmation with email_not_confirmed', async () => {
    const { client } = await startSignup(server());
    const response = await client.postForm(DETAILS, details);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'email_not_confirmed' });
  });

  it('answers the details field errors', async () => {
    const { client, email } = await startSignup(server());
    await client.postForm(CONFIRM, { code: await lastCode(server(), email) });
    const empty = await client.postForm(DETAILS, { first_name: ' ', last_name: '', country: 'GB' });
    expect(await fieldCodes(empty)).toEqual([
      ['first_name', 'empty_first_name'],
      ['last_name', 'empty_last_name'],
    ]);
    const digits = await client.postForm(DETAILS, { ...details, first_name: 'R2D2' });
    expect(await fieldCodes(digits)).toEqual([['first_name', 'personName']]);
    const unknown = await client.postForm(DETAILS, { ...details, country: 'ZZ' });
    expect(await fieldCodes(unknown)).toEqual([['country', 'country_not_found']]);
  });

  it('refuses a wrong code, and after five wrong tries even the right one', async () => {
    const { client, email } = await startSignup(server());
    const code = await lastCode(server(), email);
    for (let i = 0; i < 4; i++) {
      const wrong = await client.postForm(CONFIRM, { code: wrongOf(code) });
      expect(await fieldCodes(wrong)).toEqual([['code', 'wrong_confirmation_code']]);
    }
    const fifth = await client.postForm(CONFIRM, { code: wrongOf(code) });
    expect(await fieldCodes(fifth)).toEqual([['code', 'max_confirmation_attempts_exceeded']]);
    const right = await client.postForm(CONFIRM, { code });
    expect(await fieldCodes(right)).toEqual([['code', 'max_confirmation_attempts_exceeded']]);
    expect(await fieldCodes(await client.postForm(CONFIRM, { code: '12ab' }))).toEqual([
      ['code', 'wrong_confirmation_code'],
    ]);
  });

  it('takes the right code on the fifth try, after four wrong ones', async () => {
    const { client, email } = await startSignup(server());
    const code = await lastCode(server(), email);
    for (let i = 0; i < 4; i++) await client.postForm(CONFIRM, { code: wrongOf(code) });
    const fifth = await client.postForm(CONFIRM, { code });
    expect(fifth.status).toBe(200);
    expect(await fifth.json()).toMatchObject({ next: expect.stringMatching(/\/signup\/2$/) });
  });

  it('counts parallel guesses: no more than five are compared', async () => {
    const { client, email } = await startSignup(server());
    const code = await lastCode(server(), email);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => client.postForm(CONFIRM, { code: wrongOf(code) })),
    );
    const codes = await Promise.all(answers.map(fieldCodes));
    expect(codes.filter(([[, c] = ['', '']]) => c === 'wrong_confirmation_code')).toHaveLength(4);
    expect((await fieldCodes(await client.postForm(CONFIRM, { code })))[0]?.[1]).toBe(
      'max_confirmation_attempts_exceeded',
    );
  });

  it('expires a code after 15 minutes with confirmation_expired', async () => {
    const early = await startSignup(server());
    const late = await startSignup(server());
    const [earlyCode, lateCode] = [
      await lastCode(server(), early.email),
      await lastCode(server(), late.email),
    ];
    // A second before its 15 minutes end the code still confirms; at their end it does not.
    server().clock.advance(15 * 60 * 1000 - 1000);
    expect((await early.client.postForm(CONFIRM, { code: earlyCode })).status).toBe(200);
    server().clock.advance(1000);
    expect(await fieldCodes(await late.client.postForm(CONFIRM, { code: lateCode }))).toEqual([
      ['code', 'confirmation_expired'],
    ]);
  });

  it('returns to the page asked for in the language of the last step', async () => {
    const next = '/en/subscription';
    const switched = await startSignup(server(), undefined, { locale: 'en', next });
    const kept = await startSignup(server(), undefined, { locale: 'en', next });
    const unasked = await startSignup(server(), undefined, { locale: 'en' });
    for (const { client, email } of [switched, kept, unasked]) {
      const code = await lastCode(server(), email);
      expect((await client.postForm(CONFIRM, { code })).status).toBe(200);
    }
    const onRussianPage = { headers: { 'X-Page-Locale': 'ru' } };
    const done = await switched.client.postForm(DETAILS, details, onRussianPage);
    expect(await done.json()).toEqual({ next: '/ru/subscription' });
    const stayed = await kept.client.postForm(DETAILS, details);
    expect(await stayed.json()).toEqual({ next });
    // None asked for: the profile, in the language switched to.
    const plain = await unasked.client.postForm(DETAILS, details, onRussianPage);
    expect(await plain.json()).toEqual({ next: '/ru/profile' });
  });

  it('follows a switch to Russian during sign-up: the new code mail and the next address', async () => {
    // Issue 31: step 0 on an English page, then the language switched to Russian.
    const { client, email } = await startSignup(server(), undefined, { locale: 'en' });
    expect((await mailsTo(server(), email))[0]?.subject).toMatch(/^Your verification code: \d{6}$/);
    server().clock.advance(30_000);
    const onRussianPage = { headers: { 'X-Page-Locale': 'ru' } };
    expect((await client.postForm(RESEND, {}, onRussianPage)).status).toBe(200);
    expect((await mailsTo(server(), email))[0]?.subject).toMatch(/^Код подтверждения: \d{6}$/);
    const code = await lastCode(server(), email);
    const confirm = await client.postForm(CONFIRM, { code }, onRussianPage);
    expect(await confirm.json()).toEqual({ next: '/ru/signup/2' });
    const done = await client.postForm(DETAILS, details, onRussianPage);
    expect(await done.json()).toEqual({ next: '/ru/profile' });
    const profile = await client.get('/api/v1/profile/');
    expect(profile.status).toBe(200);
  });

  it('refuses a resend inside the cooldown, then sends a code that replaces the old', async () => {
    const { client, email } = await startSignup(server());
    const old = await lastCode(server(), email);
    const early = await client.postForm(RESEND, {});
    expect(early.status).toBe(429);
    expect(early.headers.get('Retry-After')).toBe('30');
    expect(await early.json()).toMatchObject({ code: 'resend_too_early', retry_after: 30 });
    server().clock.advance(30_000);
    const resent = await client.postForm(RESEND, {});
    expect(resent.status).toBe(200);
    const pending = v.parse(PendingSignup, await resent.json());
    expect(pending.email_confirmed).toBe(false);
    expect(Date.parse(pending.resend_available_at) - server().clock.now().getTime()).toBe(30_000);
    expect(await mailsTo(server(), email)).toHaveLength(2);
    const fresh = await lastCode(server(), email);
    if (fresh !== old) {
      expect(await fieldCodes(await client.postForm(CONFIRM, { code: old }))).toEqual([
        ['code', 'wrong_confirmation_code'],
      ]);
    }
    expect((await client.postForm(CONFIRM, { code: fresh })).status).toBe(200);
  });

  it.each([
    ['GET', '/api/auth/signup/'],
    ['POST', CONFIRM],
    ['POST', RESEND],
    ['POST', DETAILS],
  ])('%s %s: token_not_found, wrong_token, token_expired', async (method, path) => {
    const call = (client: ReturnType<ReturnType<typeof server>['client']>) =>
      method === 'GET' ? client.get(path) : client.postForm(path, { code: '123456', ...details });
    const none = await call(server().client());
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ code: 'token_not_found' });
    const { client } = await startSignup(server());
    const good = client.cookies.get('signup') ?? '';
    client.cookies.set('signup', `${good.slice(0, -2)}xx`);
    expect(await (await call(client)).json()).toMatchObject({ code: 'wrong_token' });
    client.cookies.set('signup', 'garbage');
    expect(await (await call(client)).json()).toMatchObject({ code: 'wrong_token' });
    client.cookies.set('signup', good);
    server().clock.advance(60 * 60 * 1000);
    const expired = await call(client);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ code: 'token_expired' });
  });
});

describe('the signup next', () => {
  // Kept in the sign-up's cookie up to 512 characters (browsers drop cookies over 4 KB).
  it.each(['https://evil.example/', `/${'x'.repeat(600)}`, `/${'x'.repeat(512)}`])(
    'is dropped when foreign or too long: %#',
    async (next) => {
      const { client, email } = await startSignup(server(), undefined, { next });
      await client.postForm(CONFIRM, { code: await lastCode(server(), email) });
      const done = await client.postForm(DETAILS, details);
      expect(await done.json()).toEqual({ next: '/en/profile' });
    },
  );

  it('is kept at 512 characters', async () => {
    const next = `/${'x'.repeat(511)}`;
    const { client, email } = await startSignup(server(), undefined, { next });
    await client.postForm(CONFIRM, { code: await lastCode(server(), email) });
    const done = await client.postForm(DETAILS, details);
    expect(await done.json()).toEqual({ next });
  });
});
