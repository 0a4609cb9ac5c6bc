import { describe, expect, it } from 'vitest';
import { keptPicture } from '../../server/identity/social/picture.ts';
import { useTestServer } from './harness.ts';
import { uniqueEmail } from './identity.ts';
import { socialRoundTrip } from './social-flow.ts';

const server = useTestServer();
const configured = useTestServer({
  env: { YANDEX_CLIENT_ID: 'client-1', YANDEX_CLIENT_SECRET: 'secret-1' },
});
const OWN = 'http://localhost:8080';

async function signedIn() {
  const { user, password } = await server().createUser();
  const client = server().client();
  await client.postForm('/api/auth/login/', { login: user.username, password });
  return { client, user };
}

type Client = Awaited<ReturnType<typeof signedIn>>['client'];
const userpic = async (client: Client) =>
  ((await (await client.get('/api/v1/profile/')).json()) as { userpic_url: unknown }).userpic_url;
const SANDBOX_PICTURE = /^https?:\/\/[^/]+\/sandbox\/idp\/(\w+)\/picture\/[0-9a-f]{16}\.svg$/;

describe('the userpic', () => {
  it('is none without a social link, the linked provider’s picture after, none after unlinking', async () => {
    const { client } = await signedIn();
    expect(await userpic(client)).toBeNull();
    await socialRoundTrip(client, 'github', { email: uniqueEmail('pic') }, { intent: 'link' });
    const url = await userpic(client);
    expect(url).toMatch(SANDBOX_PICTURE);
    expect(SANDBOX_PICTURE.exec(String(url))?.[1]).toBe('github');
    await client.request('/api/v1/profile/social/github/', { method: 'DELETE' });
    expect(await userpic(client)).toBeNull();
  });

  it('comes with a sign-up through a provider, and is the latest link’s', async () => {
    const client = server().client();
    await socialRoundTrip(client, 'google', { email: uniqueEmail('new') });
    const first = String(await userpic(client));
    expect(SANDBOX_PICTURE.exec(first)?.[1]).toBe('google');
    server().clock.advance(1000);
    await socialRoundTrip(client, 'yandex', { email: uniqueEmail('more') }, { intent: 'link' });
    expect(SANDBOX_PICTURE.exec(String(await userpic(client)))?.[1]).toBe('yandex');
  });

  it('is drawn by this server for the sandbox: an SVG, no outside host', async () => {
    const { client } = await signedIn();
    await socialRoundTrip(client, 'github', { email: uniqueEmail('svg') }, { intent: 'link' });
    const url = new URL(String(await userpic(client)));
    const picture = await server().client().get(url.pathname);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/svg+xml');
    const svg = await picture.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    const other = await server().client().get('/sandbox/idp/github/picture/nothex.svg');
    expect(other.headers.get('content-type')).not.toBe('image/svg+xml');
  });

  it("is kept a day, in a colour of its file's first four hex digits, and only for a provider the sandbox stands in for", async () => {
    const fill = async (file: string) => {
      const picture = await server().client().get(`/sandbox/idp/github/picture/${file}.svg`);
      expect(picture.headers.get('cache-control')).toBe('public, max-age=86400');
      return /fill="hsl\((\d+) 60% 45%\)"/.exec(await picture.text())?.[1];
    };
    expect(await fill('00b4000000000000')).toBe('180');
    expect(await fill('00b4ffffffffffff')).toBe('180');
    expect(await fill('ffff000000000000')).toBe(String(0xffff % 360));
    // With Yandex configured, its pictures come from Yandex, not from here.
    const own = await configured().client().get('/sandbox/idp/yandex/picture/00b4000000000000.svg');
    expect(own.status).toBe(404);
    const other = await configured()
      .client()
      .get('/sandbox/idp/github/picture/00b4000000000000.svg');
    expect(other.status).toBe(200);
  });

  it('comes from a sandbox that stands in for a provider only while it is not configured', async () => {
    const start = await server().client().get('/api/auth/social/yandex/start/');
    const authorize = start.headers.get('location') ?? '';
    expect(authorize).toContain('/sandbox/idp/yandex/authorize?');
    const page = new URL(authorize, OWN);
    expect(
      (
        await server()
          .client()
          .get(page.pathname + page.search)
      ).status,
    ).toBe(200);
    const refused = await configured()
      .client()
      .get(page.pathname + page.search);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Invalid authorization request.');
  });

  it('is shown in the export of personal data, beside its link', async () => {
    const { client } = await signedIn();
    await socialRoundTrip(client, 'github', { email: uniqueEmail('exp') }, { intent: 'link' });
    const url = await userpic(client);
    const exported = (await (await client.get('/api/v1/profile/export/')).json()) as {
      profile: { userpic_url: unknown };
      social_accounts: { picture_url: unknown }[];
    };
    expect(exported.profile.userpic_url).toBe(url);
    expect(exported.social_accounts[0]?.picture_url).toBe(url);
  });
});

describe('a picture address from a provider', () => {
  it('is kept only on https at the providers’ picture hosts, or on this server', () => {
    for (const url of [
      'https://lh3.googleusercontent.com/a/ACg8oc=s96-c',
      'https://avatars.githubusercontent.com/u/1?v=4',
      'https://avatars.yandex.net/get-yapic/123/islands-200',
      `${OWN}/sandbox/idp/google/picture/0123456789abcdef.svg`,
    ]) {
      expect(keptPicture(url, OWN)).toBe(url);
    }
    for (const url of [
      null,
      'http://lh3.googleusercontent.com/a/x',
      'https://evil.example/a.png',
      'https://googleusercontent.com.evil.example/a.png',
      'https://user:pass@avatars.githubusercontent.com/u/1',
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      'not a url',
      `${OWN}/en/logout`,
      `https://avatars.githubusercontent.com/${'a'.repeat(2000)}`,
      // A user name or a password alone is a credential in the address too.
      'https://user@avatars.githubusercontent.com/u/1',
      'https://:pass@avatars.githubusercontent.com/u/1',
      // A host named exactly is that host, not one ending in its name.
      'https://xavatars.githubusercontent.com/u/1',
      'https://my-avatars.yandex.net/get-yapic/1/islands-200',
    ]) {
      expect(keptPicture(url, OWN)).toBeNull();
    }
  });

  it('is kept up to 2,000 characters long, not one more', () => {
    const start = 'https://avatars.githubusercontent.com/u/';
    const longest = start + '1'.repeat(2000 - start.length);
    expect(keptPicture(longest, OWN)).toBe(longest);
    expect(keptPicture(`${longest}1`, OWN)).toBeNull();
  });

  it('loads under the page’s policy: those hosts are named for images, no others', async () => {
    const page = await server().client().get('/en/login/1');
    const policy = page.headers.get('content-security-policy') ?? '';
    const images = policy.split(';').find((part) => part.trim().startsWith('img-src')) ?? '';
    expect(images.trim().split(/\s+/)).toEqual([
      'img-src',
      "'self'",
      'data:',
      'blob:',
      'https://*.googleusercontent.com',
      'https://avatars.githubusercontent.com',
      'https://avatars.yandex.net',
    ]);
  });
});
