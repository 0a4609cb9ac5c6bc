/**
 * The account side of the database: users and everything keyed by a user (sessions,
 * codes, resets, social links, sign-up flows, unsubscriptions), plus the tables the
 * account routes run on (countries, the development mailbox, rate limits, server
 * secrets). Imports nothing from the other schema modules: they reference `users`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { securityEventKinds } from '../../contract/identity.ts';
import { oneOf, timestamptz } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    /** The public id other products and team screens know a user by (section 3's guid). */
    portalGuid: uuid('portal_guid').notNull().defaultRandom().unique('users_portal_guid_key'),
    // Stored lower-cased so the unique constraint is case-insensitive.
    email: text('email').notNull().unique(),
    // Null for accounts created by social sign-in: they have no password to type.
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    company: text('company').notNull().default(''),
    industry: text('industry').notNull().default(''),
    role: text('role').notNull().default(''),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull().default(''),
    timezoneIana: text('timezone_iana'),
    timezoneOffset: integer('timezone_offset'),
    locale: text('locale').notNull().default('en'),
    emailConfirmedAt: timestamptz('email_confirmed_at'),
    /** When a mail to the address last failed for good; null once the user dismisses it or a mail goes through. */
    mailUndeliveredAt: timestamptz('mail_undelivered_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Sign-in by username is case-insensitive, so uniqueness must be too.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** A column naming a user (`user_id` unless named): the account's removal takes its row. */
export const userRef = (name = 'user_id') =>
  integer(name).references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    // sha256 hex of the cookie's token: a leaked table cannot be replayed.
    tokenHash: text('token_hash').primaryKey(),
    // The session's public name, for the sessions list: the token's hash never leaves.
    id: uuid('id').notNull().unique().defaultRandom(),
    userId: userRef().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    // When the user last proved who they are in this session: its sign-in, or a later
    // re-authentication. Sensitive actions need it within 10 minutes (decision 0215).
    authenticatedAt: timestamptz('authenticated_at').notNull().defaultNow(),
    // The browser that signed in, as it said and where from, for the sessions list.
    userAgent: text('user_agent'),
    ip: text('ip'),
    country: text('country'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** The account's security log: kept 180 days, the last 100 shown (decision 0214). */
export const securityEvents = pgTable(
  'security_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // Null for a sign-in naming no account: logged all the same, so that answer does the
    // wrong password's work and takes its time (checklist point 9).
    userId: userRef(),
    kind: text('kind', { enum: securityEventKinds }).notNull(),
    // The sign-in method ('password', 'code', a provider) or the provider linked.
    method: text('method'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    country: text('country'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('security_events_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('security_events_created_at_idx').on(t.createdAt),
    check('security_events_kind_known', oneOf(t.kind, securityEventKinds)),
  ],
);

/**
 * The account's passkeys (WebAuthn credentials, decision 0219): the public id the API
 * names it by, the authenticator's credential id and public key, its signature counter.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef().notNull(),
    /** The authenticator's credential id, base64url: one account's only. */
    credentialId: text('credential_id').notNull().unique('passkeys_credential_id_key'),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 'singleDevice' or 'multiDevice' (synced), and whether it is backed up now. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [index('passkeys_user_id_idx').on(t.userId)],
);

/**
 * WebAuthn challenges: single use (consumed by one DELETE … RETURNING), five minutes.
 * A registration's and a re-authentication's are bound to the session that asked (the
 * hash of its token) and its user; a sign-in's to the browser (the hash of the nonce in
 * its signed cookie).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'sign_in', 'reauth'] }).notNull(),
    /** register and reauth: the asking session's token hash and its user. */
    sessionHash: text('session_hash'),
    userId: userRef(),
    /** sign_in: sha256 of the browser's cookie nonce. */
    browserHash: text('browser_hash'),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('webauthn_challenges_expires_at_idx').on(t.expiresAt),
    check('webauthn_challenges_purpose_known', oneOf(t.purpose, ['register', 'sign_in', 'reauth'])),
  ],
);

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameRu: text('name_ru').notNull(),
});

/** Development mailbox: every mail sent without SMTP_URL lands here. */
export const mails = pgTable(
  'mails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('mails_to_idx').on(t.to)],
);

/**
 * Mails that failed their last try: the operator's dead letters (whom, what, why), to
 * follow up or send again. Codes in the subject are masked; no body is kept.
 */
