import { queueDefinitions } from '../../server/queues.ts';
import { MAIL_QUEUE } from '../../server/mail/send.ts';
import type { Mail } from '../../server/mail/types.ts';
import type { JobQueue } from '../../server/jobs/queue.ts';
import type { TestServer } from './harness.ts';

/* What the tests of the job queues' work share. */

/** A queue that takes every job and runs none, for an app whose test needs no job done. */
export const idleJobs: JobQueue = {
  send: () => Promise.resolve(),
  start: () => Promise.resolve(),
  drain: () => Promise.resolve(0),
  maintain: () => Promise.resolve(),
  stop: () => Promise.resolve(),
  ping: () => Promise.resolve(),
};

/** A mail as the queue carries it. */
export const testMail = (to: string, subject = 'Hello'): Mail => ({
  to,
  subject,
  text: 'Hi',
  html: '<p>Hi</p>',
  headers: {},
});

/** The job queues' definitions on `server`'s database, their mail sent by `send`; no webhooks. */
export function queuesSendingBy(server: TestServer, send: (mail: Mail) => Promise<void>) {
  const { config, db, logger, clock } = server;
  return queueDefinitions({
    config,
    db,
    logger,
    clock,
    mailer: { send },
    deliver: () => Promise.reject(new Error('no webhooks here')),
  });
}

/** The mail queue's definition among them. */
export function mailQueueSendingBy(server: TestServer, send: (mail: Mail) => Promise<void>) {
  const definition = queuesSendingBy(server, send).find((queue) => queue.name === MAIL_QUEUE);
  if (!definition) throw new Error('no mail queue');
  return definition;
}
