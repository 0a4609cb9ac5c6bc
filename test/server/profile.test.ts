import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { Profile } from '../../contract/profile.ts';
import { users } from '../../server/db/schema.ts';
import { useTestServer, type TestClient } from './harness.ts';

const server = useTestServer();
const TIMEZONE = '/api/v1/user_timezone_info/';

async function signedIn(fields: Parameters<ReturnType<typeof server>['createUser']>[0] = {}) {
  const { user, password } = await server().createUser(fields);
  const client = server().client();
  const response = await client.postForm('/api/auth/login/', { login: user.username, password });
  expect(response.status).toBe(200);
  return { user, client };
}

async function storedTimezone(client: TestClient) {
  const profile = v.parse(Profile, await (await client.get('/api/v1/profile/')).json());
  return profile.timezone;
}

describe('GET /api/v1/profile/', () => {
  it('answers 401 when signed out', async () => {
    const response = await server().client().get('/api/v1/profile/');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'not_authenticated',
      detail: 'You need to sign in to continue',
    });
  });

  it('answers the contract Profile when signed in', async () => {
    const { client } = await signedIn({
      username: 'carol',
      email: 'carol@example.com',
      firstName: 'Carol',
      lastName: 'Smith',
      company: 'Maps Ltd',
      industry: 'mapping',
      role: 'employee',
      phone: '+44 20 7946 0000',
      country: 'GB',
    });
    const body: unknown = await (await client.get('/api/v1/profile/')).json();
    expect(v.parse(Profile, body)).toEqual({
      username: 'carol',
      first_name: 'Carol',
      last_name: 'Smith',
      company: 'Maps Ltd',
      industry: 'mapping',
      role: 'employee',
      email: 'carol@example.com',
      phone: '+44 20 7946 0000',
      country: 'GB',
      timezone: null,
      plan: 'free',
      team_plan: null,
      webgis_url: null,
      userpic_url: null,
      has_password: true,
      mail_undelivered_at: null,
    });
  });
});

describe('POST /api/v1/user_timezone_info/', () => {
  it('needs sign-in', async () => {
    const response = await server()
      .client()
      .postJson(TIMEZONE, { timezone: { ianaName: 'Europe/Moscow', offset: -180 } });
    expect(response.status).toBe(401);
  });

  it('saves the time zone and answers it', async () => {
    const { client, user } = await signedIn();
    server().clock.advance(60_000);
    const timezone = { ianaName: 'Asia/Novosibirsk', offset: -420 };
    const response = await client.postJson(TIMEZONE, { timezone });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ timezone });
    expect(await storedTimezone(client)).toEqual(timezone);
    const [row] = await server().db.select().from(users).where(eq(users.id, user.id));
    expect(row?.updatedAt).toEqual(server().clock.now());
  });

  it.each([
    [{ timezone: { ianaName: 'Mars/Olympus_Mons', offset: 0 } }, 'Unknown time zone'],
    [{ timezone: { ianaName: '+05:00', offset: -300 } }, 'Unknown time zone'],
    [
      { timezone: { ianaName: 'Europe/Moscow', offset: 'three hours' } },
      'This field must be a number',
    ],
    [{ timezone: { ianaName: 'Europe/Moscow', offset: 10_000 } }, 'Must be at most 840'],
    [{ timezone: 'Europe/Moscow' }, expect.any(String)],
  ])('refuses %j at the timezone field', async (body, detail) => {
    const { client } = await signedIn();
    const response = await client.postJson(TIMEZONE, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [{ code: 'invalid_input', detail, source: { pointer: 'timezone' } }],
    });
    expect(await storedTimezone(client)).toBeNull();
  });

  it('answers required when the timezone is missing', async () => {
    const { client } = await signedIn();
    const response = await client.postJson(TIMEZONE, {});
    expect(await response.json()).toEqual({
      errors: [
        { code: 'required', detail: 'This field is required', source: { pointer: 'timezone' } },
      ],
    });
  });
});
