import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { ErrorListBody, SimpleErrorBody } from '../../contract/errors.ts';
import { sessions, users } from '../../server/db/schema.ts';
import { hashToken } from '../../server/identity/tokens.ts';
import { SESSION_COOKIE } from '../../server/identity/routes/session.ts';
import type { RequestOptions } from '../server/client.ts';
import { useTestServer, type TestClient } from '../server/harness.ts';

/*
 * Checklist point 1 over the whole app (issue 30): every route Hono has registered,
 * with junk and plausible path parameters, odd encodings, malformed bodies and content
 * types, signed in and signed out, with the CSRF header the SPA sends (so the requests
 * reach the handlers). No 500, no /api/ error without the section-8 shape, no stack
 * trace, nothing logged at error level. The random choices come from a fixed seed;
 * FUZZ_SEED=<n> replays another run.
 */
// A built SPA, however small, so the pages answer as in production (not "not built").
const staticDir = path.join(tmpdir(), `portal-fuzz-${process.pid}-${Date.now()}`);
beforeAll(async () => {
  await mkdir(path.join(staticDir, 'assets'), { recursive: true });
  await writeFile(
    path.join(staticDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta name="description" content="" />' +
      '<script type="module" src="/assets/index-abc123.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log("app")');
});
afterAll(async () => {
  await rm(staticDir, { recursive: true, force: true });
});
const server = useTestServer({ env: { STATIC_DIR: staticDir } });

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_530);
/** Each registered route gets this many requests, one per round. */
const ROUNDS = 50;

/** mulberry32: a tiny PRNG, good enough to pick junk and replayable from its seed. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { chance: (p: number) => next() < p, int, pick };
}
type Random = ReturnType<typeof prng>;

const MB_STRING = 'x'.repeat(1024 * 1024);

/** Path segments nobody's page has: control characters, bad encodings, traversal, size. */
const JUNK_SEGMENTS = [
  '%00',
  'a%00b',
  '%0d%0a',
  '%0d%0aSet-Cookie:%20x=1',
  '%ff',
  '%fe%ff',
  '%c0%af',
  '%c0%ae%c0%ae',
  '%e2%80%ae',
  '%f0%9f%98%80',
  '%',
  '%zz',
  '%2',
  '%252e%252e',
  '..',
  '.',
  '%2e%2e',
  '..%2f..%2fetc%2fpasswd',
  'a%2fb',
  '%5c',
  '%20',
  '%09',
  '%7f',
  'é',
  '\u0001',
  'a'.repeat(5000),
  '9'.repeat(40),
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  "'%20or%201=1--",
  '%3Cscript%3E',
  '~',
  '',
];

/** Values that the handlers know, so some requests get past their first check. */
const PLAUSIBLE: Record<string, readonly string[]> = {
  provider: ['yandex', 'google', 'github', 'stripe', 'yookassa', 'sandbox'],
  token: ['abc.def', 'x'.repeat(43), 'MQ.aaaa'],
  document: ['terms', 'privacy'],
  locale: ['en', 'ru'],
  lang: ['en', 'ru'],
  id: ['1', '2', '42', '2147483647', '2147483648', '00000000-0000-0000-0000-000000000000'],
};

/** What a wildcard stands for when it is not junk: pages, files, sandbox paths. */
const PAGES = [
  'en/login',
  'ru/signup',
  'en/profile',
  'en/security',
  'en/subscription',
  'en/subscription/update',
  'en/webgis',
  'en/teammanage',
  'en/software',
  'en/myngidonpremises',
  'assets/index-abc123.js',
  'assets/missing.js',
  'index.html',
  'favicon.svg',
  'robots.txt',
  '1',
];

const QUERY_KEYS = [
  'next',
  'state',
  'code',
  'error',
  'to',
  'token',
  'tag',
  'option',
  'lang',
  'intent',
  'plan',
  'period',
  'id',
  'email',
  'a[b]',
  '',
];

