import { gunzipSync, inflateSync } from 'node:zlib';
import type { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../server/http/context.ts';
import { ErrorAnswer, findOperation } from '../../server/openapi/operations.ts';

export type SetCookie = { name: string; value: string; attributes: Map<string, string> };

/** One Set-Cookie header; attribute names lower-cased, flags map to ''. */
export function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...parts] = header.split(';');
  const eq = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const part of parts) {
    const [key = '', ...rest] = part.trim().split('=');
    attributes.set(key.toLowerCase(), rest.join('='));
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

export type RequestOptions = {
  headers?: Record<string, string>;
  /** false sends no CSRF header; a string sends that value instead of the cookie's. */
  csrf?: boolean | string;
};

export type TestClient = {
  cookies: Map<string, string>;
  request(path: string, init?: RequestInit & RequestOptions): Promise<Response>;
  get(path: string, options?: RequestOptions): Promise<Response>;
  postJson(path: string, body: unknown, options?: RequestOptions): Promise<Response>;
  postForm(
    path: string,
    fields: Record<string, string>,
    options?: RequestOptions,
  ): Promise<Response>;
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isApi = (path: string) => path.startsWith('/api/');

/** The path the app sees (`%2e%2e` resolved); a fuzzed one no parser takes (`//%00`) as sent. */
function pathOf(url: string): string {
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return url.split(/[?#]/)[0] ?? '';
  }
}

/**
 * Every JSON answer of the API against the OpenAPI document's schemas
 * (server/openapi/operations.ts, which the document is made from): an error answer in
 * the section-8 shape, a success answer in its operation's. A mismatch fails the test.
 */
export async function checkAnswer(method: string, url: string, response: Response): Promise<void> {
  const path = pathOf(url);
  const type = response.headers.get('content-type') ?? '';
  if (!isApi(path) || !type.startsWith('application/json')) return;
  const operation = findOperation(method, path);
  const encoding = response.headers.get('content-encoding');
  const bytes = new Uint8Array(await response.clone().arrayBuffer());
  if (bytes.byteLength === 0) return;
  // A compressed answer (server/http/compress.ts) is read as the browser would. Over
  // app.request() the body comes as sent; over HTTP, fetch has already decoded it.
  const text = (): Buffer => {
    if (encoding === 'gzip' && bytes[0] === 0x1f && bytes[1] === 0x8b) return gunzipSync(bytes);
    if (encoding === 'deflate' && bytes[0] === 0x78) return inflateSync(bytes);
    if (encoding !== null && encoding !== 'gzip' && encoding !== 'deflate') {
      throw new Error(`unread encoding ${encoding}`);
    }
    return Buffer.from(bytes);
  };
  const body: unknown = JSON.parse(text().toString('utf8'));
  const schema =
    response.status >= 400
      ? ErrorAnswer
      : operation?.answer.status === response.status
        ? operation.answer.schema
        : null;
  if (schema === null) return;
  const result = v.safeParse(schema, body);
  if (!result.success) {
    const issues = result.issues.map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`);
    throw new Error(
      `${method} ${path} answered ${response.status} outside its schema:\n  ${issues.join('\n  ')}`,
    );
  }
}

/**
 * A cookie-keeping browser over app.request(), so no port is opened. `settle` runs
 * after every answer (the harness lets queued mail go out).
 */
export function createClient(
  app: Hono<AppEnv>,
  settle: () => Promise<unknown> = () => Promise.resolve(),
): TestClient {
  const cookies = new Map<string, string>();
  // Production names it with the __Host- prefix.
  const csrfCookie = () => cookies.get('csrftoken') ?? cookies.get('__Host-csrftoken');

  function remember(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(header);
      if (cookie.attributes.get('max-age') === '0') cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
  }

  async function request(path: string, init: RequestInit & RequestOptions = {}): Promise<Response> {
    const { csrf = true, headers: extra = {}, ...rest } = init;
    const method = (rest.method ?? 'GET').toUpperCase();
    // Like the SPA: the page has been loaded first, so the CSRF cookie is there.
    if (UNSAFE.has(method) && csrf !== false && csrfCookie() === undefined)
      await request('/api/v1/profile/');
    const headers = new Headers(extra);
    if (cookies.size > 0) {
      headers.set('Cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const token = typeof csrf === 'string' ? csrf : csrfCookie();
    if (UNSAFE.has(method) && csrf !== false && token !== undefined)
      headers.set('X-CSRFToken', token);
    const response = await app.request(path, { ...rest, method, headers });
    await checkAnswer(method, path, response);
    remember(response);
    await settle();
    return response;
  }

  return {
    cookies,
    request,
    get: (path, options) => request(path, { ...options }),
    postJson: (path, body, options) =>
      request(path, {
        ...options,
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json', ...options?.headers },
      }),
    postForm: (path, fields, options) =>
      request(path, {
        ...options,
        method: 'POST',
        body: new URLSearchParams(fields).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...options?.headers },
      }),
  };
}
