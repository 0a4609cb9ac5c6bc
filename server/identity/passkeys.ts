import { createHash } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Locale } from '../../contract/countries.ts';
import type { AddPasskeyForm, AuthenticationCredential, Passkey } from '../../contract/passkeys.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { passkeys, users, webauthnChallenges, type User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { userRead } from '../user-reads.ts';
import { identityRefused } from './refusals.ts';
import { sendToUser, userLocale } from '../mail/send.ts';
import { passkeyAddedMail, passkeyRemovedMail } from '../mail/templates.ts';
import type { Device } from './devices.ts';
import { recordEvent } from './security-events.ts';
import { hashToken } from './tokens.ts';

/** A challenge is good for five minutes, once (decision 0219). */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** The relying party's name the browser shows beside the passkey. */
const RP_NAME = 'Account portal';
/** A user has a handful; more would be a script's. */
export const PASSKEYS_MAX = 20;

/** The relying party: PUBLIC_URL's host is its id, PUBLIC_URL's origin the only origin. */
export function relyingParty(config: Pick<Config, 'publicUrl'>): { id: string; origin: string } {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin };
}

const failed = () => identityRefused('passkey_failed');

/** The challenge the browser signed, from its clientDataJSON; a malformed one fails. */
function challengeOf(clientDataJSON: string): string {
  let challenge: unknown;
  try {
    ({ challenge } = decodeClientDataJSON(clientDataJSON));
  } catch {
    // Not JSON: no challenge, refused below.
  }
  // Not a string (or none): no challenge row could match it either.
  if (typeof challenge !== 'string') throw failed();
  return challenge;
}

/**
 * Deletes the unexpired challenge the browser signed (its clientDataJSON's), of
 * `purpose` and held by `owner` (the session and user, or the browser), and answers it;
 * none such fails. Consumed before anything is checked, so it is good once.
 */
async function consumeChallenge(
  db: Database,
  now: Date,
  clientDataJSON: string,
  purpose: (typeof webauthnChallenges.$inferSelect)['purpose'],
  owner: SQL | undefined,
): Promise<string> {
  const challenge = challengeOf(clientDataJSON);
  const consumed = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        owner,
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  if (consumed.length === 0) throw failed();
  return challenge;
}

/** The hash a sign-in challenge keeps of its browser's cookie nonce. */
const browserHash = (nonce: string) =>
  createHash('sha256').update(`passkey:${nonce}`).digest('hex');

/** The user handle a passkey carries: the account's public guid, never its row id. */
const userHandleOf = (user: Pick<User, 'portalGuid'>) => new TextEncoder().encode(user.portalGuid);

function asPasskey(row: typeof passkeys.$inferSelect): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    synced: row.deviceType === 'multiDevice' && row.backedUp,
  };
}

/**
 * The options for navigator.credentials.create(): a discoverable credential with user
 * verification, none of the account's passkeys again. The challenge is kept for the
 * asking session and user only.
 */
export async function registrationOptions(
  deps: AppDeps,
  user: User,
  token: string,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty(deps.config);
  const existing = await deps.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
    userID: userHandleOf(user),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: row.transports,
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_TTL_MS,
  });
  await keepChallenge(deps.db, deps.clock.now(), options.challenge, 'register', {
    sessionHash: hashToken(token),
    userId: user.id,
  });
  return options;
}

type ChallengeRow = typeof webauthnChallenges.$inferInsert;

/**
 * Keeps a challenge handed out, for its purpose and bound to who asked (a session and
 * its user, or a browser's nonce), for CHALLENGE_TTL_MS.
 */
async function keepChallenge(
  db: Database,
  now: Date,
  challenge: string,
  purpose: ChallengeRow['purpose'],
  bound: Pick<ChallengeRow, 'sessionHash' | 'userId' | 'browserHash'>,
): Promise<void> {
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  await db.insert(webauthnChallenges).values({ challenge, purpose, ...bound, expiresAt });
}

/**
 * Saves the passkey the browser made from this session's challenge, with its name.
 * The challenge is consumed first, whatever follows: a second use of it, a challenge of
 * another session or user, an expired one, or a credential that does not verify answer
 * `passkey_failed`. One transaction: the passkey, the event, the notice mail.
 */
