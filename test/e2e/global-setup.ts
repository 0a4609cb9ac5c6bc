import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSpa } from '../../scripts/lib/build.ts';
import { startServer, type RunningServer } from './server.ts';

let server: RunningServer | undefined;

/** Builds the SPA and starts one real server for the whole e2e run. */
export async function setup(project: TestProject) {
  buildSpa();
  // A short resend countdown, so the tests can wait it out; an operator's own addresses
  // instead of the shipped examples (test/e2e/site-facts.test.ts).
  server = await startServer({
    CODE_RESEND_SECONDS: '3',
    SITE_FILE: path.resolve(import.meta.dirname, 'fixtures/site.json'),
  });
  project.provide('baseUrl', server.url);
}

export async function teardown() {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
