import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/identity/throttle.ts';
import { json, signedIn } from './billing.ts';
import { useTestServer } from './harness.ts';
import { addPasskey, signInChallenge } from './passkey-steps.ts';

/*
 * The sign-in page's passkey challenge (decision 0219) is asked for before anyone signs
 * in, and each is a row: it is counted per IP, apart from the sign-in's own buckets.
 */

const server = useTestServer({ env: { TRUST_PROXY: '1' } });
const MINUTE = 60_000;
const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const OPTIONS = '/api/auth/passkey/options/';

describe('passkey sign-in options', () => {
  it('answers 429 past the limit per IP; another IP signs in with a passkey meanwhile', async () => {
    const { user, client } = await signedIn(server());
    const { key } = await addPasskey(server(), client, user);
    // Windows are fixed: start at the beginning of one so the whole test fits in it.
    server().clock.toWindowStart(15 * MINUTE);

    const flooder = server().client();
    for (let i = 0; i < LIMITS.passkeyOptionsIp.max; i += 1) {
      await signInChallenge(flooder, from('198.51.100.7'));
    }
    const refused = await flooder.request(OPTIONS, {
      method: 'POST',
      headers: from('198.51.100.7'),
    });
    expect(refused.status).toBe(429);
    expect(await json(refused)).toEqual({
      code: 'too_many_requests',
      detail: expect.any(String),
      retry_after: 900,
    });
    expect(refused.headers.get('Retry-After')).toBe('900');

    const browser = server().client();
    const headers = { ...from('198.51.100.8'), 'Content-Type': 'application/json' };
    const challenge = await signInChallenge(browser, headers);
    const answer = await browser.request('/api/auth/passkey/', {
      method: 'POST',
      headers,
      body: JSON.stringify({ credential: key.assert(challenge), next: '/en/profile' }),
    });
    expect(answer.status).toBe(200);
    expect(await json(answer)).toEqual({ next: '/en/profile' });

    // The window over, the first IP is heard again.
    server().clock.advance(15 * MINUTE);
    await signInChallenge(flooder, from('198.51.100.7'));
  });

  it('keeps every challenge a browser asked for: the autofill’s and the button’s', async () => {
    const { user, client } = await signedIn(server());
    const { key } = await addPasskey(server(), client, user);
    const browser = server().client();
    const headers = { ...from('198.51.100.9'), 'Content-Type': 'application/json' };
    const autofill = await signInChallenge(browser, headers);
    // The button's answer came last and its cookie stays, yet the autofill's challenge is good.
    await signInChallenge(browser, headers);
    const answer = await browser.request('/api/auth/passkey/', {
      method: 'POST',
      headers,
      body: JSON.stringify({ credential: key.assert(autofill) }),
    });
    expect(answer.status).toBe(200);
  });
});
