import { describe, expect, it } from 'vitest';
import { useTestServer } from './harness.ts';
import { signedUpClient } from './identity.ts';

const server = useTestServer();
const NUL = 'a\u0000b';

describe('hostile input never makes a 500', () => {
  it.each([
    ['/api/auth/login/', { login: NUL, password: NUL }],
    ['/api/auth/signup/', { email: NUL, password: NUL, agree: 'on', next: NUL }],
    ['/api/auth/password/reset/', { email: `x${NUL}@example.com` }],
    ['/api/auth/password/set/', { token: NUL, password: 'Strong-pass-1' }],
    ['/api/auth/signup/confirm/', { code: NUL }],
  ])('POST %s with NUL characters', async (path, body) => {
    for (const response of [
      await server().client().postForm(path, body),
      await server().client().postJson(path, body),
      await server()
        .client()
        .postJson(path, { ...body, extra: { deep: [1, null, true] } }),
    ]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
  });

  it('PATCH /api/v1/profile/ with NUL in a free-text field', async () => {
    const { client } = await signedUpClient(server());
    const response = await client.request('/api/v1/profile/', {
      method: 'PATCH',
      body: JSON.stringify({
        first_name: 'Ann',
        last_name: 'Lee',
        company: NUL,
        industry: '',
        role: '',
        phone: '',
        country: 'GB',
      }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(400);
  });

  it.each([
    `/api/dev/mails/?to=${encodeURIComponent(NUL)}`,
    `/dev/mailbox?to=${encodeURIComponent(NUL)}`,
    `/api/v1/unsubscribe/${encodeURIComponent(NUL)}/`,
    `/api/auth/social/yandex/callback/?state=${encodeURIComponent(NUL)}&code=${encodeURIComponent(NUL)}`,
    `/api/auth/social/yandex/start/?intent=login&next=${encodeURIComponent(NUL)}`,
    `/sandbox/idp/yandex/authorize?state=${encodeURIComponent(NUL)}`,
    '/api/auth/social/yandex/callback/?state=%ZZ',
  ])('GET %s', async (path) => {
    const response = await server().client().get(path);
    expect(response.status).toBeLessThan(500);
  });
});
