import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { Binding, BindingList, BINDINGS_MAX } from '../../contract/onpremise.ts';
import { onpremiseBindings, type User } from '../../server/db/schema.ts';
import { buy, checkoutRequest, json, sendJson, setPlan as setPlanIn, signedIn } from './billing.ts';
import { useTestServer, type TestClient } from './harness.ts';

/*
 * On-premise identifier binding (sections 2 and 6; docs/decisions/0701): validation at
 * the field, the premium rule (own plan or through a team), the per-account limit and
 * the uniqueness across accounts, also under parallel binds, unbinding only one's own,
 * and the personal-data export.
 */

const server = useTestServer();
const PATH = '/api/v1/onpremise/bindings/';
type ErrorList = { errors: { code: string; detail: string; source: { pointer: string } }[] };

let serial = 0;
/** A fresh identifier in the format setup prints: eight groups of four. */
function identifier(): string {
  serial += 1;
  const tail = `${Date.now().toString(36)}${serial.toString(36)}`.toUpperCase().padStart(12, '0');
  return `ABCD-EF01-2345-6789-WXYZ-${tail.slice(-12, -8)}-${tail.slice(-8, -4)}-${tail.slice(-4)}`;
}

const setPlan = (user: User, plan: 'free' | 'mini' | 'premium') =>
  setPlanIn(server(), user.id, plan);

async function premium() {
  const signed = await signedIn(server());
  await setPlan(signed.user, 'premium');
  return signed;
}

const bind = (client: TestClient, body: unknown) => client.postJson(PATH, body);
const unbind = (client: TestClient, id: number | string) =>
  sendJson(client, 'DELETE', `${PATH}${id}/`);
async function list(client: TestClient): Promise<BindingList> {
  const response = await client.get(PATH);
  expect(response.status).toBe(200);
  return v.parse(BindingList, await response.json());
}
async function bound(client: TestClient, id = identifier(), label = 'Office server') {
  const response = await bind(client, { identifier: id, label });
  expect(response.status, await response.clone().text()).toBe(201);
  return v.parse(Binding, await response.json());
}
const rowsOf = (userId: number) =>
  server().db.select().from(onpremiseBindings).where(eq(onpremiseBindings.userId, userId));

