import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import type { AppDeps } from '../../server/deps.ts';
import type { AppEnv } from '../../server/http/context.ts';
import { csrfMiddleware, isOwnCsrfToken, newCsrfToken } from '../../server/identity/routes/csrf.ts';
import { parseSetCookie, useTestServer } from './harness.ts';

const server = useTestServer();
const LOGIN = '/api/auth/login/';

describe('CSRF', () => {
  it('sets a readable csrftoken cookie on API and page responses', async () => {
    for (const path of ['/api/v1/countries/', '/en/login/1']) {
      const header = (await server().client().get(path)).headers
        .getSetCookie()
        .find((h) => h.startsWith('csrftoken='));
      const cookie = parseSetCookie(header ?? '');
      expect(cookie.value.length).toBeGreaterThan(20);
      expect(cookie.attributes.has('httponly')).toBe(false);
      expect(cookie.attributes.get('samesite')).toBe('Lax');
      expect(cookie.attributes.get('path')).toBe('/');
      // Outside production it is kept over plain HTTP too (production's is Secure:
      // security's production test).
      expect(cookie.attributes.has('secure')).toBe(false);
      // A browser keeps it for a year.
      expect(cookie.attributes.get('max-age')).toBe(String(365 * 24 * 60 * 60));
    }
  });

  it('sets it once on every kind of answer: a page, a read, a refusal, a missing page', async () => {
    for (const path of ['/en/login/1', '/api/v1/countries/', '/api/v1/profile/', '/api/nope/']) {
      const response = await server().client().get(path);
      const cookies = response.headers.getSetCookie().filter((h) => h.startsWith('csrftoken='));
      expect([path, cookies.length]).toEqual([path, 1]);
    }
  });

  it('sets it on an answer made without the context too, once', async () => {
    const app = new Hono<AppEnv>();
    app.use(csrfMiddleware({ config: server().config } as AppDeps));
    app.get('/raw', () => new Response('made without the context'));
    app.get('/made', (c) => c.text('made with it'));
    app.get(
      '/raw-with-another-cookie',
      () => new Response('made without it', { headers: { 'Set-Cookie': 'other=1; Path=/' } }),
    );
    for (const path of ['/raw', '/made', '/raw-with-another-cookie']) {
      const response = await app.request(path);
      const cookies = response.headers.getSetCookie().filter((h) => h.startsWith('csrftoken='));
      expect([path, cookies.length]).toEqual([path, 1]);
      expect(isOwnCsrfToken(server().config.sessionSecret, parseSetCookie(cookies[0]!).value)).toBe(
        true,
      );
    }
  });

  it('does not set the cookie again once the browser has it', async () => {
    const client = server().client();
    await client.get('/api/v1/countries/');
    const again = await client.get('/api/v1/countries/');
    expect(again.headers.getSetCookie().some((h) => h.startsWith('csrftoken='))).toBe(false);
  });

  it.each([
    ['without the header', false],
    ['with a wrong header', 'not-the-token'],
  ] as const)('refuses an unsafe call %s', async (_, csrf) => {
    const { user, password } = await server().createUser();
    const client = server().client();
    await client.get('/api/v1/profile/');
    const response = await client.postForm(LOGIN, { login: user.username, password }, { csrf });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: 'csrf_failed', detail: expect.any(String) });
    expect(client.cookies.has('sessionid')).toBe(false);
    // The browser's token was good: it keeps it, for the page to send again.
    expect(response.headers.getSetCookie().some((h) => h.startsWith('csrftoken='))).toBe(false);
  });

  it('gives every token a nonce of its own, past one batch of random bytes and the next', () => {
    const secret = server().config.sessionSecret;
    const nonces = Array.from({ length: 1000 }, () => newCsrfToken(secret).split('.')[0]!);
    expect(new Set(nonces).size).toBe(nonces.length);
    // 24 random bytes each, as base64url.
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64url')).toHaveLength(24);
  });

  it('takes only a token of its own shape: a nonce, a dot, its signature', () => {
    const secret = server().config.sessionSecret;
    const token = newCsrfToken(secret);
    expect(isOwnCsrfToken(secret, token)).toBe(true);
    for (const forged of [`${token}.x`, `${token}.`, token.split('.')[0] ?? '', ''])
      expect(isOwnCsrfToken(secret, forged), forged).toBe(false);
  });

  it('lets through without a token only the one-click unsubscribe and the webhooks, by POST', async () => {
    const client = server().client();
    await client.get('/api/v1/countries/');
    for (const [method, path] of [
      ['POST', '/api'],
      ['PUT', '/api/v1/unsubscribe/token/'],
      ['POST', '/api/v1/unsubscribe/token/more/'],
      ['POST', '/api/v1/unsubscribe/token/x'],
      ['POST', '/api/v2/api/v1/unsubscribe/token/'],
      ['PUT', '/api/billing/webhooks/stripe/'],
      ['POST', '/api/billing/webhooks/stripe/more/'],
      ['POST', '/api/billing/webhooks/stripe/x'],
      ['POST', '/api/v2/api/billing/webhooks/stripe/'],
    ] as const) {
      const response = await client.request(path, { method, csrf: false });
      expect([method, path, response.status]).toEqual([method, path, 403]);
    }
  });

  it('refuses a header matching a cookie the server did not sign', async () => {
    const client = server().client();
    client.cookies.set('csrftoken', 'forged.token');
    const response = await client.request('/api/auth/logout/', {
      method: 'POST',
      csrf: 'forged.token',
    });
    expect(response.status).toBe(403);
    // The forged cookie is replaced, so the next try from the real page works.
    expect(client.cookies.get('csrftoken')).not.toBe('forged.token');
    expect((await client.request('/api/auth/logout/', { method: 'POST' })).status).toBe(204);
  });
});
