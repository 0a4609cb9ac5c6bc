import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { undeliveredMails } from '../../server/db/schema.ts';
import type { Mail } from '../../server/mail/types.ts';
import { useTestServer, type TestClient } from './harness.ts';
import { signedUpClient } from './identity.ts';
import { mailQueueSendingBy, testMail } from './queues.ts';

/**
 * A mail that fails for good is not only the operator's dead letter: the account with
 * that address is told on its next page (`mail_undelivered_at` in the profile) until
 * its owner dismisses the notice or a later mail to the address goes through.
 */
const server = useTestServer({ env: { MAIL_RETRIES: '3' } });

const mail = (to: string) => testMail(to, 'Your data was exported');

/** The mail queue's definition, its transport answering `send`. */
function mailQueue(send: (mail: Mail) => Promise<void>) {
  const queue = mailQueueSendingBy(server(), send) as unknown as {
    retryLimit: number;
    run(mail: Mail, job: unknown): Promise<void>;
    gaveUp(mail: Mail, error: unknown): Promise<void>;
  };
  // The job writes outside any request: the next request reads the user from the session
  // cache once this process has heard of the change (on PostgreSQL, a notification).
  const heard =
    <A extends unknown[]>(step: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      await step(...args);
      await server().sessionCache.settle();
    };
  return {
    retryLimit: queue.retryLimit,
    run: heard(queue.run.bind(queue)),
    gaveUp: heard(queue.gaveUp.bind(queue)),
  };
}
const failing = () => Promise.reject(new Error('550 mailbox unavailable'));

async function notice(client: TestClient): Promise<unknown> {
  const response = await client.get('/api/v1/profile/');
  expect(response.status).toBe(200);
  return ((await response.json()) as { mail_undelivered_at?: unknown }).mail_undelivered_at;
}

describe('a mail that never arrived', () => {
  it('is tried MAIL_RETRIES times after the first', () => {
    expect(mailQueue(failing).retryLimit).toBe(3);
  });

  it("marks its address's account, and no one else's, with when it failed", async () => {
    const { client, email } = await signedUpClient(server());
    const other = await signedUpClient(server());
    expect(await notice(client)).toBeNull();
    // The address as the mail was written, in another case: the account is still found.
    await mailQueue(failing).gaveUp(
      mail(email.toUpperCase()),
      new Error('550 mailbox unavailable'),
    );
    expect(await notice(client)).toBe(server().clock.now().toISOString());
    expect(await notice(other.client)).toBeNull();
  });

  it("is dismissed by its owner alone; the operator's dead letter stays", async () => {
    const { client, email } = await signedUpClient(server());
    const other = await signedUpClient(server());
    const queue = mailQueue(failing);
    await queue.gaveUp(mail(email), new Error('550 mailbox unavailable'));
    await queue.gaveUp(mail(other.email), new Error('550 mailbox unavailable'));

    const dismissed = await client.request('/api/v1/profile/mail-notice/', { method: 'DELETE' });
    expect(dismissed.status).toBe(204);
    expect(await notice(client)).toBeNull();
    expect(await notice(other.client)).not.toBeNull();
    const letters = await server()
      .db.select()
      .from(undeliveredMails)
      .where(eq(undeliveredMails.to, email));
    expect(letters).toHaveLength(1);

    const visitor = server().client();
    expect(
      (await visitor.request('/api/v1/profile/mail-notice/', { method: 'DELETE' })).status,
    ).toBe(401);
  });

  it('goes once a later mail to the address goes through', async () => {
    const { client, email } = await signedUpClient(server());
    await mailQueue(failing).gaveUp(mail(email), new Error('550 mailbox unavailable'));
    await expect(mailQueue(failing).run(mail(email), {})).rejects.toThrow('550');
    expect(await notice(client)).not.toBeNull();
    await mailQueue(() => Promise.resolve()).run(mail(email), {});
    expect(await notice(client)).toBeNull();
  });
});
