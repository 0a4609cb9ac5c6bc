import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { Consultation, COMMENT_MAX } from '../../contract/consultation.ts';
import { consultationRequests } from '../../server/db/schema.ts';
import { json, sendJson, signedIn } from './billing.ts';
import { useTestServer, type TestClient } from './harness.ts';
import { mailsTo } from './identity.ts';

/*
 * The consultation request of the on-premise page (decision 0702): validated at the
 * field in the section-8 shape, sign-in required, 3 a day per account, stored, and
 * mailed to SALES_EMAIL and, in the page's language, to the requester.
 */

const SALES = 'sales-team@gis.example.com';
const server = useTestServer({ env: { SALES_EMAIL: SALES } });
const PATH = '/api/v1/consultation/';
const DAY = 24 * 60 * 60 * 1000;
type ErrorList = { errors: { code: string; detail: string; source: { pointer: string } }[] };

let serial = 0;
function form(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    name: 'Anna Petrova',
    email: `requester${serial}-${Date.now()}@example.com`,
    company: 'Geo Survey',
    phone: '+7 495 123-45-67',
    industry: 'cadastre',
    comment: 'We need 20 seats inside our network.',
    language: 'en',
    ...overrides,
  };
}
const send = (client: TestClient, body: unknown) => client.postJson(PATH, body);
const rowsOf = (userId: number) =>
  server().db.select().from(consultationRequests).where(eq(consultationRequests.userId, userId));
const salesMailsAbout = async (email: string) =>
  (await mailsTo(server(), SALES)).filter((mail) => mail.text.includes(`Email: ${email}`));

describe('POST /api/v1/consultation/', () => {
  it('answers 401 when signed out, storing nothing', async () => {
    const body = form();
    const response = await sendJson(server().client(), 'POST', PATH, body);
    expect(response.status).toBe(401);
    expect(await json(response)).toMatchObject({ code: 'not_authenticated' });
    expect(await mailsTo(server(), body.email)).toEqual([]);
  });

  it('refuses a request without the CSRF header', async () => {
    const { client, user } = await signedIn(server());
    const response = await client.postJson(PATH, form(), { csrf: false });
    expect(response.status).toBe(403);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it.each([
    ['name', { name: '' }, 'required'],
    ['name', { name: 'R2-D2' }, 'personName'],
    ['email', { email: '' }, 'required'],
    ['email', { email: 'not-an-address' }, 'email'],
    ['phone', { phone: '12345' }, 'phoneNumber'],
    ['industry', { industry: 'piracy' }, 'invalid_input'],
    ['comment', { comment: 'x'.repeat(COMMENT_MAX + 1) }, 'comment_too_long'],
    ['language', { language: 'de' }, 'invalid_input'],
  ])('refuses a bad %s (%j) with %s at the field', async (field, bad, code) => {
    const { client, user } = await signedIn(server());
    const body = form(bad);
    const response = await send(client, body);
    expect(response.status).toBe(400);
    const { errors } = await json<ErrorList>(response);
    expect(errors).toEqual([{ code, detail: expect.any(String), source: { pointer: field } }]);
    expect(await rowsOf(user.id)).toEqual([]);
    expect(await salesMailsAbout(body.email)).toEqual([]);
  });

  it('names every bad field at once', async () => {
    const { client } = await signedIn(server());
    const response = await send(client, form({ name: '', email: 'x@', phone: 'abc' }));
    const { errors } = await json<ErrorList>(response);
    expect(errors.map((e) => [e.source.pointer, e.code])).toEqual([
      ['name', 'required'],
      ['email', 'email'],
      ['phone', 'phoneNumber'],
    ]);
  });

  it('takes the optional fields empty, and a comment of exactly the limit', async () => {
    const { client, user } = await signedIn(server());
    const body = form({ company: '', phone: '', industry: '', comment: 'y'.repeat(COMMENT_MAX) });
    const response = await send(client, body);
    expect(response.status).toBe(201);
    v.parse(Consultation, await response.json());
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ company: '', phone: '', industry: '', name: 'Anna Petrova' });
    expect(row?.comment).toHaveLength(COMMENT_MAX);
  });

  it('stores the request and mails the sales address and the requester (en)', async () => {
    const { client, user } = await signedIn(server());
    const body = form({ name: '  Anna Petrova ' });
    const response = await send(client, body);
    expect(response.status).toBe(201);
    const answer = v.parse(Consultation, await response.json());

    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: answer.id,
      name: 'Anna Petrova',
      email: body.email,
      company: 'Geo Survey',
      phone: '+7 495 123-45-67',
      industry: 'cadastre',
      comment: 'We need 20 seats inside our network.',
      language: 'en',
    });

    const [sales, ...more] = await salesMailsAbout(body.email);
    expect(more).toEqual([]);
    expect(sales?.subject).toBe('Consultation request from Anna Petrova');
    for (const line of [
      'Company: Geo Survey',
      'Phone: +7 495 123-45-67',
      'Industry: cadastre',
      `Account: ${user.username}`,
      'Comment: We need 20 seats inside our network.',
    ]) {
      expect(sales?.text).toContain(line);
    }
    expect(sales?.headers['Reply-To']).toBe(body.email);

    const confirmations = await mailsTo(server(), body.email);
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.subject).toBe('We received your consultation request');
    expect(confirmations[0]?.text).toContain('Hello, Anna Petrova!');
  });

  it("writes the requester's mail in the page's language (ru), whatever the account's", async () => {
    const { client } = await signedIn(server(), { locale: 'en' });
    const body = form({ language: 'ru' });
    expect((await send(client, body)).status).toBe(201);
    const [mail] = await mailsTo(server(), body.email);
    expect(mail?.subject).toBe('Запрос консультации получен');
    expect(mail?.text).toContain('Здравствуйте, Anna Petrova!');
    // The sales team reads one language.
    const [sales] = await salesMailsAbout(body.email);
    expect(sales?.subject).toBe('Consultation request from Anna Petrova');
    expect(sales?.text).toContain('Language: ru');
  });

  it('takes 3 a day per account, then 429 until the next day; bad input does not count', async () => {
    const { client, user } = await signedIn(server());
    const other = await signedIn(server());
    // Refused input costs nothing of the day's three.
    expect((await send(client, form({ email: 'bad' }))).status).toBe(400);
    for (let i = 0; i < 3; i += 1) expect((await send(client, form())).status).toBe(201);

    const refused = form();
    const response = await send(client, refused);
    expect(response.status).toBe(429);
    const body = await json<{ code: string; retry_after: number }>(response);
    expect(body.code).toBe('too_many_requests');
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(DAY / 1000);
    expect(response.headers.get('Retry-After')).toBe(String(body.retry_after));
    expect(await rowsOf(user.id)).toHaveLength(3);
    expect(await salesMailsAbout(refused.email)).toEqual([]);
    expect(await mailsTo(server(), refused.email)).toEqual([]);

    // Another account has its own three.
    expect((await send(other.client, form())).status).toBe(201);

    server().clock.advance(DAY);
    expect((await send(client, form())).status).toBe(201);
    expect(await rowsOf(user.id)).toHaveLength(4);
  });

  it('gives the requests in the personal-data export', async () => {
    const { client } = await signedIn(server());
    const body = form();
    expect((await send(client, body)).status).toBe(201);
    const exported = await client.get('/api/v1/profile/export/');
    expect(exported.status).toBe(200);
    const data = await json<{ consultation_requests: unknown }>(exported);
    expect(data.consultation_requests).toEqual([
      expect.objectContaining({ email: body.email, company: 'Geo Survey', language: 'en' }),
    ]);
  });
});
