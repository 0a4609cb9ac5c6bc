import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, useFakeFetch } from './fake-fetch.ts';
import { ANSWERED_READS_ID } from '../../contract/page-reads.ts';
import {
  answeredReads,
  call,
  forgetWarmReads,
  givenRead,
  primeReads,
  warmReads,
} from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';

const api = useFakeFetch((asked) => json({ n: asked }));

afterEach(() => {
  forgetWarmReads();
  vi.useRealTimers();
});

const Counted = v.object({ n: v.number() });
const read = (path: string, query?: Record<string, string>) =>
  call(path, Counted, { useCase: 'get_x', ...(query ? { query } : {}) });

describe('warmed reads (a page starts its reads beside the session call)', () => {
  it('serves the first call of a warmed path from the warmed answer, and only that call', async () => {
    warmReads([{ path: 'v1/x/' }]);
    expect(await read('v1/x/')).toEqual({ n: 1 });
    expect(await read('v1/x/')).toEqual({ n: 2 });
    expect(api.fetched).toEqual(['/api/v1/x/', '/api/v1/x/']);
  });

  it('matches a query whatever the order of its keys, and not another query', async () => {
    warmReads([{ path: 'v1/y/', query: { plan: 'mini', interval: 'monthly' } }]);
    await read('v1/y/', { plan: 'premium', interval: 'monthly' });
    expect(await read('v1/y/', { interval: 'monthly', plan: 'mini' })).toEqual({ n: 1 });
    expect(api.fetched).toHaveLength(2);
  });

  it('gives no warmed answer to a write of the same path', async () => {
    warmReads([{ path: 'v1/x/' }]);
    await call('v1/x/', v.unknown(), { method: 'DELETE', useCase: 'remove_x' });
    expect(api.fetched).toHaveLength(2);
  });

  it('fetches anew once the warmed answers are forgotten or older than ten seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    warmReads([{ path: 'v1/x/' }]);
    forgetWarmReads();
    expect(await read('v1/x/')).toEqual({ n: 2 });
    warmReads([{ path: 'v1/z/' }]);
    vi.setSystemTime(Date.now() + 10_001);
    expect(await read('v1/z/')).toEqual({ n: 4 });
  });

  it('hands a warmed refusal to the call that takes it, in the section-8 shape', async () => {
    api.answers.push(json({ code: 'not_authenticated', detail: 'Sign in' }, 401));
    warmReads([{ path: 'v1/x/' }]);
    const refused = await read('v1/x/').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, code: 'not_authenticated' });
    expect(api.fetched).toHaveLength(1);
  });

  it('does not warm a read only the page brings: its first call asks the server', async () => {
    warmReads([{ path: 'v1/x/', onlyInPage: true }, { path: 'v1/y/' }]);
    expect(await read('v1/y/')).toEqual({ n: 1 });
    expect(await read('v1/x/')).toEqual({ n: 2 });
    expect(api.fetched).toEqual(['/api/v1/y/', '/api/v1/x/']);
  });

  it('warms a path once however often it is asked to', async () => {
    warmReads([{ path: 'v1/x/' }, { path: 'v1/x/' }]);
    warmReads([{ path: 'v1/x/' }]);
    await read('v1/x/');
    expect(api.fetched).toHaveLength(1);
  });
});

describe("reads the server answered inside the page's HTML", () => {
  const page = (json: string) => {
    const root = document.createElement('div');
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = ANSWERED_READS_ID;
    script.textContent = json;
    root.append(script);
    return root;
  };

  it('serves the first call of each from the page, with no fetch, and fetches the next', async () => {
    const reads = answeredReads(
      page(
        JSON.stringify([
          { path: 'v1/x/', answer: { n: 10 } },
          { path: 'v1/y/', query: { plan: 'mini' }, answer: { n: 20 } },
        ]),
      ),
    );
    primeReads(reads);
    expect(await read('v1/x/')).toEqual({ n: 10 });
    expect(await read('v1/y/', { plan: 'mini' })).toEqual({ n: 20 });
    expect(api.fetched).toEqual([]);
    expect(await read('v1/x/')).toEqual({ n: 1 });
    expect(api.fetched).toEqual(['/api/v1/x/']);
  });

  it('is not api.fetched when the page warms it again', async () => {
    primeReads([{ path: 'v1/x/', answer: { n: 10 } }]);
    warmReads([{ path: 'v1/x/' }]);
    expect(await read('v1/x/')).toEqual({ n: 10 });
    expect(api.fetched).toEqual([]);
  });

  it('finds none on a page without them, with broken JSON, or in items without a path', () => {
    expect(answeredReads(document.createElement('div'))).toEqual([]);
    expect(answeredReads(page('[{"path":'))).toEqual([]);
    expect(answeredReads(page('{"path":"v1/x/","answer":1}'))).toEqual([]);
    expect(
      answeredReads(page('[null, 3, {"answer": 1}, {"path": 7, "answer": 1}, {"path": "v1/x/"}]')),
    ).toEqual([]);
  });
});

describe('answers the page brought, for the machines its first screen starts', () => {
  it('gives them at once, checked by the schema, as often as asked, and to no call after', async () => {
    primeReads([{ path: 'v1/x/', query: { plan: 'mini' }, answer: { n: 10 } }]);
    expect(givenRead('v1/x/', Counted)).toBeUndefined();
    expect(givenRead('v1/x/', Counted, { plan: 'mini' })).toEqual({ n: 10 });
    // A draw may run twice: the second look finds the very same answer, checked once.
    expect(givenRead('v1/x/', Counted, { plan: 'mini' })).toBe(
      givenRead('v1/x/', Counted, { plan: 'mini' }),
    );
    // A later read of it (a retry, a refresh) asks the server.
    expect(await read('v1/x/', { plan: 'mini' })).toEqual({ n: 1 });
    expect(api.fetched).toEqual(['/api/v1/x/?plan=mini']);
  });

  it('gives none that fails its schema, none unbrought, and none once the page is left', () => {
    primeReads([
      { path: 'v1/x/', answer: { n: 'ten' } },
      { path: 'v1/y/', answer: { n: 20 } },
    ]);
    expect(givenRead('v1/x/', Counted)).toBeUndefined();
    expect(givenRead('v1/z/', Counted)).toBeUndefined();
    forgetWarmReads();
    expect(givenRead('v1/y/', Counted)).toBeUndefined();
  });
});