const FIELD_NAMES = [
  'login',
  'password',
  'email',
  'code',
  'token',
  'next',
  'agree',
  'first_name',
  'last_name',
  'company',
  'industry',
  'role',
  'phone',
  'country',
  'lang',
  'timezone',
  'ip',
  'plan',
  'period',
  'interval',
  'provider',
  'status',
  'enabled',
  'selected-plan',
  'promo_code',
  'user_data',
  'options',
  'payer_type',
  'name',
  'subdomain',
  'location',
  'members',
  'max_size',
  'size',
  'id',
  'intent',
  'user',
  'instance',
  'type',
  'data',
  'object',
  '__proto__',
  'constructor',
  '',
  '\u0000',
  'a'.repeat(300),
];

const STRINGS = [
  '',
  ' ',
  'a',
  'en',
  'ru',
  'DE',
  'GB',
  'free',
  'premium',
  'monthly',
  'yearly',
  'annually',
  'yandex',
  'stripe',
  'on',
  'true',
  '1',
  '-1',
  'Strong-pass-1',
  'someone@example.com',
  'a\u0000b',
  '\u0000',
  '\ud800',
  '\uffff',
  '\u202e',
  '%ff',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '//evil.example/',
  'javascript:alert(1)',
  '{{7*7}}',
  '9'.repeat(400),
  'x'.repeat(5000),
];

function randomValue(r: Random, depth = 0): unknown {
  switch (r.int(depth > 2 ? 6 : 9)) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
      return r.pick([0, -1, 1, 1.5, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, Number.MIN_VALUE]);
    case 3:
    case 4:
    case 5:
      return r.pick(STRINGS);
    case 6:
      return Array.from({ length: r.int(4) }, () => randomValue(r, depth + 1));
    default:
      return randomObject(r, depth + 1);
  }
}

function randomObject(r: Random, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let i = r.int(7); i > 0; i -= 1) object[r.pick(FIELD_NAMES)] = randomValue(r, depth);
  return object;
}

const nested = (depth: number, open: string, close: string) =>
  `${open.repeat(depth)}1${close.repeat(depth)}`;

type Body = { kind: string; body: BodyInit; type: string };

const INVALID_UTF8 = new Uint8Array([
  0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80, 0x22, 0x7d,
]);

function randomBody(r: Random): Body {
  const json = 'application/json';
  const form = 'application/x-www-form-urlencoded';
  switch (r.int(16)) {
    case 1:
      return {
        kind: 'json, not an object',
        body: JSON.stringify(r.pick([[randomObject(r)], [], 42, 'text', null, true])),
        type: json,
      };
    case 2:
      return {
        kind: 'invalid json',
        body: r.pick([
          '{"login": ',
          '{a:1}',
          "{'a':1}",
          '',
          'undefined',
          '\u0000',
          '{"a":1}}',
          '[',
        ]),
        type: json,
      };
    case 3:
      return {
        kind: 'deep json',
        body: r.chance(0.5) ? nested(5000, '[', ']') : nested(5000, '{"a":', '}'),
        type: json,
      };
    case 4:
      return {
        kind: '1 MB json string',
        body: JSON.stringify({ [r.pick(FIELD_NAMES)]: MB_STRING }),
        type: json,
      };
    case 5:
      return { kind: 'invalid utf-8', body: INVALID_UTF8, type: r.pick([json, form]) };
    case 6: {
      const keys = Array.from({ length: 1 + r.int(5) }, () => r.pick(FIELD_NAMES));
      const repeated = [...keys, ...keys].map(
        (key) => `${encode(key)}=${encode(String(randomValue(r, 3)))}`,
      );
      return { kind: 'form, repeated keys', body: repeated.join('&'), type: form };
    }
    case 7:
      return {
        kind: 'junk form',
        body: r.pick(['%%%&&&===', 'a=%ff%fe', 'login=%00&password=%00', '=&&==', 'a[]=1&a[b]=2']),
        type: form,
      };
    case 8:
      return { kind: '1 MB form', body: `email=${MB_STRING}`, type: form };
    case 9: {
      const data = new FormData();
      for (let i = r.int(5); i > 0; i -= 1) {
        if (r.chance(0.3)) data.append(r.pick(FIELD_NAMES), new Blob([INVALID_UTF8]), 'f.bin');
        else data.append(r.pick(FIELD_NAMES), String(randomValue(r, 3)));
      }
      // fetch sets the multipart type with its boundary itself.
      return { kind: 'multipart', body: data, type: '' };
    }
    case 10:
      return {
        kind: 'broken multipart',
        body: r.pick(['not multipart at all', '--x\r\nContent-Disposition: form-data\r\n\r\n']),
        type: r.pick(['multipart/form-data', 'multipart/form-data; boundary=x']),
      };
    case 11:
      return {
        kind: 'odd content type',
        body: JSON.stringify(randomObject(r)),
        type: r.pick([
          'text/plain',
          'application/xml',
          'application/json; charset=utf-16',
          'application/json; charset=latin1',
          'application/merge-patch+json',
          'a/b/c',
          ';;;',
          'application/json, text/plain',
          'application/x-www-form-urlencoded; charset=ebcdic',
        ]),
      };
    case 12:
      return { kind: 'empty body', body: '', type: r.pick([json, form, '']) };
    case 13:
      return {
        kind: 'json with NUL and lone surrogates',
        body: `{${JSON.stringify(r.pick(FIELD_NAMES))}:"a\\u0000\\ud800b"}`,
        type: json,
      };
    default:
      return {
        kind: 'json object, wrong types, extra keys',
        body: JSON.stringify(randomObject(r)),
        type: json,
      };
  }
}

