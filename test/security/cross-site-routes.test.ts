import { beforeAll, describe, expect, it } from 'vitest';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../server/db/schema.ts';
import { unsubscribeToken } from '../../server/mail/unsubscribe.ts';
import { useTestServer, type TestClient } from '../server/harness.ts';

/*
 * Checklist point 16 over every route Hono has registered: each unsafe route refuses a
 * cross-site request from a signed-in browser, and no GET route changes a row.
 */
const server = useTestServer({ env: { PUBLIC_URL: 'https://portal.test' } });

const UNSAFE = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The unsafe routes that take cross-site requests on purpose, each with its reason
 * (server/identity/routes/csrf.ts guards /api/ only, and exempts the first two there).
 */
const EXEMPT: Record<string, { why: string; status: number }> = {
  'POST /api/billing/webhooks/:provider/': {
    why: 'payment providers post without cookies; the signature is the credential',
    status: 403, // unsigned: refused by the signature check, not the CSRF one
  },
  'POST /api/v1/unsubscribe/:token/': {
    why: 'RFC 8058 one-click unsubscribe from a mail client; the signed token is the credential',
    status: 200, // it changes that one mailing preference, and nothing else
  },
  'POST /sandbox/idp/:provider/authorize': {
    why: "the sandbox identity provider's consent page, a foreign site by design; not in production",
    status: 400,
  },
  'POST /sandbox/pay/:id': {
    why: "the sandbox payment provider's checkout page, a foreign site by design; not in production",
    status: 404,
  },
  'ALL /sandbox/pay/*': {
    why: "the sandbox payment provider's pages, a foreign site by design; not in production",
    status: 404,
  },
  'ALL /*': {
    why: 'middleware of every path: outside /api/ no handler but the sandbox takes an unsafe method',
    status: 404,
  },
};

/** The ways a page of another site shows itself; each must be refused on its own. */
const CROSS_SITE: [string, Record<string, string>, boolean][] = [
  ['no CSRF header', {}, false],
  ['a foreign Origin', { Origin: 'https://evil.test' }, true],
  ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }, true],
  [
    'all three, as a browser sends a form post from another site',
    { Origin: 'https://evil.test', 'Sec-Fetch-Site': 'cross-site' },
    false,
  ],
];

let userId = 0;
let client: TestClient;

beforeAll(async () => {
  const { user, password } = await server().createUser({ country: 'DE' });
  userId = user.id;
  client = server().client();
  const login = await client.postForm('/api/auth/login/', { login: user.username, password });
  expect(login.status).toBe(200);
});

/** A concrete path for a route: its parameters filled with values that name real things. */
function concrete(path: string): string {
  const values: Record<string, string> = {
    provider: path.startsWith('/api/billing/') ? 'stripe' : 'google',
    token: unsubscribeToken(server().config.sessionSecret, userId, 'account_notices'),
    document: 'terms',
    locale: 'en',
    lang: 'en',
    id: '1',
  };
  return path
    .replace(/:(\w+)/g, (_, name: string) => values[name] ?? '1')
    .replace(/\*$/, 'anything/');
}

function registered(): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const { method, path } of server().app.routes)
    seen.set(`${method} ${path}`, { method, path });
  return [...seen.values()];
}

/** Every unsafe method a route answers: an ALL route stands for each of them. */
function unsafeRoutes() {
  return registered().flatMap((route) =>
    route.method === 'ALL'
      ? UNSAFE.map((method) => ({ key: `ALL ${route.path}`, method, path: route.path }))
      : UNSAFE.includes(route.method)
        ? [{ key: `${route.method} ${route.path}`, method: route.method, path: route.path }]
        : [],
  );
}

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of Object.values(schema)) {
    if (is(table, PgTable)) counts[getTableName(table)] = await server().db.$count(table);
  }
  return counts;
}

/** Every row of every table, as text: a GET that updates a column shows here too. */
async function contents(): Promise<Record<string, string>> {
  const tables: Record<string, string> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const rows = await server().db.select().from(table);
    tables[getTableName(table)] = JSON.stringify(rows.map((row) => JSON.stringify(row)).sort());
  }
  return tables;
}

async function signedIn(): Promise<boolean> {
  return (await client.get('/api/v1/profile/')).status === 200;
}

/**
 * What a GET may write, each with its reason: nothing of an account, a plan, a team or
 * a setting. Any other row added, removed or changed by any GET fails the test.
 */
const GET_WRITES: Record<string, string[]> = {
  // A download of the user's own data; the owner is told by mail, at most once a window,
  // and the security log keeps it.
  'GET /api/v1/profile/export/': ['export_notices', 'mails', 'security_events'],
  // Begins a sign-in flow: this browser's single-use OAuth state (10 minutes), throttled.
  'GET /api/auth/social/:provider/start/': ['oauth_states', 'rate_limits'],
  // Looking users up is throttled per account: the counter is the only write.
  'GET /api/v1/users/': ['rate_limits'],
};

describe('no GET changes state', () => {
  it('changes no row of any table but the listed ones, on a GET of every route, signed in', async () => {
    const routes = registered().filter((route) => ['GET', 'ALL'].includes(route.method));
    expect(routes.length).toBeGreaterThan(25);
    for (const key of Object.keys(GET_WRITES)) {
      expect(routes.map((route) => `${route.method} ${route.path}`)).toContain(key);
    }
    for (const route of routes) {
      const before = await contents();
      const answer = await client.get(concrete(route.path));
      expect(answer.status, `GET ${route.path}`).toBeLessThan(500);
      const after = await contents();
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      const allowed = GET_WRITES[`${route.method} ${route.path}`] ?? [];
      expect(
        changed.filter((table) => !allowed.includes(table)),
        `GET ${route.path}`,
      ).toEqual([]);
    }
    expect(await signedIn()).toBe(true);
  });
});

describe('every unsafe route refuses a cross-site request', () => {
  it('from a signed-in browser, with 403 csrf_failed, and changes nothing', async () => {
    const routes = unsafeRoutes();
    expect(routes.length).toBeGreaterThan(25);
    // Every exemption names a route that exists, so the list cannot go stale.
    const keys = new Set(routes.map((route) => route.key));
    for (const key of Object.keys(EXEMPT)) expect(keys, key).toContain(key);
    const before = await rowCounts();
    let refused = 0;
    for (const route of routes) {
      if (route.key in EXEMPT) continue;
      for (const [how, headers, csrf] of CROSS_SITE) {
        const answer = await client.request(concrete(route.path), {
          method: route.method,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
          body: 'email=a%40example.com&lang=en',
          csrf,
        });
        const body = (await answer.json().catch(() => ({}))) as { code?: string };
        expect([answer.status, body.code], `${route.method} ${route.path} with ${how}`).toEqual([
          403,
          'csrf_failed',
        ]);
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(100);
    // Sign-out, removal, unlinking, plan changes: none happened.
    expect(await signedIn()).toBe(true);
    expect(await rowCounts()).toEqual(before);
  });

  it('passes the exempt routes to their own check, not the CSRF one', async () => {
    for (const route of unsafeRoutes()) {
      const exempt = EXEMPT[route.key];
      if (!exempt) continue;
      const answer = await client.request(concrete(route.path), {
        method: route.method,
        headers: { Origin: 'https://evil.test', 'Sec-Fetch-Site': 'cross-site' },
        csrf: false,
      });
      const text = await answer.text();
      expect(text, `${route.method} ${route.path}`).not.toContain('csrf_failed');
      expect(answer.status, `${route.method} ${route.path}: ${exempt.why}`).toBe(exempt.status);
    }
  });
});
