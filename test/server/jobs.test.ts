import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { mails, undeliveredMails } from '../../server/db/schema.ts';
import { openQueue, type JobQueue } from '../../server/jobs/queue.ts';
import { memoryLogger } from '../../server/logger.ts';
import type { Mail } from '../../server/mail/types.ts';
import { MAIL_QUEUE, queueMail } from '../../server/mail/send.ts';
import { useTestServer } from './harness.ts';
import { mailQueueSendingBy, queuesSendingBy, testMail } from './queues.ts';

const server = useTestServer();

const mail = (to: string) => testMail(to);

/** Another process's queue on the same database, with its own mail transport. */
async function otherProcess(send: (mail: Mail) => Promise<void>): Promise<JobQueue> {
  const { logger, handle } = server();
  return openQueue(handle.jobsTarget, queuesSendingBy(server(), send), { logger, work: false });
}

async function stored(to: string) {
  return server().db.select().from(mails).where(eq(mails.to, to));
}

describe('a working process', () => {
  it('runs a job at its commit and one sent for later when it comes due, not at a poll', async () => {
    const delivered: string[] = [];
    const record = (message: Mail) => {
      delivered.push(message.to);
      return Promise.resolve();
    };
    const { logger, handle, db } = server();
    // Polls ten minutes apart: only the job's NOTIFY, or this process's own wake-up when a
    // job it sent for later comes due, runs a job within the minute.
    const queue = await openQueue(handle.jobsTarget, [mailQueueSendingBy(server(), record)], {
      logger,
      work: true,
      polling: { seconds: 600, backstopSeconds: 600 },
    });
    const within = { timeout: 60_000, interval: 50 };
    try {
      await queue.start();
      await db.transaction((tx) => queueMail({ jobs: queue }, tx, mail('woken@example.com')));
      await vi.waitFor(() => expect(delivered).toEqual(['woken@example.com']), within);
      await queue.send(db, MAIL_QUEUE, mail('later@example.com'), { startAfterSeconds: 1 });
      await vi.waitFor(
        () => expect(delivered).toEqual(['woken@example.com', 'later@example.com']),
        within,
      );
    } finally {
      await queue.stop();
    }
  }, 180_000);
});

describe('the job queue', () => {
  it('keeps a job exactly when its transaction commits', async () => {
    const { db, jobs } = server();
    await expect(
      db.transaction(async (tx) => {
        await queueMail({ jobs }, tx, mail('rolled-back@example.com'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await db.transaction((tx) => queueMail({ jobs }, tx, mail('committed@example.com')));
    expect(await stored('committed@example.com')).toHaveLength(0);
    await jobs.drain([MAIL_QUEUE]);
    expect(await stored('committed@example.com')).toHaveLength(1);
    expect(await stored('rolled-back@example.com')).toHaveLength(0);
  });

  it('retries a mail whose transport failed, until it goes out', async () => {
    let tries = 0;
    const sent: string[] = [];
    const queue = await otherProcess(async (message) => {
      tries += 1;
      if (tries === 1) throw new Error('SMTP down');
      sent.push(message.to);
    });
    try {
      await queueMail(server(), server().db, mail('retry@example.com'));
      await queue.drain([MAIL_QUEUE]);
      expect(sent).toEqual([]);
      await vi.waitFor(
        async () => {
          await queue.drain([MAIL_QUEUE]);
          expect(sent).toEqual(['retry@example.com']);
        },
        { timeout: 30_000, interval: 500 },
      );
    } finally {
      await queue.stop();
    }
  });

  it('runs each job once when two processes take from one queue at the same time', async () => {
    const delivered: string[] = [];
    const record = (message: Mail) => {
      delivered.push(message.to);
      return Promise.resolve();
    };
    const [one, two] = await Promise.all([otherProcess(record), otherProcess(record)]);
    try {
      const addresses = Array.from({ length: 100 }, (_, i) => `parallel${i}@example.com`);
      await server().db.transaction(async (tx) => {
        for (const to of addresses) await queueMail(server(), tx, mail(to));
      });
      const counts = await Promise.all([one.drain([MAIL_QUEUE]), two.drain([MAIL_QUEUE])]);
      expect(counts[0] + counts[1]).toBe(100);
      expect(delivered.sort()).toEqual(addresses.sort());
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
  });

  it('says so at error level, once, when a job has failed its last try', async () => {
    const logger = memoryLogger();
    let tries = 0;
    const recorded: { to: string; error: string }[] = [];
    const queue = await openQueue(
      server().handle.jobsTarget,
      [
        {
          name: 'always-fails',
          retryLimit: 1,
          retryDelay: 1,
          run: () => {
            tries += 1;
            return Promise.reject(new Error('SMTP down'));
          },
          gaveUp: (data: { to: string }, error: unknown) => {
            recorded.push({ to: data.to, error: String(error) });
            return Promise.resolve();
          },
        },
      ],
      { logger, work: false },
    );
    const gaveUp = () => logger.entries.filter((entry) => entry.message === 'job failed for good');
    try {
      await queue.send(server().db, 'always-fails', { to: 'someone@example.com' });
      await queue.drain();
      // The first failure is retried, not reported.
      expect(tries).toBe(1);
      expect(gaveUp()).toHaveLength(0);
      expect(recorded).toEqual([]);
      await vi.waitFor(
        async () => {
          await queue.drain();
          expect(tries).toBe(2);
        },
        { timeout: 30_000, interval: 500 },
      );
      expect(gaveUp()).toHaveLength(1);
      expect(recorded).toEqual([{ to: 'someone@example.com', error: 'Error: SMTP down' }]);
      expect(gaveUp()[0]).toMatchObject({ level: 'error', fields: { queue: 'always-fails' } });
      // The job's data (an address) stays out of the log.
      expect(JSON.stringify(logger.entries)).not.toContain('someone@example.com');
    } finally {
      await queue.stop();
    }
  });

  it("keeps a mail that failed for good as the operator's dead letter, its code masked", async () => {
    const { db } = server();
    const definition = mailQueueSendingBy(server(), () =>
      Promise.reject(new Error('550 mailbox unavailable')),
    );
    await definition.gaveUp?.(
      {
        to: 'lost@example.com',
        subject: 'Your verification code: 123456',
        text: 'Your code is 123456',
        html: '<p>123456</p>',
        headers: {},
      } as never,
      new Error('550 mailbox unavailable'),
    );
    const rows = await db
      .select()
      .from(undeliveredMails)
      .where(eq(undeliveredMails.to, 'lost@example.com'));
    expect(rows).toEqual([
      expect.objectContaining({
        to: 'lost@example.com',
        subject: 'Your verification code: ######',
        error: '550 mailbox unavailable',
      }),
    ]);
    expect(JSON.stringify(rows)).not.toContain('123456');
  });
});