/** Percent-encoding that lets a lone surrogate through as the bytes it would be. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.split('\ud800').map(encode).join('%ed%a0%80');
  }
}

function randomQuery(r: Random): string {
  if (r.chance(0.6)) return '';
  const pairs = Array.from({ length: 1 + r.int(4) }, () => {
    const key = r.pick(QUERY_KEYS);
    const value = r.chance(0.5) ? r.pick(JUNK_SEGMENTS) : encode(r.pick(STRINGS));
    return `${key}=${value}`;
  });
  return `?${pairs.join('&')}`;
}

function junkSegment(r: Random): string {
  return r.pick(JUNK_SEGMENTS);
}

/** The route's path with its parameters and wildcards filled, sometimes mangled. */
function randomPath(r: Random, template: string): string {
  const segments = template.split('/').map((segment) => {
    if (segment === '*') return r.chance(0.4) ? r.pick(PAGES) : junkSegment(r);
    if (!segment.startsWith(':')) return segment;
    const name = segment.slice(1);
    const plausible = PLAUSIBLE[name];
    return plausible && r.chance(0.5) ? r.pick(plausible) : junkSegment(r);
  });
  if (r.chance(0.15)) {
    // Mangle one segment of the path: the router must still answer sanely.
    const at = 1 + r.int(Math.max(1, segments.length - 1));
    segments.splice(at, r.int(2), junkSegment(r));
  }
  let path = segments.join('/');
  if (r.chance(0.05)) path = path.replace(/\/$/, '');
  if (r.chance(0.05)) path = path.replace('/', '//');
  return `${path.startsWith('/') ? '' : '/'}${path}${randomQuery(r)}`;
}

const EXTRA_HEADERS: [string, string[]][] = [
  ['Range', ['bytes=0-', 'bytes=-0', 'bytes=9-1', 'bytes=a-b', 'bytes=0-1,2-3,4-5', 'lines=1']],
  ['If-None-Match', ['*', '"x"', 'W/', '"', 'x'.repeat(3000)]],
  ['If-Range', ['"x"', 'Thu, 01 Jan 1970 00:00:00 GMT', 'garbage']],
  ['Accept-Language', ['*', 'xx-YY', ';q=abc', 'ru;q=2,en;q=-1', 'a'.repeat(3000)]],
  ['Accept', ['*/*', 'text/html', 'application/json', 'x/y;q=z']],
  ['X-Forwarded-For', ['1.2.3.4', 'junk', '::1, 10.0.0.1', '']],
  ['Content-Length', ['0', '-1', 'abc', '99999999999999999999']],
  ['Stripe-Signature', ['t=1,v1=abc', 't=x', '']],
  ['Host', ['evil.example', 'localhost:99999', '']],
];

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const ODD_METHODS = ['HEAD', 'OPTIONS', 'PUT', 'PROPFIND', 'TRACE-ISH'];

type Slot = { name: string; client: TestClient; userId?: number; country?: string };

