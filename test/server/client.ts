import type { Hono } from 'hono';
import type { AppEnv } from '../../server/http/context.ts';

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