export async function addPasskey(
  deps: AppDeps,
  user: User,
  token: string,
  form: v.InferOutput<typeof AddPasskeyForm>,
  device: Device,
  pageLocale: Locale | null,
): Promise<Passkey> {
  const now = deps.clock.now();
  const challenge = await consumeChallenge(
    deps.db,
    now,
    form.credential.response.clientDataJSON,
    'register',
    and(
      eq(webauthnChallenges.sessionHash, hashToken(token)),
      eq(webauthnChallenges.userId, user.id),
    ),
  );
  const rp = relyingParty(deps.config);
  let info;
  try {
    const verification = await verifyRegistrationResponse({
      response: form.credential as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!verification.verified) throw failed();
    info = verification.registrationInfo;
  } catch {
    throw failed();
  }
  return deps.db.transaction(async (tx) => {
    if ((await tx.$count(passkeys, eq(passkeys.userId, user.id))) >= PASSKEYS_MAX) throw failed();
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: info.credential.id,
        publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name: form.name,
        createdAt: now,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    // The same authenticator's credential again: it is registered already.
    if (!row) throw failed();
    await recordEvent(tx, now, user.id, 'passkey_added', device);
    const locale = pageLocale ?? userLocale(user);
    await sendToUser(deps, { ...user, locale }, passkeyAddedMail(form.name), 'account_notices', tx);
    return asPasskey(row);
  });
}

/** The account's passkeys, oldest first. */
export async function passkeysOf(deps: AppDeps, userId: number): Promise<Passkey[]> {
  // From memory while no change to the user's passkeys was heard (migration 0031).
  return userRead(deps, userId, 'passkeys', async () => {
    const rows = await deps.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
      .limit(PASSKEYS_MAX);
    return rows.map(asPasskey);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new name for one of the user's passkeys; another user's is not found. */
export async function renamePasskey(
  deps: AppDeps,
  userId: number,
  id: string,
  name: string,
): Promise<Passkey> {
  if (!UUID.test(id)) throw identityRefused('not_found');
  const [row] = await deps.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw identityRefused('not_found');
  return asPasskey(row);
}

/** Removes one of the user's passkeys, with its event; another user's is not found. */
export async function removePasskey(
  deps: AppDeps,
  user: User,
  id: string,
  device: Device,
  pageLocale: Locale | null,
): Promise<void> {
  if (!UUID.test(id)) throw identityRefused('not_found');
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
      .returning({ name: passkeys.name });
    if (!removed) throw identityRefused('not_found');
    await recordEvent(tx, deps.clock.now(), user.id, 'passkey_removed', device);
    const locale = pageLocale ?? userLocale(user);
    const notice = passkeyRemovedMail(removed.name);
    await sendToUser(deps, { ...user, locale }, notice, 'account_notices', tx);
  });
}

/**
 * The options for navigator.credentials.get() at sign-in: no account named (the
 * passkey is discoverable and says whose it is), user verification required. The
 * challenge is kept for the browser whose cookie holds `nonce`.
 */
export async function signInOptions(
  deps: AppDeps,
  nonce: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config).id,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  await keepChallenge(deps.db, deps.clock.now(), options.challenge, 'sign_in', {
    browserHash: browserHash(nonce),
  });
  return options;
}

/**
 * Checks a passkey's assertion against this browser's challenge, consumed first: the
 * signature by the stored public key, the origin and relying party, user verification,
 * and a signature counter that went up (when the authenticator counts). The new
 * counter is written only if no other sign-in wrote one meanwhile. Answers the user's
 * id; every failure is the one `passkey_failed`.
 */
export async function verifyPasskeySignIn(
  deps: AppDeps,
  nonce: string,
  credential: v.InferOutput<typeof AuthenticationCredential>,
): Promise<number> {
  const now = deps.clock.now();
  const challenge = await consumeChallenge(
    deps.db,
    now,
    credential.response.clientDataJSON,
    'sign_in',
    eq(webauthnChallenges.browserHash, browserHash(nonce)),
  );
  const [found] = await deps.db
    .select({ passkey: passkeys, portalGuid: users.portalGuid })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, credential.id))
    .limit(1);
  if (!found) throw failed();
  await checkAssertion(deps, now, challenge, credential, found);
  return found.passkey.userId;
}

/**
 * The assertion checked against the passkey it names, whose challenge the caller has
 * consumed: the user handle (when sent) is the account's, the signature by the stored
 * key, the origin and relying party, user verification, and a signature counter that
 * went up. The new counter is written only if no other use wrote one meanwhile.
 */
async function checkAssertion(
  deps: AppDeps,
  now: Date,
  challenge: string,
  credential: v.InferOutput<typeof AuthenticationCredential>,
  found: { passkey: typeof passkeys.$inferSelect; portalGuid: string },
): Promise<void> {
  const { passkey } = found;
  const handle = credential.response.userHandle;
  if (handle !== undefined && handle !== isoBase64URL.fromBuffer(userHandleOf(found))) {
    throw failed();
  }
  const rp = relyingParty(deps.config);
  let info;
  try {
    const verification = await verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
    if (!verification.verified) throw failed();
    info = verification.authenticationInfo;
  } catch {
    throw failed();
  }
  const updated = await deps.db
    .update(passkeys)
    .set({ counter: info.newCounter, backedUp: info.credentialBackedUp, lastUsedAt: now })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  if (updated.length === 0) throw failed();
}

/**
 * The options for navigator.credentials.get() when a signed-in user proves again who
 * they are (decision 0215): only the account's own passkeys are allowed, user
 * verification required. The challenge is kept for the asking session and user only.
 * An account without passkeys has nothing to prove with: `passkey_failed`.
 */
export async function reauthOptions(
  deps: AppDeps,
  user: User,
  token: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const own = await deps.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id))
    .limit(PASSKEYS_MAX);
  if (own.length === 0) throw failed();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config).id,
    userVerification: 'required',
    allowCredentials: own.map((row) => ({
      id: row.credentialId,
      transports: row.transports as AuthenticatorTransport[],
    })),
    timeout: CHALLENGE_TTL_MS,
  });
  await keepChallenge(deps.db, deps.clock.now(), options.challenge, 'reauth', {
    sessionHash: hashToken(token),
    userId: user.id,
  });
  return options;
}

/**
 * Checks a re-authentication's assertion: this session's challenge for this user,
 * consumed first, and a passkey of this very account (another account's is refused as
 * any failure is, `passkey_failed`), verified as at sign-in.
 */
export async function verifyPasskeyReauth(
  deps: AppDeps,
  user: User,
  token: string,
  credential: v.InferOutput<typeof AuthenticationCredential>,
): Promise<void> {
  const now = deps.clock.now();
  const challenge = await consumeChallenge(
    deps.db,
    now,
    credential.response.clientDataJSON,
    'reauth',
    and(
      eq(webauthnChallenges.sessionHash, hashToken(token)),
      eq(webauthnChallenges.userId, user.id),
    ),
  );
  const [passkey] = await deps.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, credential.id), eq(passkeys.userId, user.id)))
    .limit(1);
  if (!passkey) throw failed();
  await checkAssertion(deps, now, challenge, credential, { passkey, portalGuid: user.portalGuid });
}
