import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export type EnvelopeItem = { header: Record<string, unknown>; payload: Record<string, unknown> };

/** A local stand-in for Sentry: keeps every envelope posted to /api/<project>/envelope/. */
export type EnvelopeSink = { server: Server; port: number; items: EnvelopeItem[] };

export async function envelopeSink(): Promise<EnvelopeSink> {
  const items: EnvelopeItem[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      if (/^\/api\/\d+\/envelope\/?/.test(request.url ?? '')) {
        const lines = body.toString('utf8').split('\n').filter(Boolean);
        for (let index = 1; index + 1 < lines.length; index += 2) {
          items.push({
            header: JSON.parse(lines[index] ?? '{}') as Record<string, unknown>,
            payload: JSON.parse(lines[index + 1] ?? '{}') as Record<string, unknown>,
          });
        }
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, items };
}
