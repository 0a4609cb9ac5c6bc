import type { $Fetch, FetchError } from 'ofetch';
import * as v from 'valibot';
import { ANSWERED_READS_ID, type AnsweredRead, type PageRead } from '../../contract/page-reads.ts';
import { PAGE_LOCALE_HEADER } from '../../contract/countries.ts';
import { activeLocale } from '../i18n/i18n.ts';
import { ApiError, toApiErrors } from './errors.ts';
import { askReauth } from './reauth.ts';

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
 * which the page cannot read. Without it there is no session to ask about. A server
 * render, which has no document, draws a visitor's page.
 */
export function sessionMayExist(
  cookie: string = typeof document === 'undefined' ? '' : document.cookie,
): boolean {
  return /(?:^|;\s*)(?:__Host-)?signedin=1(?:;|$)/.test(cookie);
}

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The headers every API call carries: the page's language (the mails and addresses a
 * call causes are in it) and, on a call that changes something, the CSRF token.
 */
export function apiHeaders(method: string): Record<string, string> {
  const headers: Record<string, string> = { [PAGE_LOCALE_HEADER]: activeLocale() };
  if (unsafe.has(method.toUpperCase())) headers['X-CSRFToken'] = csrfToken();
  return headers;
}

let client: Promise<$Fetch> | undefined;
let fetchError: typeof FetchError | undefined;

/**
 * The ofetch client of the API, loaded at the first call: a visitor's first page makes
 * none, so it does not wait for it (docs/decisions/0009).
 */
export function http(): Promise<$Fetch> {
  client ??= import('ofetch').then((module) => {
    fetchError = module.FetchError;
    return module.ofetch.create({
      baseURL: '/api/',
      headers: { Accept: 'application/json' },
      retry: 0,
      onRequest({ options }) {
        for (const [name, value] of Object.entries(apiHeaders(options.method ?? 'GET'))) {
          options.headers.set(name, value);
        }
      },
    });
  });
  return client;
}

/** A refusal with an answer: ofetch's error, which only a call (after loading) can throw. */
export function isAnsweredFetchError(error: unknown): error is FetchError & { response: Response } {
  return (
    fetchError !== undefined &&
    error instanceof fetchError &&
    error.response !== undefined &&
    error.data !== undefined
  );
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

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: Record<string, unknown> | URLSearchParams;
  query?: Record<string, string>;
  signal?: AbortSignal | undefined;
  useCase: string;
  /** Set on the one retry after a re-authentication: a second refusal is the call's. */
  reauthRetry?: boolean;
}

interface Warmed {
  answer: Promise<unknown>;
  at: number;
}

const warmed = new Map<string, Warmed>();
/** How long a warmed answer may wait for the call that takes it. */
const warmLifetimeMs = 10_000;
const readKey = (path: string, query: Record<string, string> | undefined) =>
  query ? `${path}?${new URLSearchParams(Object.entries(query).sort())}` : path;

/**
 * Starts the reads a page makes when it first draws, beside the session's call rather
 * than after the page's chunks and first draw (decision 0009), but those only the page's
 * HTML brings. The first GET of each within ten seconds takes its answer, once;
 * `forgetWarmReads` drops the rest.
 */
export function warmReads(reads: readonly PageRead[]): void {
  for (const { path, query, onlyInPage } of reads) {
    const key = readKey(path, query);
    if (onlyInPage || warmed.has(key)) continue;
    const answer = http().then((fetch) => fetch(path, query ? { query } : {}));
    // Whoever takes the answer hears its failure; an answer nobody takes is dropped.
    answer.catch(() => undefined);
    warmed.set(key, { answer, at: Date.now() });
  }
}

/**
 * The answers the page carried, for the machines its first screen starts (`givenRead`),
 * each with what its schema made of it at the first look.
 */
const given = new Map<
  string,
  { answer: unknown; checked?: { schema: unknown; output: unknown } }
>();

