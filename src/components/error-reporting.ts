import * as v from 'valibot';
import { ErrorReporting } from '../../contract/site.ts';

/** Where the page says to report errors (SENTRY_DSN); null: reporting is off. */
export function pageErrorReporting(doc: Document = document): ErrorReporting | null {
  const content = doc.querySelector('meta[name="portal-errors"]')?.getAttribute('content');
  if (!content) return null;
  try {
    const parsed = v.safeParse(ErrorReporting, JSON.parse(content));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/**
 * Starts error reporting when the page names a DSN: the SDK is a chunk of its own,
 * loaded only then, so a first visit without it loads nothing more (decision 0030).
 */
export function startErrorReporting(doc: Document = document): Promise<void> {
  const settings = pageErrorReporting(doc);
  if (settings === null) return Promise.resolve();
  return import('./error-reporting.sdk.ts').then(({ initErrorReporting }) =>
    initErrorReporting(settings),
  );
}