describe('binding calls need sign-in', () => {
  it.each([
    ['GET', PATH],
    ['POST', PATH],
    ['DELETE', `${PATH}1/`],
  ])('%s %s answers 401 when signed out', async (method, path) => {
    const response = await sendJson(
      server().client(),
      method,
      path,
      method === 'POST' ? { identifier: identifier() } : undefined,
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it('refuses a bind without the CSRF header', async () => {
    const { client, user } = await premium();
    const response = await client.postJson(PATH, { identifier: identifier() }, { csrf: false });
    expect(response.status).toBe(403);
    expect(await rowsOf(user.id)).toEqual([]);
  });
});

describe('POST validation, at the field', () => {
  it.each([
    'ABCD-1234',
    'ABCD-1234-ABCD-1234-ABCD-1234-ABCD-123',
    'ABCD-1234-ABCD-1234-ABCD-1234-ABCD-12345',
    'ABCD_1234_ABCD_1234_ABCD_1234_ABCD_1234',
    'ABCD-1234-ABCD-1234-ABCD-1234-ABCD-12Ё4',
    'ABCD1234ABCD1234ABCD1234ABCD1234',
  ])('refuses %s with the format code at identifier', async (bad) => {
    const { client, user } = await premium();
    const response = await bind(client, { identifier: bad, label: '' });
    expect(response.status).toBe(400);
    expect(await json<ErrorList>(response)).toEqual({
      errors: [
        {
          code: 'identifier',
          detail: 'Enter the identifier as setup prints it: eight groups of four letters or digits',
          source: { pointer: 'identifier' },
        },
      ],
    });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('names a missing identifier and a long label at their fields', async () => {
    const { client } = await premium();
    const response = await bind(client, { identifier: '   ', label: 'x'.repeat(81) });
    expect(response.status).toBe(400);
    const { errors } = await json<ErrorList>(response);
    expect(Object.fromEntries(errors.map((e) => [e.source.pointer, e.code]))).toEqual({
      identifier: 'required',
      label: 'invalid_input',
    });
  });

  it('refuses a body of the wrong shape or type', async () => {
    const { client } = await premium();
    expect((await bind(client, [])).status).toBe(400);
    expect((await bind(client, { identifier: 42 })).status).toBe(400);
    const form = await client.postForm(PATH, { identifier: identifier() });
    expect(form.status).toBe(415);
  });

  it('answers hostile bodies with 4xx, never a 500, and binds nothing', async () => {
    const { client, user } = await premium();
    const bodies: unknown[] = [
      { identifier: `ABCD\u0000-1234-ABCD-1234-ABCD-1234-ABCD-1234` },
      { identifier: 'A'.repeat(1024 * 1024) },
      { identifier: identifier(), label: { nested: [[[['deep']]]] } },
      { identifier: [identifier()] },
      { identifier: null },
      'ABCD',
      null,
    ];
    for (const body of bodies) {
      const response = await bind(client, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('trims and upper-cases what was typed, and keeps the label', async () => {
    const { client } = await premium();
    const id = identifier();
    const made = await bound(client, `  ${id.toLowerCase()} `, '  Rack 2  ');
    expect(made).toMatchObject({ identifier: id, label: 'Rack 2' });
    expect(new Date(made.bound_at).getTime()).toBe(server().clock.now().getTime());
    const withoutLabel = await bind(client, { identifier: identifier() });
    expect(withoutLabel.status).toBe(201);
    expect(await json(withoutLabel)).toMatchObject({ label: '' });
  });
});

describe('the premium rule (section 6)', () => {
  it.each(['free', 'mini'] as const)(
    'refuses a %s user with 403 premium_required',
    async (plan) => {
      const { client, user } = await signedIn(server());
      if (plan !== 'free') await setPlan(user, plan);
      const response = await bind(client, { identifier: identifier(), label: '' });
      expect(response.status).toBe(403);
      expect((await json<ErrorList>(response)).errors).toEqual([
        {
          code: 'premium_required',
          detail: 'On-premise binding needs the Premium plan',
          source: { pointer: '' },
        },
      ]);
      expect(await rowsOf(user.id)).toEqual([]);
      expect(await list(client)).toEqual({ bindings: [], max: BINDINGS_MAX });
    },
  );

  it('binds for a user who bought premium', async () => {
    const { client, user } = await signedIn(server());
    await buy(server(), client, checkoutRequest({ plan: 'premium' }));
    const made = await bound(client);
    expect(await list(client)).toEqual({ bindings: [made], max: BINDINGS_MAX });
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('binds for a member of a premium team, and no longer once removed from it', async () => {
    const owner = await premium();
    const member = await signedIn(server());
    const before = await bind(member.client, { identifier: identifier() });
    expect(before.status).toBe(403);

    const joined = await sendJson(owner.client, 'PATCH', '/api/v1/team/', {
      users: [member.user.portalGuid],
    });
    expect(joined.status).toBe(200);
    await bound(member.client);

    const left = await sendJson(owner.client, 'PATCH', '/api/v1/team/', { users: [] });
    expect(left.status).toBe(200);
    const after = await bind(member.client, { identifier: identifier() });
    expect(after.status).toBe(403);
    // What was bound stays the member's, to see and to unbind.
    const { bindings } = await list(member.client);
    expect(bindings).toHaveLength(1);
    expect((await unbind(member.client, bindings[0]?.id ?? 0)).status).toBe(204);
  });

  it('refuses once the plan went back to free, and keeps what was bound', async () => {
    const { client, user } = await premium();
    const made = await bound(client);
    await setPlan(user, 'free');
    expect((await bind(client, { identifier: identifier() })).status).toBe(403);
    expect((await list(client)).bindings).toEqual([made]);
  });
});

describe('the limit and uniqueness', () => {
  it(`holds at most ${BINDINGS_MAX} per account`, async () => {
    const { client, user } = await premium();
    const made: Binding[] = [];
    for (let i = 0; i < BINDINGS_MAX; i += 1) made.push(await bound(client, identifier(), `#${i}`));
    const over = await bind(client, { identifier: identifier(), label: '' });
    expect(over.status).toBe(409);
    expect((await json<ErrorList>(over)).errors).toMatchObject([
      {
        code: 'binding_limit',
        detail: 'The account has as many bound identifiers as it may',
        source: { pointer: 'identifier' },
      },
    ]);
    expect(await rowsOf(user.id)).toHaveLength(BINDINGS_MAX);
    // Newest first.
    expect((await list(client)).bindings.map((b) => b.id)).toEqual(made.map((b) => b.id).reverse());
    expect((await unbind(client, made[0]?.id ?? 0)).status).toBe(204);
    await bound(client);
  });

  it('binds an identifier to one account only, whatever its case', async () => {
    const first = await premium();
    const second = await premium();
    const id = identifier();
    await bound(first.client, id);
    for (const client of [second.client, first.client]) {
      const again = await bind(client, { identifier: id.toLowerCase(), label: 'mine' });
      expect(again.status).toBe(409);
      expect((await json<ErrorList>(again)).errors).toEqual([
        {
          code: 'identifier_taken',
          detail: 'This identifier is already bound to an account',
          source: { pointer: 'identifier' },
        },
      ]);
    }
    expect(await rowsOf(second.user.id)).toEqual([]);
    expect(await rowsOf(first.user.id)).toHaveLength(1);
  });

  it('lets one of parallel binds of one identifier by several accounts win', async () => {
    const accounts = await Promise.all([premium(), premium(), premium(), premium()]);
    const id = identifier();
    const answers = await Promise.all(
      accounts.map(({ client }) => bind(client, { identifier: id, label: '' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    const rows = await server()
      .db.select()
      .from(onpremiseBindings)
      .where(eq(onpremiseBindings.identifier, id));
    expect(rows).toHaveLength(1);
  });

  it('keeps the limit under parallel binds of one account', async () => {
    const { client, user } = await premium();
    await bound(client);
    await bound(client);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => bind(client, { identifier: identifier(), label: '' })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(BINDINGS_MAX - 2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(6 - (BINDINGS_MAX - 2));
    expect(await rowsOf(user.id)).toHaveLength(BINDINGS_MAX);
  });

  it('frees the identifier on unbind, for anyone to bind', async () => {
    const first = await premium();
    const second = await premium();
    const made = await bound(first.client);
    expect((await unbind(first.client, made.id)).status).toBe(204);
    expect((await list(first.client)).bindings).toEqual([]);
    await bound(second.client, made.identifier);
  });
});

describe('DELETE', () => {
  it("answers 404 for another user's binding and leaves it", async () => {
    const owner = await premium();
    const other = await premium();
    const made = await bound(owner.client);
    const response = await unbind(other.client, made.id);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
    expect(await rowsOf(owner.user.id)).toHaveLength(1);
  });

  it.each(['0', '-1', 'abc', '1.5', '99999999999', '2147483647', '2147483648'])(
    'answers 404 for the id %s',
    async (id) => {
      const { client } = await premium();
      expect((await unbind(client, id)).status).toBe(404);
    },
  );

  it('unbinds the binding of the largest id a row may have', async () => {
    const { client, user } = await premium();
    await server().db.execute(
      sql`INSERT INTO onpremise_bindings (id, user_id, identifier)
          OVERRIDING SYSTEM VALUE VALUES (2147483647, ${user.id}, ${identifier()})`,
    );
    expect((await unbind(client, 2_147_483_647)).status).toBe(204);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('answers 404 for a binding already gone', async () => {
    const { client } = await premium();
    const made = await bound(client);
    expect((await unbind(client, made.id)).status).toBe(204);
    expect((await unbind(client, made.id)).status).toBe(404);
  });
});

describe('personal data', () => {
  it('exports the bindings and removes them with the profile', async () => {
    const { client, user } = await premium();
    const made = await bound(client, identifier(), 'Exported');
    const exported = await client.get('/api/v1/profile/export/');
    expect(exported.status).toBe(200);
    const data = await json<{ onpremise_bindings: unknown }>(exported);
    expect(data.onpremise_bindings).toEqual([
      { identifier: made.identifier, label: 'Exported', bound_at: made.bound_at },
    ]);
    const removed = await client.request('/api/v1/profile/', { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect(await rowsOf(user.id)).toEqual([]);
  });
});
