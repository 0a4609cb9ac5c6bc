import { browserTracingIntegration, init } from '@sentry/react';
import { scrubEvent } from '../../contract/personal.ts';
import type { ErrorReporting } from '../../contract/site.ts';

/**
 * @sentry/react, loaded by error-reporting.ts only when the page names a DSN: every
 * trace sampled (spec 8.4), and nothing personal sent (contract/personal.ts).
 */
export function initErrorReporting({ dsn, release, environment }: ErrorReporting): void {
  init({
    dsn,
    release,
    environment,
    tracesSampleRate: 1.0,
    integrations: [browserTracingIntegration()],
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
  });
}
