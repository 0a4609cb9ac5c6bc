import { and, eq, isNotNull } from 'drizzle-orm';
import * as v from 'valibot';
import { Locale } from '../../contract/countries.ts';
import { undeliveredMails, unsubscriptions, users, type User } from '../db/schema.ts';
import type { Database } from '../db/client.ts';
import type { AppDeps } from '../deps.ts';
import type { MailContent } from './templates.ts';
import type { Mail, Mailer } from './types.ts';
import { unsubscribeToken, type MailingList } from './unsubscribe.ts';

export function userLocale(user: Pick<User, 'locale'>): Locale {
  const parsed = v.safeParse(Locale, user.locale);
  return parsed.success ? parsed.output : 'en';
}

type Recipient = Pick<User, 'id' | 'email' | 'locale'>;

export const MAIL_QUEUE = 'mail';

/**
 * Queues a mail in `db`'s transaction: it goes out (at least once) exactly when the
 * change that caused it commits.
 */
export function queueMail(deps: Pick<AppDeps, 'jobs'>, db: Database, mail: Mail): Promise<void> {
  return deps.jobs.send(db, MAIL_QUEUE, mail);
}

/**
 * Queues a template in the user's locale, in `db`'s transaction when one is given.
 * Mails of a list carry the one-click List-Unsubscribe headers and a link, and are
 * skipped for users who left the list.
 */
export async function sendToUser(
  deps: Pick<AppDeps, 'config' | 'db' | 'jobs'>,
  user: Recipient,
  template: (locale: Locale, unsubscribeUrl?: string) => MailContent,
  list?: MailingList,
  db: Database = deps.db,
): Promise<void> {
  const locale = userLocale(user);
  if (!list) {
    await queueMail(deps, db, { to: user.email, ...template(locale), headers: {} });
    return;
  }
  const [left] = await db
    .select({ list: unsubscriptions.list })
    .from(unsubscriptions)
    .where(and(eq(unsubscriptions.userId, user.id), eq(unsubscriptions.list, list)))
    .limit(1);
  if (left) return;
  const token = unsubscribeToken(deps.config.sessionSecret, user.id, list);
  const base = deps.config.publicUrl;
  await queueMail(deps, db, {
    to: user.email,
    ...template(locale, `${base}/${locale}/unsubscribe/${token}`),
    headers: {
      'List-Unsubscribe': `<${base}/api/v1/unsubscribe/${token}/>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

/**
 * Sends a mail (the mail queue's job). Once a mail to an address goes through, the
 * notice of an earlier undelivered one is taken down: the address receives mail again.
 */
export async function deliverMail(
  deps: { db: Database; mailer: Mailer },
  mail: Mail,
): Promise<void> {
  await deps.mailer.send(mail);
  await deps.db
    .update(users)
    .set({ mailUndeliveredAt: null })
    .where(and(eq(users.email, mail.to.toLowerCase()), isNotNull(users.mailUndeliveredAt)));
}

/**
 * A mail that failed its last try, kept for the operator: the recipient, the subject
 * with any code masked, and the transport's last error. Its job and body go. In the
 * same transaction the account with that address is marked, so that its owner is told
 * on their next page (the profile's `mail_undelivered_at`).
 */
export async function recordUndelivered(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  mail: Mail,
  error: unknown,
): Promise<void> {
  const failedAt = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.insert(undeliveredMails).values({
      to: mail.to,
      subject: mail.subject.replace(/\d{4,}/g, (digits) => '#'.repeat(digits.length)),
      error: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
      failedAt,
    });
    await tx
      .update(users)
      .set({ mailUndeliveredAt: failedAt })
      .where(eq(users.email, mail.to.toLowerCase()));
  });
}
