import { readFileSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import type { Deliver } from './billing/sandbox-settlement.ts';
import { loadConfig, type EnvConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { SessionCache } from './db/session-cache.ts';
import { DEMO_ACCOUNT, seed } from './seed.ts';
import { systemClock } from './deps.ts';
import { openQueue } from './jobs/queue.ts';
import { queueDefinitions } from './queues.ts';
import { jsonLogger } from './logger.ts';
import { Metrics } from './metrics.ts';
import { metricsPortApp } from './http/metrics.ts';
import { startErrorReporting } from './error-reporting.ts';
import { createMailer } from './mail/mailer.ts';
import { resolveSecret } from './secret.ts';

function configOrExit(): EnvConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    // A configuration mistake is the operator's to fix: the message, not a stack.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

const envConfig = configOrExit();
const logger = jsonLogger();

/** HTTPS with HTTP/2 (HTTP/1.1 for clients without it) when given a certificate. */
function transport(tls: EnvConfig['tls']): Partial<Parameters<typeof serve>[0]> {
  if (!tls) return {};
  try {
    const serverOptions = {
      cert: readFileSync(tls.certFile),
      key: readFileSync(tls.keyFile),
      allowHTTP1: true,
    };
    return { createServer: createSecureServer, serverOptions };
  } catch (error) {
    console.error(`Cannot read the TLS files: ${(error as Error).message}`);
    process.exit(1);
  }
}
// Loaded only with SENTRY_DSN: without it the start does not grow.
const errors = await startErrorReporting(envConfig);
const listening = transport(envConfig.tls);
const handle = await openDatabase(
  envConfig.databaseUrl
    ? { databaseUrl: envConfig.databaseUrl }
    : { dataDir: path.resolve(envConfig.dataDir) },
  logger,
);
await handle.migrate();
const config = await resolveSecret(handle.db, envConfig);
await seed(handle.db, config);

const db = handle.db;
const clock = systemClock;
// The sandbox provider posts its webhooks to this very app, made once the queue is open.
const started: { app?: ReturnType<typeof createApp> } = {};
const deliver: Deliver = async (request) => {
  if (!started.app) throw new Error('the server is still starting');
  return started.app.fetch(request);
};
const mailer = createMailer({ config, db, logger, clock });
const metrics = new Metrics().withProcessMetrics();
const jobs = await openQueue(
  handle.jobsTarget,
  queueDefinitions({ config, db, logger, clock, mailer, deliver }),
  {
    logger,
    work: true,
    observe: (queue, outcome) => metrics.job(queue, outcome),
    ...(errors
      ? {
          report: (error: unknown, where: Record<string, string | number>) =>
            errors.report(error, where),
        }
      : {}),
  },
);
const sessionCache = new SessionCache(handle.changeFeed());
await sessionCache.start();
metrics.watchApp({ poolStats: handle.poolStats, jobs, sessionCache });
const app = createApp({ config, db, logger, clock, jobs, sessionCache, metrics, errors });
started.app = app;
// The queue's workers start beside the server's listening, not before it: a job sent in
// the meantime waits in its queue as any job does, and the first answers do not wait for
// them (decision 0020). A failure to start them still ends the process (unhandled).
const working = jobs.start();
/** Stops the workers once they have started. */
const stopJobs = () => working.catch(() => {}).then(() => jobs.stop());
const scheme = config.tls ? 'https' : 'http';
const server = serve({ ...listening, fetch: app.fetch, port: config.port }, (info: AddressInfo) => {
  logger.info(`Account portal: ${scheme}://localhost:${info.port}/`);
  if (config.nodeEnv === 'development') {
    logger.info(`Demo account: ${DEMO_ACCOUNT.username} / ${DEMO_ACCOUNT.password}`);
  }
});

// Prometheus' scrape on a port of its own, for the operator's network only.
const metricsServer =
  config.metricsPort === null
    ? null
    : serve({ fetch: metricsPortApp(metrics).fetch, port: config.metricsPort }, (info) => {
        logger.info(`Metrics: http://localhost:${info.port}/metrics`);
      });
metricsServer?.on('error', (error) => {
  console.error(`Cannot serve metrics on port ${config.metricsPort}: ${error.message}`);
  process.exit(1);
});

server.on('error', (error) => {
  // Most often the port is taken: say so plainly and stop.
  console.error(`Cannot serve on port ${config.port}: ${error.message}`);
  void stopJobs()
    .then(() => sessionCache.close())
    .then(() => handle.close())
    .finally(() => process.exit(1));
});

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: shutting down`);
  metricsServer?.close();
  // Keep-alive connections would hold close() open; a deadline bounds the wait.
  const deadline = setTimeout(() => process.exit(1), 10_000);
  deadline.unref();
  server.close(() => {
    // Jobs under way finish (or are retried later by any process), then the database closes.
    stopJobs()
      .then(() => errors?.flush(2000))
      .then(() => sessionCache.close())
      .then(() => handle.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error('closing the database failed', { error });
        process.exit(1);
      });
  });
  if ('closeIdleConnections' in server) server.closeIdleConnections();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
