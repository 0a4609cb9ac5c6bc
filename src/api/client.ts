import * as v from 'valibot';
import { ApiError, toApiErrors } from './errors.ts';

/**
 * Reads the CSRF token the server set in a cookie readable by the page (named with
 * the `__Host-` prefix in production).
 */
export function csrfToken(cookie: string = document.cookie): string {
  const match = /(?:^|;\s*)(?:__Host-)?csrftoken=([^;]+)/.exec(cookie);
  return match?.[1] ? decodeURIComponent(match[1]) : '';
}

/**
 * Whether this browser may have a session: the server keeps a page-readable hint
 * cookie (`signedin=1`, `__Host-` prefixed in production) beside the session's own,
 * which the page cannot read. Without it there is no session to ask about.
 */
export function sessionMayExist(cookie: string = document.cookie): boolean {
  return /(?:^|;\s*)(?:__Host-)?signedin=1(?:;|$)/.test(cookie);
}

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The server answered with an error status: its response and its body, read as typed. */
export class HttpError extends Error {
  readonly response: Response;
  readonly data: unknown;
  constructor(response: Response, data: unknown) {
    super(`${response.status} ${response.statusText}`);
    this.name = 'HttpError';
    this.response = response;
    this.data = data;
  }
}

export interface HttpOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A plain object goes as JSON; form data as it is. */
  body?: Record<string, unknown> | URLSearchParams | FormData | undefined;
  query?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
  /** How to read the body; by default from its content type. */
  responseType?: 'blob';
}

const noBody = new Set([101, 204, 205, 304]);

/** JSON when the server says JSON (or nothing), text for text, otherwise a Blob. */
async function readBody(response: Response, responseType?: 'blob'): Promise<unknown> {
  if (!response.body || noBody.has(response.status)) return undefined;
  if (responseType === 'blob') return response.blob();
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  if (type === '' || /^application\/(?:[\w.+-]*\+)?json$/i.test(type)) {
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return type.startsWith('text/') ? response.text() : response.blob();
}

/**
 * One request under /api/, with the CSRF header on the methods that change things:
 * answers the response and its body, or throws an HttpError for a 4xx or 5xx answer.
 * A request that gets no answer rejects as fetch does.
 */
export async function httpRaw(
  path: string,
  { method = 'GET', body, query, signal, responseType }: HttpOptions = {},
): Promise<{ response: Response; data: unknown }> {
  const headers = new Headers({ Accept: 'application/json' });
  if (unsafe.has(method)) headers.set('X-CSRFToken', csrfToken());
  let payload: BodyInit | undefined;
  if (body instanceof URLSearchParams || body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  const response = await fetch(`/api/${path}${search}`, {
    method,
    headers,
    body: payload ?? null,
    signal: signal ?? null,
  });
  const data = await readBody(response, responseType);
  if (response.status >= 400) throw new HttpError(response, data);
  return { response, data };
}

/** {@link httpRaw}'s body alone. */
export async function http(path: string, options?: HttpOptions): Promise<unknown> {
  return (await httpRaw(path, options)).data;
}

/** A call the server refused: what the app as a whole reacts to (401, 403). */
export interface Refusal {
  status: number;
  code: string;
  method: string;
  useCase: string;
}
const refusalListeners = new Set<(refusal: Refusal) => void>();

/** Hears every refused call, besides whoever made it; answers the unsubscribe. */
export function onRefusal(listener: (refusal: Refusal) => void): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

export interface CallOptions extends Omit<HttpOptions, 'responseType'> {
  useCase: string;
}

/**
 * One call: parses the answer with its contract schema, or throws an ApiError with
 * the section-8 items. A call that got no answer is rethrown as it is, with a warning.
 */
export async function call<S extends v.GenericSchema>(
  path: string,
  schema: S,
  { useCase, ...options }: CallOptions,
): Promise<v.InferOutput<S>> {
  let data: unknown;
  try {
    data = await http(path, options);
  } catch (error) {
    if (error instanceof HttpError) {
      const res = error.response;
      const refused = new ApiError(
        toApiErrors(
          { status: res.status, statusText: res.statusText, url: res.url, body: error.data },
          useCase,
        ),
        res.status,
      );
      const refusal = { status: res.status, code: refused.code, useCase };
      for (const listener of refusalListeners) {
        listener({ ...refusal, method: options.method ?? 'GET' });
      }
      throw refused;
    }
    // Section 8: an error without an answer is rethrown as it is, and a warning logged.
    // eslint-disable-next-line no-console
    console.warn(`API call ${path} failed without an answer`, error);
    throw error;
  }
  return v.parse(schema, data ?? null);
}

/** Form-encoded body, as the sign-in and sign-up posts are. */
export function formBody(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}