/**
 * Takes the reads the server answered inside the page's HTML as warmed ones: their
 * calls wait for no round trip. A read warmed again afterwards is not fetched.
 */
export function primeReads(reads: readonly AnsweredRead[]): void {
  for (const { path, query, answer } of reads) {
    const key = readKey(path, query);
    warmed.set(key, { answer: Promise.resolve(answer), at: Date.now() });
    given.set(key, { answer });
  }
}

/**
 * The answer the page carried for this read, checked by its contract schema, for a
 * machine to start from without loading it (docs/decisions/0034): at hand at the first
 * draw, and the very same on a later look (a draw may run twice, and a screen computes
 * its machine's input on each draw), checked once. No call takes it afterwards: a later
 * read of the same path asks the server. Undefined where the page carried none, or it
 * does not pass the schema.
 */
export function givenRead<S extends v.GenericSchema>(
  path: string,
  schema: S,
  query?: Record<string, string>,
): v.InferOutput<S> | undefined {
  const key = readKey(path, query);
  const entry = given.get(key);
  if (!entry) return undefined;
  if (entry.checked?.schema !== schema) {
    warmed.delete(key);
    const parsed = v.safeParse(schema, entry.answer);
    entry.checked = { schema, output: parsed.success ? parsed.output : undefined };
  }
  return entry.checked.output as v.InferOutput<S> | undefined;
}

const isAnsweredRead = (item: unknown): item is AnsweredRead =>
  typeof item === 'object' &&
  item !== null &&
  'answer' in item &&
  typeof (item as { path?: unknown }).path === 'string';

/** The reads the server answered inside this page's HTML: none where it answered none. */
export function answeredReads(root: ParentNode = document): AnsweredRead[] {
  const text = root.querySelector(`script#${ANSWERED_READS_ID}`)?.textContent;
  if (!text) return [];
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter(isAnsweredRead) : [];
  } catch {
    return [];
  }
}

/** Drops the warmed and carried answers no call took: the page they were for is gone. */
export function forgetWarmReads(): void {
  warmed.clear();
  given.clear();
}

function takeWarmed(path: string, options: Omit<CallOptions, 'useCase'>): Warmed | undefined {
  if ((options.method ?? 'GET') !== 'GET' || warmed.size === 0) return undefined;
  const key = readKey(path, options.query);
  const entry = warmed.get(key);
  warmed.delete(key);
  return entry && Date.now() - entry.at <= warmLifetimeMs ? entry : undefined;
}

/** A sensitive action refused for want of a recent sign-in (decision 0215). */
export const isReauthRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.code === 'reauth_required';

/**
 * One call: parses the answer with its contract schema, or throws an ApiError with
 * the section-8 items. An answer with no body is rethrown as it is, with a warning.
 * A refusal for want of a recent sign-in asks the user to prove who they are (the
 * re-auth dialog) and retries the call once if they did; if they cancel, the refusal
 * is the call's answer, which its page shows as it shows any other.
 */
export async function call<S extends v.GenericSchema>(
  path: string,
  schema: S,
  options: CallOptions,
): Promise<v.InferOutput<S>> {
  try {
    return await callOnce(path, schema, options);
  } catch (error) {
    if (options.reauthRetry || !isReauthRequired(error)) throw error;
    if (!(await askReauth()) || options.signal?.aborted) throw error;
    return callOnce(path, schema, { ...options, reauthRetry: true });
  }
}

async function callOnce<S extends v.GenericSchema>(
  path: string,
  schema: S,
  { useCase, reauthRetry: _, ...options }: CallOptions,
): Promise<v.InferOutput<S>> {
  let data: unknown;
  try {
    const warm = takeWarmed(path, options);
    data = await (warm ? warm.answer : (await http())(path, options));
  } catch (error) {
    if (isAnsweredFetchError(error)) {
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
    // Section 8: an error with no body is rethrown as it is, and a warning logged.
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
