import { afterEach, beforeEach, vi } from 'vitest';

/** A JSON answer as the API sends it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The global fetch, stood in for each test of the file: the paths asked (without the
 * origin) in `fetched`, the next answers taken from `answers`, and `otherwise` when none
 * is queued (given how many were asked so far).
 */
export function useFakeFetch(otherwise: (asked: number) => Response) {
  const api = { fetched: [] as string[], answers: [] as Response[] };
  beforeEach(() => {
    api.fetched = [];
    api.answers = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request | string) => {
        const url = typeof request === 'string' ? request : request.url;
        api.fetched.push(url.replace(/^https?:\/\/[^/]+/, ''));
        return api.answers.shift() ?? otherwise(api.fetched.length);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return api;
}
