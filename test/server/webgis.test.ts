import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { Profile } from '../../contract/profile.ts';
import { Webgis, WebgisLocationList } from '../../contract/webgis.ts';
import { mails, webgisInstances } from '../../server/db/schema.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { provisionInstance, WEBGIS_PROVISION_QUEUE } from '../../server/webgis/provision.ts';
import { json, sendJson, signedIn } from './billing.ts';
import { saveProfile } from './identity.ts';
import { useTestServer, type TestClient } from './harness.ts';

/*
 * The web GIS calls of section 7 and the provisioning job: validation at the field,
 * one instance per user, unique names, the job's lifecycle run by hand, the sandbox's
 * fail and overrun locations, the instance's own page, and the profile and export.
 */

const server = useTestServer({ env: { WEBGIS_PROVISION_SECONDS: '0' } });
const operated = useTestServer({
  env: {
    WEBGIS_PROVISION_SECONDS: '0',
    WEBGIS_RESERVED_SUBDOMAINS: 'Maps, intranet',
    WEBGIS_DOMAIN: 'gis.example.com',
    PUBLIC_URL: 'http://myaccount.gis.example.com',
  },
});

const create = (client: TestClient, body: Record<string, unknown>) =>
  client.postJson('/api/v1/webgis/', { language: 'en', location_id: 'eu-central', ...body });
const my = async (client: TestClient) => client.get('/api/v1/webgis/my/');
const myWebgis = async (client: TestClient) => v.parse(Webgis, await json(await my(client)));
const provision = () => server().jobs.drain([WEBGIS_PROVISION_QUEUE]);
type ErrorList = { errors: { code: string; detail: string; source: { pointer: string } }[] };

/** The instance's own host, as a browser reaches it at `<sub>.localhost`. */
const instancePage = (subdomain: string) =>
  server().app.request(`http://${subdomain}.localhost:8080/`);

describe('web GIS calls need sign-in', () => {
  it.each([
    ['GET', '/api/v1/webgis/refs/'],
    ['GET', '/api/v1/webgis/cluster/locations/'],
    ['GET', '/api/v1/webgis/my/'],
    ['POST', '/api/v1/webgis/'],
  ])('%s %s answers 401 when signed out', async (method, path) => {
    const response = await sendJson(
      server().client(),
      method,
      path,
      method === 'POST' ? {} : undefined,
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'not_authenticated' });
  });
});

describe('GET refs and locations', () => {
  it('answers the instance domain, localhost by default', async () => {
    const { client } = await signedIn(server());
    expect(await json(await client.get('/api/v1/webgis/refs/'))).toEqual({ domain: 'localhost' });
  });

  it('lists the seeded data centers with English and Russian names, sandbox ones last', async () => {
    const { client } = await signedIn(server());
    const list = v.parse(
      WebgisLocationList,
      await json(await client.get('/api/v1/webgis/cluster/locations/')),
    );
    expect(list.map((l) => l.id)).toEqual([
      'eu-central',
      'ru-central',
      'us-east',
      'sandbox-fail',
      'sandbox-overrun',
    ]);
    expect(list[0]).toEqual({
      id: 'eu-central',
      display_name: { en: 'Europe (Frankfurt)', ru: 'Европа (Франкфурт)' },
    });
  });
});