/** A browser with a live session for a (re-created, if the fuzz removed it) user. */
async function signIn(slot: Slot): Promise<void> {
  const { db, clock } = server();
  let userId = slot.userId;
  const alive =
    userId !== undefined &&
    (await db.select({ id: users.id }).from(users).where(eq(users.id, userId))).length > 0;
  if (!alive || userId === undefined) {
    const { user } = await server().createUser(slot.country ? { country: slot.country } : {});
    userId = slot.userId = user.id;
  }
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  // Signed in just now: a call that asks for a recent sign-in reaches its handler.
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
    lastSeenAt: now,
    authenticatedAt: now,
  });
  slot.client.cookies.set(SESSION_COOKIE, token);
}

async function stillSignedIn(slot: Slot): Promise<boolean> {
  const token = slot.client.cookies.get(SESSION_COOKIE);
  if (!token) return false;
  const rows = await server()
    .db.select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return rows.length > 0;
}

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

/** The section-8 shape: one `{ code, detail }`, or a non-empty list of field errors. */
function isSection8(body: unknown): boolean {
  if (v.is(ErrorListBody, body)) return body.errors.length > 0;
  return (
    v.is(SimpleErrorBody, body) && typeof body.code === 'string' && typeof body.detail === 'string'
  );
}

describe('a fuzz of every route', () => {
  it(`answers no 500, no shapeless /api/ error and logs no error (seed ${SEED})`, async () => {
    const r = prng(SEED);
    const routes = [
      ...new Map(server().app.routes.map((route) => [`${route.method} ${route.path}`, route])),
    ].map(([, route]) => ({ method: route.method, path: route.path }));
    // Sanity: the list is the app's, not a stub (auth, profile, billing, teams, pages...).
    expect(routes.length).toBeGreaterThan(50);

    const signedOut: Slot = { name: 'signed out', client: server().client() };
    const plain: Slot = { name: 'signed in', client: server().client() };
    const german: Slot = { name: 'signed in (DE)', client: server().client(), country: 'DE' };
    await signIn(plain);
    await signIn(german);

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let csrfRefused = 0;
    let sent = 0;
    const errorsLogged = () => server().logger.entries.filter((e) => e.level === 'error').length;
    const started = performance.now();

    for (let round = 0; round < ROUNDS && failures.length < 10; round += 1) {
      for (const route of routes) {
        const method =
          route.method === 'ALL'
            ? r.pick(METHODS)
            : r.chance(0.1)
              ? r.pick([...METHODS, ...ODD_METHODS])
              : route.method;
        const path = randomPath(r, route.path);
        const slot = r.pick([signedOut, plain, german]);
        if (slot !== signedOut && !(await stillSignedIn(slot))) await signIn(slot);
        const csrf = r.chance(0.9) ? true : r.pick([false, 'forged.token']);
        const headers: Record<string, string> = {};
        for (const [name, values] of EXTRA_HEADERS) {
          if (r.chance(0.04)) headers[name] = r.pick(values);
        }
        const init: Omit<RequestInit, 'headers'> & RequestOptions = { method, headers, csrf };
        let kind = 'no body';
        if (method !== 'GET' && method !== 'HEAD') {
          const body = randomBody(r);
          kind = body.kind;
          init.body = body.body;
          if (body.type) headers['Content-Type'] = body.type;
        }
        const what = `#${sent} ${slot.name} csrf=${String(csrf)} ${method} ${path.slice(0, 160)} [${kind}] ${JSON.stringify(headers).slice(0, 160)}`;
        const errorsBefore = errorsLogged();
        sent += 1;

        let response: Response;
        try {
          response = await slot.client.request(path, init);
        } catch (error) {
          failures.push(`${what}: threw ${String(error)}`);
          continue;
        }
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const text = method === 'HEAD' ? '' : await response.text();
        const finalPath = new URL(`http://localhost${path}`).pathname;

        if (response.status >= 500)
          failures.push(`${what}: ${response.status} ${text.slice(0, 200)}`);
        if (/\bat .*\.[jt]s:\d+|\n\s+at /.test(text))
          failures.push(`${what}: stack trace in answer`);
        if (isApi(finalPath) && response.status >= 400 && method !== 'HEAD') {
          let body: unknown = null;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: reported below
          }
          if (!isSection8(body))
            failures.push(`${what}: ${response.status} not section 8: ${text.slice(0, 200)}`);
          if (response.status === 403 && text.includes('csrf_failed')) csrfRefused += 1;
        }
        if (errorsLogged() > errorsBefore) {
          const entry = server()
            .logger.entries.filter((e) => e.level === 'error')
            .at(-1);
          failures.push(
            `${what}: logged an error: ${entry?.message} ${String(entry?.fields?.error)}`,
          );
        }
      }
    }

    // Whatever the fuzz queued (mail, provisioning, billing) runs too, without an error.
    await server().worker.tick();
    const jobErrors = server().logger.entries.filter((e) => e.level === 'error');
    if (jobErrors.length > 0 && failures.length === 0)
      failures.push(`jobs logged errors: ${JSON.stringify(jobErrors.slice(0, 3))}`);

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `fuzz seed ${SEED}: ${sent} requests over ${routes.length} routes in ${seconds} s; ` +
        `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; ` +
        `${csrfRefused} refused by CSRF`,
    );
    expect(failures, `seed ${SEED} (FUZZ_SEED=${SEED} replays it)`).toEqual([]);
    // Most unsafe requests got past CSRF to their handlers, or the fuzz proves little.
    expect(csrfRefused).toBeLessThan(sent * 0.1);
  }, 180_000);
});

