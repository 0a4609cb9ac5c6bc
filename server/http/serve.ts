import {
  ServerResponse,
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
} from 'node:http';
import { createSecureServer, type Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { HeaderBlock } from './security-headers.ts';

type Given = OutgoingHttpHeaders | readonly OutgoingHttpHeader[];

/** What a response class needs of its answer to complete its headers. */
type Answer = {
  hasHeader(name: string): boolean;
  setHeader(name: string, value: string): unknown;
};

/**
 * The headers an answer goes out with: `given` (what the app made) and each header of
 * `block` that it names in no case and that was not set on the answer before.
 */
export function completeHeaders(
  block: HeaderBlock,
  given: Given | undefined,
  answer: Answer,
): Given {
  if (Array.isArray(given)) {
    // Raw pairs: set first, the block's headers give way to the pairs when written.
    for (const [name, value] of Object.entries(block)) {
      if (!answer.hasHeader(name)) answer.setHeader(name, value);
    }
    return given;
  }
  // The block's names the answer gives itself, in whatever case.
  let own: Set<string> | undefined;
  for (const key in given) {
    const name = key.toLowerCase();
    if (Object.hasOwn(block, name)) (own ??= new Set()).add(name);
  }
  const complete: OutgoingHttpHeaders = {};
  for (const name in block) {
    if (!own?.has(name) && !answer.hasHeader(name)) complete[name] = block[name];
  }
  return given === undefined ? complete : Object.assign(complete, given);
}

/** HTTP/1.1 answers, each written with the block's headers it lacks. */
function http1Answers(block: HeaderBlock) {
  return class Answer<R extends IncomingMessage = IncomingMessage> extends ServerResponse<R> {
    override writeHead(statusCode: number, message?: string | Given, headers?: Given): this {
      return typeof message === 'string'
        ? super.writeHead(statusCode, message, completeHeaders(block, headers, this) as Headers1)
        : super.writeHead(statusCode, completeHeaders(block, message, this) as Headers1);
    }
  };
}
type Headers1 = OutgoingHttpHeaders | OutgoingHttpHeader[];

/** HTTP/2 answers, likewise. */
function http2Answers(block: HeaderBlock) {
  return class Answer<
    R extends Http2ServerRequest = Http2ServerRequest,
  > extends Http2ServerResponse<R> {
    override writeHead(statusCode: number, message?: string | Headers2, headers?: Headers2): this {
      const given = typeof message === 'string' ? headers : message;
      return super.writeHead(statusCode, completeHeaders(block, given, this) as Headers2);
    }
  };
}
type Headers2 = OutgoingHttpHeaders | readonly string[];

export type ServeOptions = {
  fetch: Parameters<typeof serve>[0]['fetch'];
  port: number;
  /** HTTPS with HTTP/2 (HTTP/1.1 for clients without it); plain HTTP/1.1 without. */
  tls?: { cert: Buffer; key: Buffer } | null;
  /** Headers every answer carries unless it names its own (the security headers). */
  headers: HeaderBlock;
};

/**
 * The app on Node's HTTP server. Headers every answer carries are written here, once per
 * answer as it goes out, and not set on each answer inside the app: there each header
 * costs a Fetch `Headers` entry checked and copied (docs/decisions/0038).
 */
export function serveApp(
  options: ServeOptions,
  listening?: (info: AddressInfo) => void,
): ServerType {
  const { fetch, port, tls, headers } = options;
  if (tls) {
    return serve(
      {
        fetch,
        port,
        createServer: createSecureServer,
        serverOptions: {
          cert: tls.cert,
          key: tls.key,
          allowHTTP1: true,
          Http1ServerResponse: http1Answers(headers),
          Http2ServerResponse: http2Answers(headers),
        },
      },
      listening,
    );
  }
  return serve(
    { fetch, port, serverOptions: { ServerResponse: http1Answers(headers) } },
    listening,
  );
}
