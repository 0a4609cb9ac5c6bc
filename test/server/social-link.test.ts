import { describe, expect, it } from 'vitest';
import { socialAccounts } from '../../server/db/schema.ts';
import { useTestServer } from './harness.ts';
import { uniqueEmail } from './identity.ts';
import { hiddenFields, location, socialRoundTrip } from './social-flow.ts';

const server = useTestServer();

async function signedIn() {
  const { user, password } = await server().createUser();
  const client = server().client();
  await client.postForm('/api/auth/login/', { login: user.username, password });
  return { client, user };
}

const unlink = (client: ReturnType<ReturnType<typeof server>['client']>, provider: string) =>
  client.request(`/api/v1/profile/social/${provider}/`, { method: 'DELETE' });

describe('linking social accounts to the signed-in user', () => {
  it('links another provider, even with another e-mail, and lists it', async () => {
    const { client, user } = await signedIn();
    const other = uniqueEmail('elsewhere');
    const done = await socialRoundTrip(
      client,
      'github',
      { email: other },
      { intent: 'link', next: '/en/profile' },
    );
    expect(location(done)).toBe('/en/profile');
    expect(await (await client.get('/api/v1/profile/')).json()).toMatchObject({
      email: user.email,
    });
    expect(await (await client.get('/api/v1/profile/social/')).json()).toEqual([
      { provider: 'github', email: other, linked_at: expect.any(String) },
    ]);
    // Linked, it signs in to this account from any browser, whatever its e-mail.
    const elsewhere = server().client();
    const signIn = await socialRoundTrip(
      elsewhere,
      'github',
      { email: other },
      { intent: 'login' },
    );
    expect(location(signIn)).toBe('/en/profile');
    expect(await (await elsewhere.get('/api/v1/profile/')).json()).toMatchObject({
      email: user.email,
    });
  });

  it('refuses an identity linked to someone else with social_account_taken', async () => {
    const email = uniqueEmail('taken');
    await socialRoundTrip(server().client(), 'yandex', { email });
    const { client } = await signedIn();
    const done = await socialRoundTrip(client, 'yandex', { email }, { intent: 'link' });
    expect(location(done)).toBe('/en/profile?error=social_account_taken');
  });

  it('links nothing when another account signed in here before the provider answered', async () => {
    const first = await signedIn();
    const start = await first.client.get('/api/auth/social/github/start/?intent=link');
    const consentPath = location(start);
    const fields = hiddenFields(await (await first.client.get(consentPath)).text());
    const posted = await first.client.postForm(new URL(consentPath, 'http://x').pathname, {
      ...fields,
      email: uniqueEmail('switched'),
      first_name: 'Sam',
      last_name: 'Smith',
      decision: 'allow',
    });
    // The same browser, now signed in as someone else, comes back from the provider.
    const { user: second, password } = await server().createUser();
    await first.client.postForm('/api/auth/login/', { login: second.username, password });
    expect(await (await first.client.get('/api/v1/profile/')).json()).toMatchObject({
      email: second.email,
    });
    expect(location(await first.client.get(location(posted)))).toBe(
      '/en/profile?error=social_denied',
    );
    // Neither the account that asked for the link nor the one signed in now got it.
    expect(await server().db.select().from(socialAccounts)).not.toContainEqual(
      expect.objectContaining({ userId: expect.toBeOneOf([first.user.id, second.id]) }),
    );
  });

  it('sends a link attempt without a session to the sign-in page', async () => {
    const start = await server().client().get('/api/auth/social/google/start/?intent=link');
    expect(location(start)).toBe('/en/login/1?error=not_authenticated');
  });
});

describe('/api/v1/profile/social/', () => {
  it('needs a session', async () => {
    expect((await server().client().get('/api/v1/profile/social/')).status).toBe(401);
    expect((await unlink(server().client(), 'github')).status).toBe(401);
  });

  it('never removes the last way to sign in', async () => {
    const client = server().client();
    await socialRoundTrip(client, 'yandex', { email: uniqueEmail('only') });
    const refused = await unlink(client, 'yandex');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'last_sign_in_method' });
    await socialRoundTrip(client, 'google', { email: uniqueEmail('second') }, { intent: 'link' });
    expect((await unlink(client, 'yandex')).status).toBe(204);
    expect((await unlink(client, 'google')).status).toBe(400);
  });

  it('unlinks when a password remains; 404 for a provider not linked or unknown', async () => {
    const { client } = await signedIn();
    await socialRoundTrip(client, 'github', { email: uniqueEmail() }, { intent: 'link' });
    // Another provider than the one linked: not found, and the link stays.
    expect((await unlink(client, 'google')).status).toBe(404);
    expect(await (await client.get('/api/v1/profile/social/')).json()).toHaveLength(1);
    expect((await unlink(client, 'github')).status).toBe(204);
    expect(await (await client.get('/api/v1/profile/social/')).json()).toEqual([]);
    expect((await unlink(client, 'github')).status).toBe(404);
    expect((await unlink(client, 'facebook')).status).toBe(404);
  });

  it('lets one user unlink only their own accounts', async () => {
    const owner = server().client();
    await socialRoundTrip(owner, 'yandex', { email: uniqueEmail('owner') });
    const { client: stranger } = await signedIn();
    expect((await unlink(stranger, 'yandex')).status).toBe(404);
    expect(await (await owner.get('/api/v1/profile/social/')).json()).toHaveLength(1);
  });
});
