import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { Locale } from '../../contract/countries.ts';
import { unsubscriptions, type User } from '../db/schema.ts';
import type { AppDeps } from '../http/context.ts';
import type { MailContent } from './templates.ts';
import { unsubscribeToken, type MailingList } from './unsubscribe.ts';

export function userLocale(user: Pick<User, 'locale'>): Locale {
  const parsed = v.safeParse(Locale, user.locale);
  return parsed.success ? parsed.output : 'en';
}

type Recipient = Pick<User, 'id' | 'email' | 'locale'>;

/**
 * Sends a template in the user's locale. Mails of a list carry the one-click
 * List-Unsubscribe headers and a link, and are skipped for users who left the list.
 */
export async function sendToUser(
  deps: AppDeps,
  user: Recipient,
  template: (locale: Locale, unsubscribeUrl?: string) => MailContent,
  list?: MailingList,
): Promise<void> {
  const locale = userLocale(user);
  if (!list) {
    await deps.mailer.send({ to: user.email, ...template(locale), headers: {} });
    return;
  }
  const [left] = await deps.db
    .select({ list: unsubscriptions.list })
    .from(unsubscriptions)
    .where(and(eq(unsubscriptions.userId, user.id), eq(unsubscriptions.list, list)))
    .limit(1);
  if (left) return;
  const token = unsubscribeToken(deps.config.sessionSecret, user.id, list);
  const base = deps.config.publicUrl;
  await deps.mailer.send({
    to: user.email,
    ...template(locale, `${base}/${locale}/unsubscribe/${token}`),
    headers: {
      'List-Unsubscribe': `<${base}/api/v1/unsubscribe/${token}/>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}
