import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { describe, expect, it, vi } from 'vitest';
import { requestCookie } from '../../server/http/cookies.ts';

/** What requestCookie reads for each name, and what Hono's getCookie reads, in one request. */
async function read(header: string | null, names: string[]) {
  const app = new Hono();
  app.get('/', (c) =>
    c.json(
      names.map((name) => ({
        ours: requestCookie(c, name) ?? null,
        hono: getCookie(c, name) ?? null,
      })),
    ),
  );
  const request = new Request('http://portal.test/', {
    headers: header === null ? {} : { cookie: header },
  });
  return (await (await app.fetch(request)).json()) as { ours: string | null; hono: string }[];
}

describe("a request's cookies (requestCookie)", () => {
  it('reads each cookie as Hono reads it: the first well-formed one of a name, decoded', async () => {
    const header =
      'device=1.a; sessionid=tok; device=1.b; bad=a"b; bad=good; csrftoken=x%20y; empty=; spaced = v ';
    const names = ['device', 'sessionid', 'bad', 'csrftoken', 'empty', 'spaced', 'absent'];
    const answers = await read(header, names);
    expect(answers.map((answer) => answer.ours)).toEqual([
      '1.a',
      'tok',
      'good',
      'x y',
      '',
      'v',
      null,
    ]);
    expect(answers.map((answer) => answer.ours)).toEqual(answers.map((answer) => answer.hono));
  });

  it("is absent for a name no cookie has, the object's own keys included, and without a header", async () => {
    const names = ['constructor', 'toString', '__proto__', 'hasOwnProperty'];
    for (const header of ['a=1', null]) {
      const answers = await read(header, names);
      expect(answers.map((answer) => answer.ours)).toEqual(names.map(() => null));
    }
  });

  it('parses the Cookie header once per request, however many reads', async () => {
    const app = new Hono();
    app.get('/', (c) =>
      c.text(['a', 'b', 'a', 'c'].map((name) => requestCookie(c, name) ?? '-').join(',')),
    );
    const request = new Request('http://portal.test/', { headers: { cookie: 'a=1; b=2' } });
    const headerReads = vi.spyOn(request.headers, 'get');
    expect(await (await app.fetch(request)).text()).toBe('1,2,1,-');
    expect(headerReads.mock.calls.filter(([name]) => name.toLowerCase() === 'cookie')).toHaveLength(
      1,
    );
    // Another request is parsed on its own.
    const other = new Request('http://portal.test/', { headers: { cookie: 'a=9' } });
    expect(await (await app.fetch(other)).text()).toBe('9,-,9,-');
  });
});
