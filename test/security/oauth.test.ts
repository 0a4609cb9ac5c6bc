import { describe, expect, it } from 'vitest';
import { oauthStates } from '../../server/db/schema.ts';
import { STATE_TTL_MS } from '../../server/identity/social/states.ts';
import { SOCIAL_START_LIMIT } from '../../server/identity/social/flow.ts';
import { parseSetCookie, useTestServer, type TestClient } from '../server/harness.ts';
import { signedUpClient, uniqueEmail } from '../server/identity.ts';
import { hiddenFields, location } from '../server/social-flow.ts';

/* Checklist point 18 and issue "Security", item 4: no login CSRF through OAuth. */
const server = useTestServer({ env: { TRUST_PROXY: '1' } });

let ipCount = 0;
/** A browser with an address of its own, so the per-IP start limit is each test's own. */
function browser(): TestClient {
  const client = server().client();
  const ip = `192.0.2.${++ipCount}`;
  addresses.set(client, ip);
  return client;
}
const addresses = new WeakMap<TestClient, string>();

function start(client: TestClient, query = '') {
  const headers = { 'X-Forwarded-For': addresses.get(client) ?? '198.51.100.1' };
  return client.get(`/api/auth/social/yandex/start/${query}`, { headers });
}

/** Start and consent in one browser; the callback URL it would be sent back to. */
async function callbackUrl(client: TestClient, email: string, intent = 'signup') {
  const start_ = await start(client, `?intent=${intent}`);
  const consentPath = location(start_);
  const fields = hiddenFields(await (await client.get(consentPath)).text());
  const posted = await client.postForm(new URL(consentPath, 'http://x').pathname, {
    ...fields,
    email,
    first_name: 'Eve',
    last_name: 'Mallory',
    decision: 'allow',
  });
  return location(posted);
}

describe('OAuth state bound to the browser that started the flow', () => {
  it('sets a short-lived HttpOnly state cookie at the start', async () => {
    const started = await start(browser());
    const header = started.headers.getSetCookie().find((h) => h.startsWith('oauth_state='));
    const cookie = parseSetCookie(header ?? '');
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Lax');
    expect(cookie.attributes.get('max-age')).toBe(String(STATE_TTL_MS / 1000));
  });

  it('refuses a callback opened in another browser (login CSRF) and signs nobody in', async () => {
    const attacker = browser();
    const url = await callbackUrl(attacker, uniqueEmail('attacker'));
    const victim = browser();
    const answer = await victim.get(url);
    expect(location(answer)).toBe('/en/login/1?error=wrong_token');
    expect((await victim.get('/api/v1/profile/')).status).toBe(401);
    // The state was not used up by the refused try: the starting browser still finishes.
    expect(location(await attacker.get(url))).toBe('/en/profile');
    expect((await attacker.get('/api/v1/profile/')).status).toBe(200);
  });

  it('refuses a link callback opened by another signed-in user', async () => {
    const { client: attacker } = await signedUpClient(server());
    const url = await callbackUrl(attacker, uniqueEmail('attacker-idp'), 'link');
    const { client: victim } = await signedUpClient(server());
    const answer = await victim.get(url);
    expect(location(answer)).toContain('error=wrong_token');
    const accounts = await victim.get('/api/v1/profile/social/');
    expect(JSON.stringify(await accounts.json())).not.toContain('attacker-idp');
  });

  it('refuses a callback whose state cookie names another flow', async () => {
    const client = browser();
    const url = await callbackUrl(client, uniqueEmail());
    // A second start in the same browser replaces the cookie: only the newest flow counts.
    await start(client);
    expect(location(await client.get(url))).toBe('/en/login/1?error=wrong_token');
  });
});

describe('social sign-in start', () => {
  it('is throttled per address and answers on the sign-in page', async () => {
    const client = browser();
    for (let i = 0; i < SOCIAL_START_LIMIT.max; i++) {
      expect(location(await start(client))).toContain('/sandbox/');
    }
    const refused = await start(client);
    expect(location(refused)).toBe('/en/login/1?error=too_many_requests');
    // Another address is not affected.
    expect(location(await start(browser()))).toContain('/sandbox/');
  });

  it('purges expired states', async () => {
    await start(browser());
    server().clock.advance(STATE_TTL_MS + 1000);
    await start(browser());
    const rows = await server().db.select().from(oauthStates);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.expiresAt > server().clock.now())).toBe(true);
  });
});
