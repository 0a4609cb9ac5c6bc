import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../contract/identity.ts';
import { REAUTH_WINDOW_MS } from '../../server/identity/reauth.ts';
import { json, sendJson } from '../server/billing.ts';
import { useTestServer } from '../server/harness.ts';
import { socialRoundTrip } from '../server/social-flow.ts';
import { mailsTo, uniqueEmail } from '../server/identity.ts';

/*
 * Checklist point 27 (and ASVS 6.4, 7.5): an attacker holding a session that signed in more than 10 minutes
 * ago (a stolen cookie, a browser left open) cannot do a sensitive action by calling the
 * API directly, whatever it sends, nor guess the password through re-authentication
 * faster than through sign-in.
 */
const server = useTestServer();
const PASSWORD = 'Secret-pass-1';

/** The owner's laptop and phone; the attacker has the laptop's cookie, 11 minutes old. */
async function stolenOldSession() {
  const { user } = await server().createUser({ password: PASSWORD });
  const signIn = async () => {
    const client = server().client();
    const answer = await client.postForm('/api/auth/login/', {
      login: user.username,
      password: PASSWORD,
    });
    expect(answer.status).toBe(200);
    return client;
  };
  const stolen = await signIn();
  const phone = await signIn();
  await socialRoundTrip(stolen, 'github', { email: uniqueEmail('gh') }, { intent: 'link' });
  const [, other] = await json<SessionInfo[]>(await stolen.get('/api/v1/sessions/'));
  server().clock.advance(REAUTH_WINDOW_MS + 1000);
  return { stolen, phone, otherId: other!.id, username: user.username };
}

/** Ways a client might try to claim a fresh sign-in the server never saw. */
type Claim = { body?: string; headers?: Record<string, string>; query?: string };
const CLAIMS: [string, Claim][] = [
  ['nothing more', {}],
  ['a password in the body', { body: JSON.stringify({ password: PASSWORD }) }],
  ['a made-up header', { headers: { 'X-Reauth': '1', 'X-Authenticated-At': 'now' } }],
  ['a query flag', { query: '?reauth=1&authenticated_at=9999999999' }],
];

describe('re-authentication cannot be skipped by calling the API directly', () => {
  it.each(CLAIMS)('every sensitive route refuses an old session with %s', async (_, claim) => {
    const { stolen, phone, otherId, username } = await stolenOldSession();
    const { query = '', body, headers: extra = {} } = claim;
    const headers = { 'Content-Type': 'application/json', ...extra };
    const sensitive: [string, string, string | undefined][] = [
      ['DELETE', `/api/v1/sessions/${otherId}/`, body],
      ['DELETE', '/api/v1/sessions/', body],
      ['DELETE', '/api/v1/profile/social/github/', body],
      ['DELETE', '/api/v1/profile/', body],
      // The right current password and a good new one: still not without a recent sign-in.
      [
        'POST',
        '/api/v1/security/password/',
        JSON.stringify({ current_password: PASSWORD, password: 'Taken-over-pass-9' }),
      ],
      // A new address for the account: no code is mailed without a recent sign-in.
      ['POST', '/api/v1/security/email/', JSON.stringify({ email: 'taker@example.com' })],
      // The authenticator app (decision 0218): set up, confirmed, new codes, turned off.
      ['POST', '/api/v1/security/two-factor/setup/', body],
      ['POST', '/api/v1/security/two-factor/confirm/', JSON.stringify({ code: '123456' })],
      ['POST', '/api/v1/security/two-factor/recovery-codes/', body],
      ['DELETE', '/api/v1/security/two-factor/', body],
      // Adding a passkey (its options first) and removing one (refused before any lookup).
      ['POST', '/api/v1/security/passkeys/options/', body],
      ['POST', '/api/v1/security/passkeys/', body],
      ['DELETE', '/api/v1/security/passkeys/00000000-0000-4000-8000-000000000000/', body],
    ];
    for (const [method, path, sent] of sensitive) {
      const answer = await stolen.request(`${path}${query}`, {
        ...(sent === undefined ? {} : { body: sent }),
        headers,
        method,
      });
      expect(answer.status, path).toBe(403);
      expect(await json(answer)).toEqual({ code: 'reauth_required', detail: expect.any(String) });
    }
    // Nothing changed: the phone is signed in, the link and the profile are there, and
    // the password is the owner's still.
    expect((await phone.get('/api/v1/profile/')).status).toBe(200);
    const owner = await server().client().postForm('/api/auth/login/', {
      login: username,
      password: PASSWORD,
    });
    expect(owner.status).toBe(200);
    expect(await json(await stolen.get('/api/v1/profile/social/'))).toHaveLength(1);
    expect(await mailsTo(server(), 'taker@example.com')).toEqual([]);
  });

  it('checks no more than 5 of 30 parallel password guesses in re-authentication', async () => {
    const { stolen } = await stolenOldSession();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        sendJson(stolen, 'POST', '/api/v1/session/reauth/', { password: `Guess-pass-${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    // The right password is refused too until the window ends: no sixth guess.
    const right = await sendJson(stolen, 'POST', '/api/v1/session/reauth/', { password: PASSWORD });
    expect(right.status).toBe(429);
  });
});
