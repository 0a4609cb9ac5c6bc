import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createBillingWorker } from './billing/worker.ts';
import { loadConfig, type EnvConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_ACCOUNT, seed } from './db/seed.ts';
import { consoleLogger as logger } from './logger.ts';
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
const handle = await openDatabase(
  envConfig.databaseUrl
    ? { databaseUrl: envConfig.databaseUrl }
    : { dataDir: path.resolve(envConfig.dataDir) },
  logger,
);
await handle.migrate();
const config = await resolveSecret(handle.db, envConfig);
await seed(handle.db, config);

const app = createApp({ config, db: handle.db, logger });
// Settlements, renewals and expiry: state in the database, polled every second.
const worker = createBillingWorker(
  { config, db: handle.db, logger, clock: { now: () => new Date() } },
  (request) => Promise.resolve(app.fetch(request)),
);
worker.start();
const server = serve({ fetch: app.fetch, port: config.port }, (info: AddressInfo) => {
  logger.info(`Account portal: http://localhost:${info.port}/`);
  if (config.nodeEnv === 'development') {
    logger.info(`Demo account: ${DEMO_ACCOUNT.username} / ${DEMO_ACCOUNT.password}`);
  }
});

server.on('error', (error) => {
  // Most often the port is taken: say so plainly and stop.
  console.error(`Cannot serve on port ${config.port}: ${error.message}`);
  void handle.close().finally(() => process.exit(1));
});

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  worker.stop();
  logger.info(`${signal}: shutting down`);
  // Keep-alive connections would hold close() open; a deadline bounds the wait.
  const deadline = setTimeout(() => process.exit(1), 10_000);
  deadline.unref();
  server.close(() => {
    handle
      .close()
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
