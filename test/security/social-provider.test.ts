import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { oauthStates, sessions, socialAccounts, users } from '../../server/db/schema.ts';
import { useTestServer, type TestClient } from '../server/harness.ts';
import { location } from '../server/social-flow.ts';

/*
 * Checklist point 24 for the social identity providers: one that hangs, fails or resets
 * the connection during the callback's code exchange. The configured GitHub adapter
 * (server/identity/social/oauth.ts) runs against a stubbed `fetch`: the token call, then
 * the user and the e-mails calls, each of which can be made to misbehave.
 */
const server = useTestServer({
  env: {
    PROVIDER_TIMEOUT_SECONDS: '1',
    GITHUB_CLIENT_ID: 'github-client',
    GITHUB_CLIENT_SECRET: 'github-secret',
  },
});

type Step = 'token' | 'user' | 'emails';
type Fault = 'hang' | 'reset' | 'error';
/** Milliseconds every call waits before it answers (each alone inside the timeout). */
let slowMs = 0;

let fault: { at: Step; how: Fault } | null = null;
const signals: (AbortSignal | undefined)[] = [];
let email = '';

/** What undici gives when the peer resets the socket. */
function connectionReset(): TypeError {
  const cause = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
  return new TypeError('fetch failed', { cause });
}

function stepOf(url: string): Step {
  if (url === 'https://github.com/login/oauth/access_token') return 'token';
  if (url === 'https://api.github.com/user/emails') return 'emails';
  if (url === 'https://api.github.com/user') return 'user';
  throw new Error(`unexpected request to ${url}`);
}

/** GitHub as seen from here. */
function githubApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = input instanceof Request ? input.url : input.toString();
  const step = stepOf(url);
  const signal = init?.signal ?? undefined;
  signals.push(signal);
  if (fault?.at === step) {
    if (fault.how === 'reset') return Promise.reject(connectionReset());
    if (fault.how === 'error') return Promise.resolve(new Response('unavailable', { status: 503 }));
    // Accepts the connection and never answers: only an abort ends it.
    return new Promise((_, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    });
  }
  if (slowMs > 0) {
    // Answers, but only after slowMs; an abort ends the wait.
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve(answer(step)), slowMs);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason as Error);
        },
        { once: true },
      );
    });
  }
  return Promise.resolve(answer(step));
}

/** GitHub's answer to a call that goes well. */
function answer(step: Step): Response {
  switch (step) {
    case 'token':
      return Response.json({ access_token: 'gho_token', token_type: 'bearer' });
    case 'user':
      return Response.json({ id: 4242 + people, name: 'Sam Smith', avatar_url: null });
    case 'emails':
      return Response.json([{ email, primary: true, verified: true }]);
  }
}

beforeEach(() => {
  fault = null;
  slowMs = 0;
  signals.length = 0;
  vi.stubGlobal('fetch', githubApi);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Start (sign-up) and come back with a code, as GitHub would send the browser. */
async function signUpWithGithub(client: TestClient): Promise<{ response: Response; ms: number }> {
  const start = await client.get('/api/auth/social/github/start/?intent=signup');
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location') ?? '');
  expect(authorize.origin).toBe('https://github.com');
  const state = authorize.searchParams.get('state') ?? '';
  const begin = performance.now();
  const response = await client.get(
    `/api/auth/social/github/callback/?state=${encodeURIComponent(state)}&code=github-code`,
  );
  return { response, ms: performance.now() - begin };
}

async function rows() {
  const db = server().db;
  const [[u], [s], [l], [o]] = await Promise.all([
    db.select({ n: count() }).from(users).where(eq(users.email, email)),
    db.select({ n: count() }).from(sessions),
    db.select({ n: count() }).from(socialAccounts),
    db.select({ n: count() }).from(oauthStates),
  ]);
  return { users: u?.n, sessions: s?.n, links: l?.n, states: o?.n };
}

let people = 0;

describe('a social identity provider that hangs, fails or resets during the code exchange', () => {
  it.each([
    ['token', 'hang'],
    ['token', 'reset'],
    ['token', 'error'],
    ['user', 'hang'],
    ['emails', 'hang'],
    ['emails', 'reset'],
  ] as const)(
    'at its %s call (%s): social_denied within the timeout, nothing written, and the next try signs up',
    async (at, how) => {
      email = `social-fault-${++people}@example.com`;
      const client = server().client();
      const before = await rows();
      fault = { at, how };
      const { response, ms } = await signUpWithGithub(client);
      // The sign-in page with a retryable error, within PROVIDER_TIMEOUT_SECONDS (1 s)
      // for the whole exchange, not 10 s a call.
      expect(location(response)).toBe('/en/login/1?error=social_denied');
      expect(ms).toBeLessThan(2500);
      if (how === 'hang') expect(ms).toBeGreaterThanOrEqual(900);
      // The request the provider never answered was aborted, not left running.
      expect(signals.at(-1)?.aborted).toBe(how === 'hang');
      // No user, link or session, and no state left over (it is single use).
      expect(await rows()).toEqual(before);
      expect((await client.get('/api/v1/profile/')).status).toBe(401);

      fault = null;
      const retry = await signUpWithGithub(client);
      expect(location(retry.response)).not.toContain('error=');
      const after = await rows();
      expect(after).toMatchObject({
        users: 1,
        sessions: (before.sessions ?? 0) + 1,
        links: (before.links ?? 0) + 1,
      });
      const [user] = await server().db.select().from(users).where(eq(users.email, email));
      const [link] = await server()
        .db.select()
        .from(socialAccounts)
        .where(eq(socialAccounts.userId, user?.id ?? -1));
      expect(link).toMatchObject({ provider: 'github', subject: String(4242 + people) });
      expect((await client.get('/api/v1/profile/')).status).toBe(200);
    },
  );

  it('bounds the whole exchange, not each call: three calls of 600 ms end at the 1 s deadline', async () => {
    email = `social-fault-${++people}@example.com`;
    const client = server().client();
    const before = await rows();
    slowMs = 600;
    const { response, ms } = await signUpWithGithub(client);
    expect(location(response)).toBe('/en/login/1?error=social_denied');
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(1500);
    // The token call answered; the user call was cut at the deadline.
    expect(signals).toHaveLength(2);
    expect(signals[1]?.aborted).toBe(true);
    expect(await rows()).toEqual(before);
  });
});

describe('the sandbox identity provider beside a configured one', () => {
  it('stands in only for the providers not configured: none of its pages for GitHub here', async () => {
    const client = server().client();
    const callback = (id: string) =>
      encodeURIComponent(`${server().config.publicUrl}/api/auth/social/${id}/callback/`);
    const consent = (id: string) =>
      client.get(
        `/sandbox/idp/${id}/authorize?response_type=code&client_id=sandbox&redirect_uri=${callback(id)}` +
          `&state=s&code_challenge=${'c'.repeat(43)}&code_challenge_method=S256`,
      );
    expect((await consent('yandex')).status).toBe(200);
    expect((await consent('github')).status).toBe(400);
    expect((await client.get('/sandbox/idp/yandex/picture/0123456789abcdef.svg')).status).toBe(200);
    expect((await client.get('/sandbox/idp/github/picture/0123456789abcdef.svg')).status).toBe(404);
  });
});
