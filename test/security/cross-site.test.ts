import { describe, expect, it } from 'vitest';
import { useTestServer } from '../server/harness.ts';

/* Checklist points 16 and 17: cross-site requests refused, headers on every answer. */
const server = useTestServer({ env: { PUBLIC_URL: 'https://portal.test' } });

const LOGOUT = '/api/auth/logout/';

describe('cross-site requests', () => {
  it.each([
    ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['a foreign Origin', { Origin: 'https://evil.test' }],
    ['an opaque Origin', { Origin: 'null' }],
  ])('refuses an unsafe call with %s, even with the right token', async (_, headers) => {
    const client = server().client();
    const answer = await client.request(LOGOUT, { method: 'POST', headers });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: 'csrf_failed' });
  });

  it.each([
    ['same-origin', { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://localhost' }],
    ['the public address', { Origin: 'https://portal.test' }],
    ['no browser headers at all', {}],
  ])('accepts an unsafe call from %s', async (_, headers) => {
    const answer = await server().client().request(LOGOUT, { method: 'POST', headers });
    expect(answer.status).toBe(204);
  });

  it('changes nothing on a GET', async () => {
    const { user, password } = await server().createUser();
    const client = server().client();
    await client.postForm('/api/auth/login/', { login: user.username, password });
    for (const path of ['/api/auth/logout/', '/api/v1/profile/', '/api/autopayment/']) {
      await client.get(path);
    }
    expect((await client.get('/api/v1/profile/')).status).toBe(200);
  });
});

describe('headers on every answer', () => {
  it.each([
    ['an API answer', '/api/v1/countries/'],
    ['an API error', '/api/v1/profile/'],
    ['an unknown API path', '/api/nothing/'],
    ['a page', '/en/login/1'],
  ])('%s carries CSP, nosniff, Referrer-Policy and no reflected CORS', async (_, path) => {
    const answer = await server()
      .client()
      .get(path, { headers: { Origin: 'https://evil.test' } });
    const csp = answer.headers.get('content-security-policy') ?? '';
    for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('strict-transport-security')).toBeNull();
  });
});
