import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../../contract/countries.ts';
import { PERSON_NAME, type SocialProvider } from '../../../contract/identity.ts';
import { socialAccounts, users } from '../../db/schema.ts';
import type { AppDeps } from '../../http/context.ts';
import { findUserByEmail, uniqueUsername } from '../accounts.ts';
import type { Identity } from './provider.ts';

/** A failure the callback turns into `?error=<code>`. */
export class SocialError extends Error {
  readonly code: 'social_account_taken' | 'social_denied' | 'user_already_exists';
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
};

const cleanName = (name: string) => {
  const trimmed = name.trim().slice(0, 64);
  return PERSON_NAME.test(trimmed) ? trimmed : '';
};

async function link(deps: AppDeps, userId: number, request: SocialRequest, identity: Identity) {
  await deps.db
    .delete(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.provider, request.provider)));
  const inserted = await deps.db
    .insert(socialAccounts)
    .values({
      userId,
      provider: request.provider,
      subject: identity.subject,
      email: identity.email ?? '',
      linkedAt: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: socialAccounts.id });
  if (inserted.length === 0) throw new SocialError('social_account_taken');
}

/**
 * Whom this identity signs in: the linked account; for intent=link the asking user;
 * else the account with the same verified e-mail (linked now); else a new account.
 */
export async function socialUser(
  deps: AppDeps,
  request: SocialRequest,
  identity: Identity,
): Promise<number> {
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
    if (request.userId === null) throw new SocialError('social_denied');
    if (linked && linked.userId !== request.userId) throw new SocialError('social_account_taken');
    if (!linked) await link(deps, request.userId, request, identity);
    return request.userId;
  }
  if (linked) return linked.userId;
  if (!identity.email) throw new SocialError('social_denied');
  const existing = await findUserByEmail(deps.db, identity.email);
  if (existing) {
    if (!identity.email_verified) throw new SocialError('user_already_exists');
    if (existing.emailConfirmedAt === null) {
      // Whoever started this unconfirmed sign-up never proved the mailbox; the
      // provider has. Their password must not open the account (pre-hijacking).
      await deps.db
        .update(users)
        .set({ passwordHash: null, emailConfirmedAt: deps.clock.now() })
        .where(eq(users.id, existing.id));
    }
    await link(deps, existing.id, request, identity);
    return existing.id;
  }
  if (!identity.email_verified) throw new SocialError('social_denied');
  const [created] = await deps.db
    .insert(users)
    .values({
      username: await uniqueUsername(deps.db, identity.email),
      email: identity.email.toLowerCase(),
      passwordHash: null,
      firstName: cleanName(identity.first_name),
      lastName: cleanName(identity.last_name),
      country: await request.country(),
      locale: request.locale,
      emailConfirmedAt: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new SocialError('social_denied');
  await link(deps, created.id, request, identity);
  return created.id;
}