/*
 * Issue 37: the bodies the API document (/api/openapi.json) describes, each made wrong
 * in one field at a time: a required field left out, a value outside its enum, too long
 * or too short, out of range, failing its pattern or format, or of another type. What
 * the document calls invalid the server must refuse, at that field: the document and
 * the server's validation are the same contract.
 */
type Schema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
};

/** Strings that meet common patterns and formats; a sample takes the first that fits. */
const FITTING = ['Anna', '123456', 'fuzz@example.com', 'en', 'a', '2030-01-01', 'Europe/Berlin'];
/** Strings that break them; a violation takes the first that does not fit. */
const UNFITTING = ['!!!', '12', 'no at sign', '<>'];

const fits = (schema: Schema, text: string) =>
  (schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(text)) &&
  (schema.format !== 'email' || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text)) &&
  text.length >= (schema.minLength ?? 0) &&
  text.length <= (schema.maxLength ?? Infinity);

const typeOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

/** A value the schema accepts. */
function validSample(schema: Schema): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.[0]) return validSample(choice[0]);
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, validSample(inner)]),
      );
    case 'array':
      return schema.items && (schema.minItems ?? 0) > 0 ? [validSample(schema.items)] : [];
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 0, 0), schema.maximum ?? Infinity);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return FITTING.find((text) => fits(schema, text)) ?? 'a'.repeat(schema.minLength ?? 1);
  }
}

/** Values the schema refuses, each with what is wrong; `asText`: a form's fields are strings. */
function wrongValues(schema: Schema, asText: boolean): { what: string; value: unknown }[] {
  const wrong: { what: string; value: unknown }[] = [];
  if ('const' in schema || schema.enum) {
    wrong.push({ what: 'outside its values', value: 'not-one-of-these' });
    return wrong;
  }
  if (schema.anyOf ?? schema.oneOf) return wrong;
  const type = typeOf(schema);
  if (type === 'string') {
    if (schema.maxLength !== undefined)
      wrong.push({ what: 'too long', value: 'x'.repeat(schema.maxLength + 1) });
    if ((schema.minLength ?? 0) > 1)
      wrong.push({ what: 'too short', value: 'x'.repeat((schema.minLength ?? 1) - 1) });
    if (schema.pattern !== undefined || schema.format === 'email') {
      const text = UNFITTING.find((candidate) => !fits(schema, candidate));
      if (text !== undefined) wrong.push({ what: 'not its pattern', value: text });
    }
  }
  if (type === 'integer' || type === 'number') {
    if (schema.minimum !== undefined) wrong.push({ what: 'below', value: schema.minimum - 1 });
    if (schema.maximum !== undefined) wrong.push({ what: 'above', value: schema.maximum + 1 });
    if (type === 'integer' && !asText) wrong.push({ what: 'a fraction', value: 0.5 });
  }
  if (type === 'array' && schema.maxItems !== undefined && schema.items) {
    const item = validSample(schema.items);
    wrong.push({
      what: 'too many',
      value: Array.from({ length: schema.maxItems + 1 }, () => item),
    });
  }
  if (!asText && type !== undefined) {
    wrong.push({ what: 'another type', value: type === 'string' ? 42 : 'text' });
  }
  return wrong;
}

