import { createRequire } from 'node:module';
import { sentryOptions } from '../contract/personal.ts';
import type { Config } from './config.ts';

/** Sends an unexpected error to the error-reporting service; `where` says what was under way. */
export type ErrorReporter = {
  report(error: unknown, where: Record<string, string | number>): void;
  /** Sends what is still queued (at shutdown), waiting at most `ms`. */
  flush(ms: number): Promise<void>;
};

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/** The release both the server and the SPA report: the build's version. */
export const RELEASE = `account-portal@${version}`;

/**
 * Error reporting to Sentry (or GlitchTip, or a self-hosted Sentry: any DSN) when
 * SENTRY_DSN is set; null, and @sentry/node never loaded, when it is not. Started as
 * the SPA's SDK is (`sentryOptions`): every trace sampled, nothing personal sent.
 */
export async function startErrorReporting(
  config: Pick<Config, 'sentryDsn' | 'nodeEnv'>,
): Promise<ErrorReporter | null> {
  if (config.sentryDsn === null) return null;
  const Sentry = await import('@sentry/node');
  Sentry.init(
    sentryOptions({ dsn: config.sentryDsn, release: RELEASE, environment: config.nodeEnv }),
  );
  return {
    report(error, where) {
      Sentry.captureException(error, { tags: where });
    },
    async flush(ms) {
      await Sentry.flush(ms);
    },
  };
}