describe('POST /api/v1/webgis/ validation', () => {
  it.each([
    'abc',
    '1abc',
    '-abcd',
    'abcd-',
    'a'.repeat(65),
    'ab_cd',
    'ab.cd',
    'абвг',
    // Punycode (this one is `пример`) and the other IDNA-reserved forms (RFC 5891).
    'xn--80ak6aa92e',
    'XN--80AK6AA92E',
    'ab--cd',
  ])('refuses %s with the domain rule at subdomain_name', async (subdomain) => {
    const { client } = await signedIn(server());
    const response = await create(client, { subdomain_name: subdomain });
    expect(response.status).toBe(400);
    expect(await json<ErrorList>(response)).toEqual({
      errors: [
        {
          code: 'domain',
          detail:
            'Only alphabetic, numeric characters and hyphen are allowed. At least 4 characters are needed',
          source: { pointer: 'subdomain_name' },
        },
      ],
    });
    expect((await my(client)).status).toBe(404);
  });

  it('takes 4 and 64 characters, lower-cases the name', async () => {
    for (const name of ['Ab-9', `x${'y'.repeat(62)}z`]) {
      const { client } = await signedIn(server());
      const response = await create(client, { subdomain_name: name });
      expect(response.status, name).toBe(201);
      expect((await myWebgis(client)).url).toBe(`http://${name.toLowerCase()}.localhost:8080/`);
    }
  });

  it.each(['admin', 'Mail', 'portal', 'account', 'api-gateway', 'localhost', 'support'])(
    'refuses the reserved name %s as taken, at subdomain_name',
    async (name) => {
      const { client } = await signedIn(server());
      const response = await create(client, { subdomain_name: name });
      expect(response.status).toBe(400);
      expect(await json<ErrorList>(response)).toEqual({
        errors: [
          {
            code: 'subdomain_taken',
            detail: 'This domain name is already taken',
            source: { pointer: 'subdomain_name' },
          },
        ],
      });
      expect((await my(client)).status).toBe(404);
    },
  );

  it('takes a name that merely contains a reserved one or two hyphens later on', async () => {
    for (const name of ['admin-maps', 'my-portal', 'abc--d']) {
      const { client } = await signedIn(server());
      expect((await create(client, { subdomain_name: name })).status, name).toBe(201);
    }
  });

  it('names every missing or wrong field', async () => {
    const { client } = await signedIn(server());
    const response = await client.postJson('/api/v1/webgis/', { language: 'de' });
    expect(response.status).toBe(400);
    const { errors } = await json<ErrorList>(response);
    expect(Object.fromEntries(errors.map((e) => [e.source.pointer, e.code]))).toEqual({
      subdomain_name: 'required',
      language: 'invalid_input',
      location_id: 'required',
    });
  });

  it('refuses an unknown data center at location_id', async () => {
    const { client } = await signedIn(server());
    const response = await create(client, { subdomain_name: 'nowhere', location_id: 'mars' });
    expect(response.status).toBe(400);
    expect((await json<ErrorList>(response)).errors).toMatchObject([
      { code: 'location_not_found', source: { pointer: 'location_id' } },
    ]);
  });

  it('refuses a name another user has, whatever its case, with the server’s message', async () => {
    const first = await signedIn(server());
    expect((await create(first.client, { subdomain_name: 'taken-name' })).status).toBe(201);
    const second = await signedIn(server());
    const response = await create(second.client, { subdomain_name: 'Taken-Name' });
    expect(response.status).toBe(400);
    expect((await json<ErrorList>(response)).errors).toEqual([
      {
        code: 'subdomain_taken',
        detail: 'This domain name is already taken',
        source: { pointer: 'subdomain_name' },
      },
    ]);
    expect((await my(second.client)).status).toBe(404);
  });

  it('keeps one instance per user (409), also when two creates race', async () => {
    const { client } = await signedIn(server());
    const [a, b] = await Promise.all([
      create(client, { subdomain_name: 'race-one' }),
      create(client, { subdomain_name: 'race-two' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const again = await create(client, { subdomain_name: 'race-three' });
    expect(again.status).toBe(409);
    expect((await json<ErrorList>(again)).errors).toMatchObject([
      { code: 'webgis_exists', source: { pointer: '' } },
    ]);
  });

  it('refuses a cross-site create without the CSRF header', async () => {
    const { client } = await signedIn(server());
    const response = await client.postJson(
      '/api/v1/webgis/',
      { subdomain_name: 'no-csrf', language: 'en', location_id: 'eu-central' },
      { csrf: false },
    );
    expect(response.status).toBe(403);
  });
});

describe('the operator’s reserved names', () => {
  it.each(['maps', 'Intranet', 'myaccount', 'admin'])(
    'refuses %s, listed in WEBGIS_RESERVED_SUBDOMAINS, the portal’s own label or built in',
    async (name) => {
      const { client } = await signedIn(operated());
      const response = await create(client, { subdomain_name: name });
      expect(response.status).toBe(400);
      expect((await json<ErrorList>(response)).errors).toMatchObject([
        { code: 'subdomain_taken', source: { pointer: 'subdomain_name' } },
      ]);
    },
  );

  it('still takes a name the operator did not keep', async () => {
    const { client } = await signedIn(operated());
    expect((await create(client, { subdomain_name: 'maps-of-mine' })).status).toBe(201);
  });
});

describe('the instance and its provisioning job', () => {
  it('answers 404 before there is one, and never another user’s', async () => {
    const { client } = await signedIn(server());
    const none = await my(client);
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ code: 'not_found' });
    const other = await signedIn(server());
    await create(other.client, { subdomain_name: 'someone-else' });
    expect((await my(client)).status).toBe(404);
  });

  it('goes from wait_for_create to started by the job, once, and mails the user', async () => {
    const { user, client } = await signedIn(server());
    const response = await create(client, { subdomain_name: 'lifecycle', language: 'ru' });
    expect(response.status).toBe(201);
    const created = v.parse(Webgis, await json(response));
    // The settings page's summary: language, data center in both locales, creation time.
    expect(created).toEqual({
      url: 'http://lifecycle.localhost:8080/',
      url_oauth: 'http://lifecycle.localhost:8080/login/oauth/',
      state: 'wait_for_create',
      state_transition: 'wait_for_create',
      plan: 'free',
      language: 'ru',
      location: {
        id: 'eu-central',
        display_name: { en: 'Europe (Frankfurt)', ru: 'Европа (Франкфурт)' },
      },
      created_at: server().clock.now().toISOString(),
    });
    expect(await myWebgis(client)).toEqual(created);
    expect((await instancePage('lifecycle')).status).toBe(503);

    expect(await provision()).toBeGreaterThanOrEqual(1);
    expect(await myWebgis(client)).toMatchObject({ state: 'started', state_transition: null });
    const page = await instancePage('lifecycle');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Веб ГИС «lifecycle» работает');

    const ready = await server().db.select().from(mails).where(eq(mails.to, user.email));
    // In the user's language (en), whatever the instance's.
    expect(ready.map((m) => m.subject)).toEqual(['Your Web GIS is ready']);
    expect(ready[0]?.text).toContain('http://lifecycle.localhost:8080/');

    // The job again (a redelivery after a crash): nothing moves, no second mail.
    const [row] = await server()
      .db.select()
      .from(webgisInstances)
      .where(eq(webgisInstances.userId, user.id));
    const mailer = createMailer(server());
    await provisionInstance(
      { ...server(), mailer },
      { instanceId: row?.id, transition: 'wait_for_create' },
    );
    expect(await server().db.$count(mails, eq(mails.to, user.email))).toBe(1);
    expect(await myWebgis(client)).toMatchObject({ state: 'started', state_transition: null });
  });

  it('ends in error for a location told to fail, and a new create replaces it', async () => {
    const { client } = await signedIn(server());
    await create(client, { subdomain_name: 'doomed', location_id: 'sandbox-fail' });
    await provision();
    expect(await myWebgis(client)).toMatchObject({ state: 'error', state_transition: null });
    expect((await instancePage('doomed')).status).toBe(503);
    const retry = await create(client, { subdomain_name: 'second-try' });
    expect(retry.status).toBe(201);
    await provision();
    expect(await myWebgis(client)).toMatchObject({
      url: 'http://second-try.localhost:8080/',
      state: 'started',
    });
    // The failed name is free again.
    expect((await instancePage('doomed')).status).toBe(404);
  });

  it('is still being created past the 60-second poll for a location told to overrun', async () => {
    const { client } = await signedIn(server());
    await create(client, { subdomain_name: 'slowpoke', location_id: 'sandbox-overrun' });
    // Due 90 s from now by the database's clock: nothing to run yet.
    await provision();
    expect(await myWebgis(client)).toMatchObject({
      state: 'wait_for_create',
      state_transition: 'wait_for_create',
    });
  });

  it('serves nothing for a name nobody has, and leaves the portal’s own host alone', async () => {
    expect((await instancePage('nobody-here')).status).toBe(404);
    expect((await server().app.request('http://a.b.localhost/')).status).toBe(404);
    const api = await server().app.request('http://localhost/api/v1/webgis/refs/');
    expect(api.status).toBe(401);
  });
});

describe('the profile and the export', () => {
  it('answers the real webgis_url from GET and PATCH of the profile', async () => {
    const { client } = await signedIn(server(), { country: 'DE' });
    const before = v.parse(Profile, await json(await client.get('/api/v1/profile/')));
    expect(before.webgis_url).toBeNull();
    await create(client, { subdomain_name: 'profiled' });
    const after = v.parse(Profile, await json(await client.get('/api/v1/profile/')));
    expect(after.webgis_url).toBe('http://profiled.localhost:8080/');
    const saved = await saveProfile(client);
    expect(saved.status).toBe(200);
    expect(saved.headers.get('content-length')).toBeNull();
    expect(v.parse(Profile, await json(saved))).toMatchObject({
      first_name: 'Ann',
      webgis_url: 'http://profiled.localhost:8080/',
    });
  });

  it('exports the instance with the rest of the personal data', async () => {
    const { client } = await signedIn(server());
    await create(client, { subdomain_name: 'exported', language: 'ru' });
    await provision();
    const data = await json<{ profile: { webgis_url: string }; webgis: unknown }>(
      await client.get('/api/v1/profile/export/'),
    );
    expect(data.profile.webgis_url).toBe('http://exported.localhost:8080/');
    expect(data.webgis).toMatchObject({
      subdomain: 'exported',
      url: 'http://exported.localhost:8080/',
      location_id: 'eu-central',
      language: 'ru',
      state: 'started',
      state_transition: null,
      usage: { storage_bytes: 0, maps_and_layers: 0, private_resources: 0 },
    });
  });

  it('exports null without an instance; a removed profile takes its instance along', async () => {
    const { user, client } = await signedIn(server());
    const data = await json<{ webgis: unknown }>(await client.get('/api/v1/profile/export/'));
    expect(data.webgis).toBeNull();
    await create(client, { subdomain_name: 'removed-with' });
    expect((await sendJson(client, 'DELETE', '/api/v1/profile/')).status).toBe(204);
    expect(await server().db.$count(webgisInstances, eq(webgisInstances.userId, user.id))).toBe(0);
  });
});