export const undeliveredMails = pgTable(
  'undelivered_mails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    error: text('error').notNull(),
    failedAt: timestamptz('failed_at').notNull().defaultNow(),
  },
  (t) => [index('undelivered_mails_failed_at_idx').on(t.failedAt)],
);

/**
 * The authenticator app of a user (decision 0218): its secret encrypted with a key
 * derived from SESSION_SECRET, pending until a first code confirms it.
 */
export const twoFactors = pgTable('two_factors', {
  userId: userRef().primaryKey(),
  /** AES-256-GCM: base64url of the nonce, the ciphertext and the tag. */
  secret: text('secret').notNull(),
  /** Null while the setup waits for its first code. */
  enabledAt: timestamptz('enabled_at'),
  /** The time step of the last code accepted: a code is good once. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  /** Wrong codes counted since `attemptsFrom`; five lock the step for a while. */
  attempts: integer('attempts').notNull().default(0),
  attemptsFrom: timestamptz('attempts_from'),
  createdAt: timestamptz('created_at').notNull(),
});

/** The recovery codes of an authenticator app, hashed; each is good once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef().notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [uniqueIndex('recovery_codes_user_id_code_hash_idx').on(t.userId, t.codeHash)],
);

/** The one live e-mail code of a user; a new code replaces the row. */
export const emailCodes = pgTable('email_codes', {
  userId: userRef().primaryKey(),
  // HMAC with SESSION_SECRET: six digits would fall to a plain hash at once.
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  sentAt: timestamptz('sent_at').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

/**
 * The one pending e-mail change of a user (decision 0217): the new address and the code
 * mailed to it, kept as the sign-up's code is. A new request replaces the row.
 */
export const emailChanges = pgTable('email_changes', {
  userId: userRef().primaryKey(),
  // Lower-cased, as users.email.
  newEmail: text('new_email').notNull(),
  // HMAC with SESSION_SECRET over the user, the new address and the code.
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  sentAt: timestamptz('sent_at').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

/**
 * The links mailed to the old address after an e-mail change (decision 0217): good once,
 * for 7 days, to put the old address back. The token is kept as its SHA-256 only.
 */
export const emailChangeUndos = pgTable(
  'email_change_undos',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: userRef().notNull(),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** When the link put the old address back. */
    usedAt: timestamptz('used_at'),
    /** When an undo of an earlier change made this link void. */
    supersededAt: timestamptz('superseded_at'),
  },
  (t) => [index('email_change_undos_user_id_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: userRef().notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
);

/** Fixed-window counters; keys hold hashes, never addresses in clear. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef().notNull(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    linkedAt: timestamptz('linked_at').notNull(),
    /** The provider's picture of the person (an https address on its picture host), or null. */
    pictureUrl: text('picture_url'),
  },
  (t) => [
    uniqueIndex('social_accounts_provider_subject_key').on(t.provider, t.subject),
    uniqueIndex('social_accounts_user_provider_key').on(t.userId, t.provider),
  ],
);

/**
 * The sign-up (or /login/2) flow a browser holds: its cookie carries a nonce whose
 * hash must match this row. Every new post of the flow, a password reset and a social
 * link replace or delete the row, so an older cookie is worth nothing.
 */
export const pendingSignups = pgTable('pending_signups', {
  userId: userRef().primaryKey(),
  nonceHash: text('nonce_hash').notNull(),
  /** Set when this very flow checked the mailed code. */
  verifiedAt: timestamptz('verified_at'),
  createdAt: timestamptz('created_at').notNull(),
});

/** Secrets the server makes for itself (the signing secret when SESSION_SECRET is unset). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** OAuth `state` rows: single use, ten minutes. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    intent: text('intent').notNull(),
    next: text('next'),
    locale: text('locale').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    userId: userRef(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('oauth_states_expires_at_idx').on(t.expiresAt)],
);

/**
 * When the account was last told that its data was exported: at most one such notice
 * per EXPORT_NOTICE_WINDOW_MS (server/identity/profile.ts), claimed by one conditional
 * upsert so that parallel exports send one.
 */
export const exportNotices = pgTable('export_notices', {
  userId: userRef().primaryKey(),
  sentAt: timestamptz('sent_at').notNull(),
});

export const unsubscriptions = pgTable(
  'unsubscriptions',
  {
    userId: userRef().notNull(),
    list: text('list').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.list] })],
);
