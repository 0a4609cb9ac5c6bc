import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { completeHeaders, serveApp } from '../../server/http/serve.ts';

const BLOCK = { 'x-frame-options': 'DENY', 'content-security-policy': "default-src 'self'" };

/** An answer that had nothing set on it before, or the names it had. */
const answer = (set: string[] = []) => {
  const headers = new Map(set.map((name) => [name, 'set before']));
  return {
    hasHeader: (name: string) => headers.has(name),
    setHeader: (name: string, value: string) => headers.set(name, value),
    headers,
  };
};

describe('completeHeaders', () => {
  it('adds every header of the block to an answer that has none of them', () => {
    expect(completeHeaders(BLOCK, { 'content-type': 'text/plain' }, answer())).toEqual({
      ...BLOCK,
      'content-type': 'text/plain',
    });
    expect(completeHeaders(BLOCK, undefined, answer())).toEqual(BLOCK);
  });

  it("keeps the answer's own value of a block's header, in whatever case it is named", () => {
    const own = { 'Content-Security-Policy': "default-src 'none'", 'content-type': 'text/html' };
    const written = completeHeaders(BLOCK, own, answer());
    expect(written).toEqual({ 'x-frame-options': 'DENY', ...own });
    expect(written).not.toHaveProperty('content-security-policy');
  });

  it('leaves out a header the answer was given before it was written', () => {
    expect(completeHeaders(BLOCK, {}, answer(['x-frame-options']))).toEqual({
      'content-security-policy': BLOCK['content-security-policy'],
    });
  });

  it('never changes the object it was given', () => {
    const given = Object.freeze({ 'content-type': 'text/plain' });
    completeHeaders(BLOCK, given, answer());
    expect(given).toEqual({ 'content-type': 'text/plain' });
  });

  it('sets the block on the answer for raw pairs, which Node writes over it', () => {
    const target = answer();
    const pairs = ['x-frame-options', 'SAMEORIGIN'];
    expect(completeHeaders(BLOCK, pairs, target)).toBe(pairs);
    expect(Object.fromEntries(target.headers)).toEqual(BLOCK);
  });
});

describe('serveApp', () => {
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    const app = new Hono();
    app.get('/plain', (c) => c.text('plain'));
    app.get('/own', (c) => {
      c.header('Content-Security-Policy', "default-src 'none'");
      return c.text('own');
    });
    app.get('/empty', (c) => c.body(null, 204));
    app.get('/stream', (c) => c.body(new Blob(['a', 'b']).stream()));
    await new Promise<void>((resolve) => {
      server = serveApp({ fetch: app.fetch, port: 0, headers: BLOCK }, (info: AddressInfo) => {
        origin = `http://127.0.0.1:${info.port}`;
        resolve();
      }) as Server;
    });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each(['/plain', '/empty', '/stream', '/nothing-here'])(
    'writes the block into %s',
    async (path) => {
      const answer = await fetch(origin + path);
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'self'");
      await answer.arrayBuffer();
    },
  );

  it('leaves an answer its own value', async () => {
    const answer = await fetch(`${origin}/own`);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(await answer.text()).toBe('own');
  });
});
