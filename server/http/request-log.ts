import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { vouched, type Logger } from '../logger.ts';
import { requestIdFrom, withRequestId } from '../request-context.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What one request was, for the log line and the metrics. */
export type RequestFacts = {
  method: string;
  /** The route's pattern (`/api/v1/teams/:owner_id/membership/`), never the path itself. */
  route: string;
  status: number;
  durationMs: number;
};

/**
 * The pattern of the route that answered: `/*` for the SPA's pages, `unmatched` when no
 * route did (a middleware answered, or a catch-all passed it on to the 404).
 */
function routeOf(c: Context): string {
  const route = matchedRoutes(c)[c.req.routeIndex];
  if (route === undefined || route.method === 'ALL') return 'unmatched';
  return route.path.endsWith('*') && c.res.status === 404 ? 'unmatched' : route.path;
}

/**
 * One line per request at `info` (`warn` for a 5xx answer): method, route pattern,
 * status, duration and request id; no path, query, body, cookie or header. The id is
 * the client's X-Request-Id when sane, else a new one, sent back in the answer's header,
 * and follows the request's work (server/request-context.ts).
 */
export function requestLog(
  logger: Logger,
  observe?: (facts: RequestFacts) => void,
): MiddlewareHandler {
  return async (c, next) => {
    const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    const started = performance.now();
    c.header(REQUEST_ID_HEADER, requestId);
    await withRequestId(requestId, next);
    const facts: RequestFacts = {
      method: c.req.method,
      route: routeOf(c),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
    // An answer made without the context still carries it.
    if (!c.res.headers.has(REQUEST_ID_HEADER)) c.header(REQUEST_ID_HEADER, requestId);
    observe?.(facts);
    const level = facts.status >= 500 ? 'warn' : 'info';
    logger[level](
      'request',
      vouched({
        request_id: requestId,
        method: facts.method,
        route: facts.route,
        status: facts.status,
        duration_ms: facts.durationMs,
      }),
    );
  };
}
