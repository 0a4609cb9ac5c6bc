import type { Device } from './devices.ts';
import { recordEvent } from './security-events.ts';
import { and, eq, lte } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Locale } from '../../contract/countries.ts';
import type { ProfileUpdate, SocialProvider } from '../../contract/identity.ts';
import type { TimezoneUpdate } from '../../contract/profile.ts';
import { crashPoint } from '../crash-point.ts';
import {
  exportNotices,
  mails,
  undeliveredMails,
  socialAccounts,
  unsubscriptions,
  users,
  type User,
} from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { sendToUser, userLocale } from '../mail/send.ts';
import { exportNoticeMail } from '../mail/templates.ts';
import type { MailingList } from '../mail/unsubscribe.ts';
import { identityRefused } from './refusals.ts';
import { isListedCountry } from '../geo/countries.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'cache'>;

/**
 * At most one "your data was exported" notice per account in this long: the export is
 * a GET that any page can cause (a link to /export_profile), so its mail must not be a
 * way to flood the account's inbox.
 */
export const EXPORT_NOTICE_WINDOW_MS = 60 * 60_000;

/**
 * The notice that the user's data was exported, unless one went out less than
 * EXPORT_NOTICE_WINDOW_MS ago, in the language of the page that asked for the export,
 * else the account's. One conditional upsert claims the notice, so of parallel exports
 * one sends it; the claim and the mail's job commit together.
 */
export async function sendExportNotice(
  deps: AppDeps,
  user: User,
  pageLocale: Locale | null,
  device: Device,
): Promise<void> {
  const recipient = { ...user, locale: pageLocale ?? userLocale(user) };
  const now = deps.clock.now();
  const due = new Date(now.getTime() - EXPORT_NOTICE_WINDOW_MS);
  await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(exportNotices)
      .values({ userId: user.id, sentAt: now })
      .onConflictDoUpdate({
        target: exportNotices.userId,
        set: { sentAt: now },
        setWhere: lte(exportNotices.sentAt, due),
      })
      .returning({ userId: exportNotices.userId });
    if (claimed.length > 0) {
      await sendToUser(deps, recipient, exportNoticeMail, 'account_notices', tx);
    }
    await recordEvent(tx, now, user.id, 'profile_exported', device);
  });
}

/** PATCH /api/v1/profile/: the editable fields; the country must be one of the list. */
export async function updateProfile(
  deps: Deps,
  user: User,
  form: v.InferOutput<typeof ProfileUpdate>,
): Promise<User> {
  if (!(await isListedCountry(deps, form.country))) throw identityRefused('country_not_found');
  const [saved] = await deps.db
    .update(users)
    .set({
      firstName: form.first_name,
      lastName: form.last_name,
      company: form.company,
      industry: form.industry,
      role: form.role,
      phone: form.phone,
      country: form.country,
      updatedAt: deps.clock.now(),
    })
    .where(eq(users.id, user.id))
    .returning();
  return saved ?? user;
}

/**
 * /remove: the user and every personal datum, in one transaction. Sessions, codes,
 * resets, social links, states and choices go by cascade; the mailbox and the
 * undelivered mails' rows by address.
 */
export async function removeProfile(deps: Deps, user: User): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, user.id));
    await tx.delete(mails).where(eq(mails.to, user.email));
    await tx.delete(undeliveredMails).where(eq(undeliveredMails.to, user.email));
    crashPoint('removal-in-transaction');
  });
  crashPoint('removal-committed');
}

/** DELETE /api/v1/profile/mail-notice/: the user has read that a mail did not arrive. */
export async function dismissMailNotice(deps: Deps, user: User): Promise<void> {
  await deps.db.update(users).set({ mailUndeliveredAt: null }).where(eq(users.id, user.id));
}

export async function setTimezone(
  deps: Deps,
  user: User,
  timezone: v.InferOutput<typeof TimezoneUpdate>['timezone'],
): Promise<void> {
  await deps.db
    .update(users)
    .set({
      timezoneIana: timezone.ianaName,
      timezoneOffset: timezone.offset,
      updatedAt: deps.clock.now(),
    })
    .where(eq(users.id, user.id));
}

/** Unlinks a provider; never the last way to sign in (no password, one link). */
export async function unlinkSocial(
  deps: Deps,
  user: User,
  provider: SocialProvider,
  device: Device,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // Locked: of two parallel unlinks of a passwordless account's two links, the second
    // sees one left and is refused.
    const links = await tx
      .select({ provider: socialAccounts.provider })
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, user.id))
      .for('update');
    if (!links.some((link) => link.provider === provider)) throw identityRefused('not_found');
    if (user.passwordHash === null && links.length <= 1) {
      throw identityRefused('last_sign_in_method');
    }
    await tx
      .delete(socialAccounts)
      .where(and(eq(socialAccounts.userId, user.id), eq(socialAccounts.provider, provider)));
    await recordEvent(tx, deps.clock.now(), user.id, 'social_unlinked', device, provider);
  });
}

/** An unsubscribe link followed: the user leaves the list (again is harmless). */
export async function leaveList(deps: Deps, userId: number, list: MailingList): Promise<void> {
  await deps.db
    .insert(unsubscriptions)
    .values({ userId, list, createdAt: deps.clock.now() })
    .onConflictDoNothing();
}
