import { ErrorReporting } from '../../contract/site.ts';
import { pageJson } from './page-json.ts';

/** Where the page says to report errors (SENTRY_DSN); null: reporting is off. */
export function pageErrorReporting(doc?: ParentNode): ErrorReporting | null {
  return pageJson('portal-errors', ErrorReporting, doc);
}

/**
 * Starts error reporting when the page names a DSN: the SDK is a chunk of its own,
 * loaded only then, so a first visit without it loads nothing more (decision 0030).
 */
export function startErrorReporting(doc?: ParentNode): Promise<void> {
  const settings = pageErrorReporting(doc);
  if (settings === null) return Promise.resolve();
  return import('./error-reporting.sdk.ts').then(({ initErrorReporting }) =>
    initErrorReporting(settings),
  );
}
