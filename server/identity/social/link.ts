import type { Device } from '../devices.ts';
import { recordEvent } from '../security-events.ts';
import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../../contract/countries.ts';
import { PERSON_NAME, type SocialProvider } from '../../../contract/identity.ts';
import { socialAccounts, users } from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { findUserByEmail, uniqueUsername } from '../accounts.ts';
import { endFlows } from '../signup-flows.ts';
import { keptPicture } from './picture.ts';
import type { Identity } from './provider.ts';
import type { IdentityRefusal } from '../refusals.ts';

/**
 * A failure the callback turns into `?error=<code>`, and the consent route into its
 * refusal: three of identity's declared refusals (refusals.ts).
 */
export class SocialError extends Error {
  readonly code: Extract<
    IdentityRefusal['tag'],
    'social_account_taken' | 'social_denied' | 'user_already_exists'
  >;
  constructor(code: SocialError['code']) {
    super(code);
    this.code = code;
  }
}

export type SocialRequest = {
  provider: SocialProvider;
  intent: string;
  locale: Locale;
  /** The signed-in user who asked to link (intent=link). */
  userId: number | null;
  /** The visitor's country, asked only when an account is created. */
  country: () => Promise<string>;
  /**
   * The visitor agreed to the terms of service and the privacy policy: only then may a
   * new account be made (sign-up asks before the provider, sign-in after it).
   */
  consented: boolean;
  /** The browser asking, for the security log of a link. */
  device: Device;
};

/** Whom the identity signs in, or that a new account needs the visitor's consent first. */
export type SocialOutcome = { kind: 'user'; userId: number } | { kind: 'consentNeeded' };

const cleanName = (name: string) => {
  const trimmed = name.trim().slice(0, 64);
  return PERSON_NAME.test(trimmed) ? trimmed : '';
};

/**
 * Links the identity to the user. A sign-up still pending for the address ends with it:
 * its cookie must not outlive the moment the address got another way in.
 */
async function link(
  db: Database,
  deps: AppDeps,
  userId: number,
  request: SocialRequest,
  identity: Identity,
) {
  await db
    .delete(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.provider, request.provider)));
  const inserted = await db
    .insert(socialAccounts)
    .values({
      userId,
      provider: request.provider,
      subject: identity.subject,
      email: identity.email ?? '',
      linkedAt: deps.clock.now(),
      pictureUrl: keptPicture(identity.picture_url, deps.config.publicUrl),
    })
    .onConflictDoNothing()
    .returning({ id: socialAccounts.id });
  if (inserted.length === 0) throw new SocialError('social_account_taken');
  await endFlows(db, userId);
  await recordEvent(
    db,
    deps.clock.now(),
    userId,
    'social_linked',
    request.device,
    request.provider,
  );
}

/** The person may have changed their picture at the provider since the last sign-in. */
async function refreshPicture(
  deps: AppDeps,
  linked: { id: number; pictureUrl: string | null },
  identity: Identity,
) {
  const picture = keptPicture(identity.picture_url, deps.config.publicUrl);
  if (picture === linked.pictureUrl) return;
  await deps.db
    .update(socialAccounts)
    .set({ pictureUrl: picture })
    .where(eq(socialAccounts.id, linked.id));
}

/**
 * Whom this identity signs in: the linked account; for intent=link the asking user;
 * else the account with the same verified e-mail (linked now); else a new account,
 * when the visitor has agreed to the terms (otherwise nothing is written and the
 * outcome says consent is needed).
 */
export async function socialUser(
  deps: AppDeps,
  request: SocialRequest,
  identity: Identity,
): Promise<SocialOutcome> {
  const [linked] = await deps.db
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.provider, request.provider),
        eq(socialAccounts.subject, identity.subject),
      ),
    );
  if (request.intent === 'link') {
    const userId = request.userId;
    if (userId === null) throw new SocialError('social_denied');
    if (linked && linked.userId !== userId) throw new SocialError('social_account_taken');
    if (!linked) await deps.db.transaction((tx) => link(tx, deps, userId, request, identity));
    else await refreshPicture(deps, linked, identity);
    return { kind: 'user', userId };
  }
  if (linked) {
    await refreshPicture(deps, linked, identity);
    return { kind: 'user', userId: linked.userId };
  }
  if (!identity.email) throw new SocialError('social_denied');
  const existing = await findUserByEmail(deps.db, identity.email);
  if (existing) {
    if (!identity.email_verified) throw new SocialError('user_already_exists');
    await deps.db.transaction(async (tx) => {
      if (existing.emailConfirmedAt === null) {
        // Whoever started this unconfirmed sign-up never proved the mailbox; the
        // provider has. Their password must not open the account (pre-hijacking).
        await tx
          .update(users)
          .set({ passwordHash: null, emailConfirmedAt: deps.clock.now() })
          .where(eq(users.id, existing.id));
      }
      await link(tx, deps, existing.id, request, identity);
    });
    return { kind: 'user', userId: existing.id };
  }
  if (!identity.email_verified) throw new SocialError('social_denied');
  if (!request.consented) return { kind: 'consentNeeded' };
  const email = identity.email.toLowerCase();
  // Asked before the transaction: it may read the database itself.
  const country = await request.country();
  return deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        username: await uniqueUsername(tx, email),
        email,
        passwordHash: null,
        firstName: cleanName(identity.first_name),
        lastName: cleanName(identity.last_name),
        country,
        locale: request.locale,
        emailConfirmedAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new SocialError('social_denied');
    await link(tx, deps, created.id, request, identity);
    return { kind: 'user', userId: created.id };
  });
}
