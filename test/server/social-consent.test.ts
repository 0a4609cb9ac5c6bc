import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../server/http/context.ts';
import { holdForConsent, takeConsent } from '../../server/identity/routes/social-consent.ts';
import type { Identity } from '../../server/identity/social/provider.ts';
import { useTestServer } from './harness.ts';

const server = useTestServer();

/**
 * The held identity as a real provider may send it, longer than the sandbox's form
 * allows: what the terms' page takes up again is what the account is made of.
 */
function consentApp() {
  const app = new Hono<AppEnv>();
  app.post('/hold', async (c) => {
    const identity = (await c.req.json()) as Identity;
    await holdForConsent(c, server().deps(), {
      provider: 'google',
      identity,
      next: '/ru/software',
      locale: 'ru',
    });
    return c.body(null, 204);
  });
  app.post('/take', async (c) => c.json(await takeConsent(c, server().deps())));
  return app;
}

async function roundTrip(identity: Identity) {
  const app = consentApp();
  const held = await app.request('/hold', { method: 'POST', body: JSON.stringify(identity) });
  expect(held.status).toBe(204);
  const cookie = held.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const taken = await app.request('/take', { method: 'POST', headers: { cookie } });
  expect(taken.status).toBe(200);
  return (await taken.json()) as { identity: Identity; next: string; locale: string };
}

const base: Identity = {
  subject: 'google-1',
  email: 'held@example.com',
  email_verified: true,
  first_name: 'Ann',
  last_name: 'Lee',
  picture_url: 'https://lh3.googleusercontent.com/a/picture',
};

describe('a new identity held for the terms', () => {
  it('comes back whole, with the page asked for and its language', async () => {
    expect(await roundTrip(base)).toEqual({
      provider: 'google',
      identity: base,
      next: '/ru/software',
      locale: 'ru',
    });
  });

  it('comes back with its fields cut to what an account keeps', async () => {
    const { identity } = await roundTrip({
      ...base,
      subject: 's'.repeat(300),
      email: `${'e'.repeat(250)}@example.com`,
      first_name: 'F'.repeat(70),
      last_name: 'L'.repeat(70),
    });
    expect(identity.subject).toBe('s'.repeat(255));
    expect(identity.email).toBe(`${'e'.repeat(250)}@example.com`.slice(0, 254));
    expect(identity.first_name).toBe('F'.repeat(64));
    expect(identity.last_name).toBe('L'.repeat(64));
  });

  it('keeps a picture address of up to 1,000 characters, and drops a longer one', async () => {
    const at = (length: number) =>
      `https://lh3.googleusercontent.com/a/${'p'.repeat(length - 'https://lh3.googleusercontent.com/a/'.length)}`;
    expect((await roundTrip({ ...base, picture_url: at(1000) })).identity.picture_url).toBe(
      at(1000),
    );
    expect((await roundTrip({ ...base, picture_url: at(1001) })).identity.picture_url).toBeNull();
    expect((await roundTrip({ ...base, picture_url: null })).identity.picture_url).toBeNull();
  });
});
