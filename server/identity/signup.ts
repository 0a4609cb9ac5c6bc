import { and, eq, isNull } from 'drizzle-orm';
import type { AuthResult } from '../../contract/auth.ts';
import type * as v from 'valibot';
import type { ConfirmForm, DetailsForm, SignupForm } from '../../contract/identity.ts';
import type { Locale } from '../../contract/countries.ts';
import { findUserByEmail, nextAfterSignIn, underLocale, uniqueUsername } from './accounts.ts';
import {
  checkCode,
  currentCode,
  issueCode,
  pendingSignup,
  resendWait,
  spendCode,
} from './codes.ts';
import { crashPoint } from '../crash-point.ts';
import { isGuessablePassword } from './password-strength.ts';
import { hashPassword } from './passwords.ts';
import type { Browser } from './browser.ts';
import { currentFlow, finishFlow, openFlow, type Pending } from './signup-flows.ts';
import { hit, LIMITS, sendHits } from './throttle.ts';
import { users, type User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { identityRefused } from './refusals.ts';
import { isListedCountry } from '../geo/countries.ts';

/**
 * The cookie's flow and user, and the language of the step: the page's, else the
 * cookie's. A cookie whose flow was replaced (a newer sign-up, a reset, a social sign-in
 * of the address) or whose user is gone is no longer valid.
 */
async function pending(deps: AppDeps, browser: Browser, pageLocale: Locale | null = null) {
  const cookie = browser.pendingSignup();
  const flow = await currentFlow(deps.db, cookie);
  const [user] = await deps.db.select().from(users).where(eq(users.id, cookie.userId));
  if (!user) throw identityRefused('wrong_token');
  return { cookie, flow, user, locale: pageLocale ?? cookie.locale };
}

async function signIn(browser: Browser, userId: number, cookie: Pending, locale: Locale) {
  // Every sign-up and second step ends with the mailed code.
  await browser.signIn(userId, 'code');
  browser.forgetSignup();
  // Switched language since step 0: the page to return to follows the switch.
  const next =
    cookie.next !== null && locale !== cookie.locale
      ? underLocale(cookie.next, locale)
      : cookie.next;
  return { next: nextAfterSignIn(next, locale) } satisfies AuthResult;
}

/** Step 0: the address and a password; a code goes out, and a new flow begins. */
export async function startSignup(
  deps: AppDeps,
  browser: Browser,
  form: v.InferOutput<typeof SignupForm>,
  locale: Locale,
) {
  const email = form.email.toLowerCase();
  const { ip } = browser;
  // The answer tells whether an address has a profile: probing is throttled like sign-in.
  await hit(deps, [{ limit: LIMITS.loginIp, subject: ip }]);
  const existing = await findUserByEmail(deps.db, email);
  if (existing?.emailConfirmedAt) throw identityRefused('address_taken', { at: 'email' });
  if (isGuessablePassword(form.password, { email })) {
    throw identityRefused('common_password');
  }
  await hit(deps, sendHits(email, ip, existing));
  const passwordHash = await hashPassword(form.password, deps.passwordCost);
  const user = await deps.db.transaction(async (tx) => {
    let saved: User | undefined;
    if (existing) {
      // Whoever proves the mailbox owns the address: the newest password wins, as
      // long as nobody has proven it yet.
      [saved] = await tx
        .update(users)
        .set({ passwordHash, locale, updatedAt: deps.clock.now() })
        .where(and(eq(users.id, existing.id), isNull(users.emailConfirmedAt)))
        .returning();
    } else {
      const username = await uniqueUsername(tx, email);
      [saved] = await tx
        .insert(users)
        .values({ username, email, passwordHash, locale })
        .onConflictDoNothing()
        .returning();
    }
    // A new flow ends every older one for this address, whoever holds its cookie.
    if (saved) {
      browser.keepSignup(
        await openFlow(deps, tx, {
          userId: saved.id,
          next: form.next ?? null,
          locale,
          verified: false,
        }),
      );
    }
    return saved;
  });
  // Lost a race with a parallel sign-up or a confirmation of the same address.
  if (!user) throw identityRefused('address_taken', { at: 'email' });
  await issueCode(deps, user);
  return { next: `/${locale}/signup/1` } satisfies AuthResult;
}

/** The verification step's state for this browser's flow. */
export async function pendingSignupState(deps: AppDeps, browser: Browser) {
  const { flow, user } = await pending(deps, browser);
  return await pendingSignup(deps, user, flow.verifiedAt !== null);
}

/**
 * The mailed code, checked in this flow; signs in when the profile has its names. The
 * later steps of a sign-up are in the language of the page they are taken on (the user
 * may have switched since step 0), and so is the account's saved choice.
 */
export async function confirmSignup(
  deps: AppDeps,
  browser: Browser,
  form: v.InferOutput<typeof ConfirmForm>,
  pageLocale: Locale | null,
) {
  const { cookie, flow, user, locale } = await pending(deps, browser, pageLocale);
  // Only a code checked in this very flow proves the address: that the address was
  // confirmed some other way proves nothing about whoever holds this cookie.
  const checked = flow.verifiedAt === null ? await checkCode(deps, user.id, form.code) : null;
  crashPoint('signup-code-checked');
  const complete = user.firstName !== '' && user.lastName !== '';
  await deps.db.transaction(async (tx) => {
    if (checked) await spendCode(tx, checked);
    await tx
      .update(users)
      .set({ emailConfirmedAt: deps.clock.now(), locale })
      .where(and(eq(users.id, user.id), isNull(users.emailConfirmedAt)));
    await finishFlow(tx, cookie);
    // Names still missing: the details step follows, in a fresh flow of this browser.
    if (!complete) {
      browser.keepSignup(
        await openFlow(deps, tx, {
          userId: user.id,
          next: cookie.next,
          locale,
          verified: true,
        }),
      );
    }
    crashPoint('signup-confirm-in-transaction');
  });
  // /login/2: the profile is complete, so confirming is the last step.
  if (complete) return signIn(browser, user.id, cookie, locale);
  return { next: `/${locale}/signup/2` } satisfies AuthResult;
}

/** A new code after the countdown, in the language of the page that asked for it. */
export async function resendSignupCode(deps: AppDeps, browser: Browser, pageLocale: Locale | null) {
  const { flow, user, locale } = await pending(deps, browser, pageLocale);
  if (flow.verifiedAt !== null) return await pendingSignup(deps, user, true);
  const wait = resendWait(deps, (await currentCode(deps, user.id))?.sentAt);
  if (wait > 0) throw identityRefused('resend_too_early', { retryAfter: wait });
  await hit(deps, sendHits(user.email, browser.ip, user));
  await deps.db.update(users).set({ locale }).where(eq(users.id, user.id));
  await issueCode(deps, { ...user, locale });
  return await pendingSignup(deps, user, false);
}

/** The details step, only after this flow's code: then signed in. */
export async function completeSignup(
  deps: AppDeps,
  browser: Browser,
  form: v.InferOutput<typeof DetailsForm>,
  pageLocale: Locale | null,
) {
  const { cookie, flow, user, locale } = await pending(deps, browser, pageLocale);
  if (flow.verifiedAt === null) throw identityRefused('email_not_confirmed');
  if (!(await isListedCountry(deps, form.country))) throw identityRefused('country_not_found');
  await deps.db.transaction(async (tx) => {
    await finishFlow(tx, cookie);
    await tx
      .update(users)
      .set({
        firstName: form.first_name,
        lastName: form.last_name,
        country: form.country,
        locale,
        updatedAt: deps.clock.now(),
      })
      .where(eq(users.id, user.id));
  });
  return signIn(browser, user.id, cookie, locale);
}
