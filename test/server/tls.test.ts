import { connect, type ClientHttp2Session } from 'node:http2';
import { get } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/server.ts';
import { throwawayCertificate, type ThrowawayCertificate } from '../e2e/tls.ts';
import { childStore, type ChildStore } from './child-servers.ts';

/**
 * Started with TLS_CERT_FILE and TLS_KEY_FILE, the server process itself speaks HTTPS:
 * HTTP/2 to a browser that offers it, HTTP/1.1 to any other client.
 */
let certificate: ThrowawayCertificate;
let store: ChildStore;
let server: RunningServer;

beforeAll(async () => {
  certificate = await throwawayCertificate();
  store = await childStore();
  server = await startServer(
    { STATIC_DIR: '/nonexistent-static-dir', ...store.env, ...certificate.env },
    { dataDir: store.dataDir, keepData: true },
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await store?.remove();
  await certificate?.remove();
});

interface Answer {
  protocol: string;
  status: number;
  type: string;
  /** Two of the security headers every answer carries (server/http/security-headers.ts). */
  policy: string;
  frames: string;
  body: string;
}

/** One call on an HTTP/2 session: a new one, closed after, or `kept` open by the caller. */
function overHttp2(path: string, kept?: ClientHttp2Session): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const session = kept ?? connect(server.url, { ca: certificate.cert });
    if (!kept) session.once('error', reject);
    const request = session.request({ ':path': path, accept: 'application/json' });
    let body = '';
    let status = 0;
    let type = '';
    let policy = '';
    let frames = '';
    request.setEncoding('utf8');
    request.on('response', (headers) => {
      status = Number(headers[':status']);
      type = String(headers['content-type'] ?? '');
      policy = String(headers['content-security-policy'] ?? '');
      frames = String(headers['x-frame-options'] ?? '');
    });
    request.on('data', (chunk: string) => (body += chunk));
    request.once('error', reject);
    request.once('end', () => {
      resolve({ protocol: session.alpnProtocol ?? '', status, type, policy, frames, body });
      if (!kept) session.close();
    });
    request.end();
  });
}

function overHttp1(path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = get(
      `${server.url}${path}`,
      { ca: certificate.cert, headers: { accept: 'application/json' } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.once('end', () =>
          resolve({
            protocol: `HTTP/${response.httpVersion}`,
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type'] ?? ''),
            policy: String(response.headers['content-security-policy'] ?? ''),
            frames: String(response.headers['x-frame-options'] ?? ''),
            body,
          }),
        );
      },
    );
    request.once('error', reject);
  });
}

describe('the server over TLS', () => {
  it('prints and answers at an https address', () => {
    expect(server.url).toMatch(/^https:\/\/localhost:\d+$/);
  });

  it('speaks HTTP/2 to a client that offers it', async () => {
    const answer = await overHttp2('/api/v1/countries/');
    expect(answer.protocol).toBe('h2');
    expect(answer.status).toBe(200);
    expect(answer.type).toContain('application/json');
    expect(answer.policy).toContain("frame-ancestors 'none'");
    expect(answer.frames).toBe('DENY');
    expect(JSON.stringify(JSON.parse(answer.body))).toContain('"DE"');
  });

  it('speaks HTTP/1.1 over TLS to a client without HTTP/2', async () => {
    const answer = await overHttp1('/api/v1/countries/');
    expect(answer.protocol).toBe('HTTP/1.1');
    expect(answer.status).toBe(200);
    expect(answer.policy).toContain("frame-ancestors 'none'");
    expect(answer.frames).toBe('DENY');
    expect(JSON.stringify(JSON.parse(answer.body))).toContain('"DE"');
  });

  it('refuses an unknown call in the section-8 shape over HTTP/2 too', async () => {
    const answer = await overHttp2('/api/v1/no-such-call/');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ code: expect.any(String) });
    expect(answer.frames).toBe('DENY');
  });

  // Last: it stops the server.
  it('stops cleanly on SIGTERM while a browser keeps its HTTP/2 session open', async () => {
    const session = connect(server.url, { ca: certificate.cert });
    session.on('error', () => undefined);
    expect((await overHttp2('/api/v1/countries/', session)).status).toBe(200);
    const closed = new Promise((resolve) => session.once('close', resolve));
    await server.stop();
    expect(await server.exited).toBe('0');
    await closed;
  });
});