/** A body the document calls invalid in one top-level field. */
type Case = { field: string; what: string; body: Record<string, unknown> };

/** One case per way to make one top-level field wrong. */
function wrongBodies(schema: Schema, asText: boolean): Case[] {
  const valid = validSample(schema) as Record<string, unknown>;
  const cases: Case[] = [];
  for (const [field, inner] of Object.entries(schema.properties ?? {})) {
    if (schema.required?.includes(field)) {
      const { [field]: _, ...rest } = valid;
      cases.push({ field, what: 'left out', body: rest });
    }
    for (const { what, value } of wrongValues(inner, asText))
      cases.push({ field, what, body: { ...valid, [field]: value } });
  }
  return cases;
}

function encodeBody(media: string, body: Record<string, unknown>): BodyInit {
  if (media === 'application/json') return JSON.stringify(body);
  const pairs: [string, string][] = Object.entries(body).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((item): [string, string] => [key, String(item)]),
  );
  if (media === 'multipart/form-data') {
    const data = new FormData();
    for (const [key, value] of pairs) data.append(key, value);
    return data;
  }
  return new URLSearchParams(pairs).toString();
}

describe('bodies drawn from the API document', () => {
  it('refuses every body the document calls invalid, at the field it concerns', async () => {
    const reader = server().client();
    const document = (await (await reader.get('/api/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>
      >;
    };
    const failures: string[] = [];
    let sent = 0;
    let operations = 0;
    let atTheField = 0;
    const statuses = new Map<number, number>();
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const content = operation.requestBody?.content;
        if (!content) continue;
        operations += 1;
        const [media, { schema }] = Object.entries(content)[0] ?? ['', { schema: {} }];
        // A path's parameters get the first plausible value the blind fuzz knows.
        const path = template.replace(
          /\{([^}]+)\}/g,
          (_, name: string) => PLAUSIBLE[name]?.[0] ?? '1',
        );
        for (const wrong of wrongBodies(schema, media !== 'application/json')) {
          // A new user each time, signed in just now: no earlier case's change or
          // throttle stands in the way.
          const slot: Slot = { name: 'signed in', client: server().client() };
          await signIn(slot);
          const errorsBefore = server().logger.entries.filter((e) => e.level === 'error').length;
          const headers: Record<string, string> =
            media === 'multipart/form-data' ? {} : { 'Content-Type': media };
          const response = await slot.client.request(path, {
            method: method.toUpperCase(),
            headers,
            body: encodeBody(media, wrong.body),
          });
          sent += 1;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const what = `${method.toUpperCase()} ${path} with ${wrong.field} ${wrong.what}`;
          const text = await response.text();
          if (response.status < 400 || response.status >= 500) {
            failures.push(`${what}: ${response.status} ${text.slice(0, 160)}`);
            continue;
          }
          if (server().logger.entries.filter((e) => e.level === 'error').length > errorsBefore)
            failures.push(`${what}: logged an error`);
          let body: unknown = null;
          try {
            body = JSON.parse(text);
          } catch {
            // reported below
          }
          if (!isSection8(body)) failures.push(`${what}: not section 8: ${text.slice(0, 160)}`);
          if (response.status === 400 && v.is(ErrorListBody, body)) {
            const fields = body.errors.map((error) => error.source?.pointer);
            if (fields.includes(wrong.field)) atTheField += 1;
            else failures.push(`${what}: the errors name ${JSON.stringify(fields)}`);
          }
        }
      }
    }
    console.info(
      `document fuzz: ${sent} wrong bodies over ${operations} operations, ${atTheField} ` +
        `refused at their field; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    // Sanity: the document is the app's, with its forms and JSON bodies.
    expect(operations).toBeGreaterThan(15);
    expect(sent).toBeGreaterThan(operations * 2);
    expect(failures).toEqual([]);
    // Most reached the validation, not a check before it (a whole-body refusal, as the
    // invoice request's plan_unavailable, is an answer too, but proves less).
    expect(atTheField).toBeGreaterThan(sent * 0.8);
  }, 180_000);
});
