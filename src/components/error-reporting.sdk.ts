import { browserTracingIntegration, init } from '@sentry/react';
import { sentryOptions } from '../../contract/personal.ts';
import type { ErrorReporting } from '../../contract/site.ts';

/**
 * @sentry/react, loaded by error-reporting.ts only when the page names a DSN: every
 * trace sampled (spec 8.4), and nothing personal sent (contract/personal.ts).
 */
export function initErrorReporting(where: ErrorReporting): void {
  init({ ...sentryOptions(where), integrations: [browserTracingIntegration()] });
}
