import * as v from 'valibot';
import { socialProviders, type SocialProvider } from '../contract/identity.ts';
import { DEFAULT_RESERVED_SUBDOMAINS } from './reserved-subdomains.ts';

/**
 * Settings read once from the environment at start (epic-stack's env.server.ts habit),
 * with the signing secret resolved (see server/secret.ts).
 */
export type Config = Omit<EnvConfig, 'sessionSecret'> & { sessionSecret: string };

/** What the environment alone says; without SESSION_SECRET the secret comes from the database. */
export type EnvConfig = {
  port: number;
  /** Real PostgreSQL when set; otherwise the embedded PGlite in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  nodeEnv: 'development' | 'production' | 'test';
  /** SESSION_SECRET, or null: then a random one is made on first start and kept (server/secret.ts). */
  sessionSecret: string | null;
  smtpUrl: string | null;
  /** The From of every mail. */
  mailFrom: string;
  /** MAIL_RETRIES: how often a failed mail is tried again before it is given up. */
  mailRetries: number;
  /** SALES_EMAIL: where the on-premise page's consultation requests go (server/consultation). */
  salesEmail: string;
  /** Without a trailing slash. */
  publicUrl: string;
  staticDir: string;
  /** A header set by a trusted proxy with the visitor's ISO country (e.g. CF-IPCountry). */
  countryHeader: string | null;
  /** Seconds before a new e-mail code may be requested (tests shorten it). */
  codeResendSeconds: number;
  /** Take the client IP from X-Forwarded-For (the proxy's own entry, the last). */
  trustProxy: boolean;
  /**
   * TLS_CERT_FILE and TLS_KEY_FILE (PEM): the server itself speaks HTTPS, HTTP/2 with
   * HTTP/1.1 beside it; null: plain HTTP/1.1 (a TLS proxy in front, or local use).
   */
  tls: { certFile: string; keyFile: string } | null;
  /** OAuth clients; a provider without one uses the sandbox outside production. */
  oauth: Record<SocialProvider, OAuthClient | null>;
  /**
   * PROVIDER_TIMEOUT_SECONDS: how long a call to an outside provider may take before it
   * counts as failed: a payment provider's call, or a social sign-in's whole code
   * exchange (server/identity/routes/social.ts). See server/providers/deadline.ts.
   */
  providerTimeoutMs: number;
  /**
   * PAGE_READS_BUDGET_MS: how long a signed-in page's HTML waits for the reads it carries
   * (server/page-reads.ts), and a visitor's for its first screen (server/page-render.ts);
   * what is not there by then is left to the SPA.
   */
  pageReadsBudgetMs: number;
  /**
   * PAGE_RENDER_SHARE: the part of the server's time, in percent, that rendering
   * visitors' first screens may take (server/page-render.ts); past it, a page goes
   * unrendered and the browser draws it.
   */
  pageRenderShare: number;
  /** Card payments; a provider without keys uses the sandbox outside production. */
  payments: Payments;
  /** The folder of release files and their manifest.json (server/software). */
  releasesDir: string;
  /** PROMOTIONS_FILE: the seasonal banners (server/promotions); null: the file shipped. */
  promotionsFile: string | null;
  /** SITE_FILE: the support address and web GIS links (server/site); null: the file shipped. */
  siteFile: string | null;
  /** The folder of the terms of service and privacy policy texts (server/legal). */
  legalDir: string;
  /**
   * When set, downloads need a link signed for one user, file and expiry (the release
   * list gives them; server/software/download-links.ts); the token itself only turns
   * that on and goes into the links' key, so changing it ends every link given out.
   */
  downloadToken: string | null;
  /** The hosted web GIS (server/webgis). */
  webgis: WebgisSettings;
  /** A job whose process died is taken up again by any process after this long. */
  jobLeaseSeconds: number;
  /** METRICS_PORT: a second server answering GET /metrics (Prometheus) there; null: none. */
  metricsPort: number | null;
  /** METRICS_TOKEN: GET /metrics on the main port for a scraper sending it as a Bearer token. */
  metricsToken: string | null;
  /** SENTRY_DSN: where unexpected errors are reported (Sentry, GlitchTip); null: nowhere. */
  sentryDsn: string | null;
};

export type WebgisSettings = {
  /** Instances answer at `<subdomain>.<domain>`; `localhost` works in a browser as it is. */
  domain: string;
  /** Seconds the sandbox provisioner takes to create an instance. */
  provisionSeconds: number;
  /** The sandbox's outcome for every location: `fail` or `overrun` (past the 60-s poll). */
  sandboxOutcome: 'ok' | 'fail' | 'overrun';
  /**
   * Subdomains no user may take: the built-in list (server/reserved-subdomains.ts) and
   * WEBGIS_RESERVED_SUBDOMAINS, lower-cased.
   */
  reservedSubdomains: readonly string[];
};

export type Payments = {
  /** Legal entities may ask for an invoice (ru locale only); ENTITY_ORDERS=off turns it off. */
  entityOrders: boolean;
  /**
   * The smallest invoice, in roubles (INVOICE_MINIMUM_RUB; docs/decisions/0305): a plan
   * whose year costs less is not offered to legal entities, and the server refuses it.
   */
  invoiceMinimumRub: number;
  /** Seconds the sandbox provider waits before it settles a checkout. */
  sandboxSettleSeconds: number;
  /** An open checkout older than this is expired, so its payer is never stuck. */
  checkoutTtlMs: number;
  yookassa: { shopId: string; secretKey: string } | null;
  stripe: { secretKey: string; webhookSecret: string | null } | null;
};

export type OAuthClient = { clientId: string; clientSecret: string };

export type Env = Record<string, string | undefined>;

/**
 * A whole number from min to max written in digits alone, e.g. `wholeNumber('whole
 * seconds', 2, 3600)`; a bad value is named as "expected whole seconds from 2 to 3600".
 */
function wholeNumber(what: string, min: number, max: number) {
  const expected = `expected ${what} from ${min} to ${max}`;
  return v.pipe(
    v.string(),
    v.trim(),
    v.regex(new RegExp(`^\\d{1,${String(max).length}}$`), expected),
    v.transform(Number),
    v.minValue(min, expected),
    v.maxValue(max, expected),
  );
}

const EnvSchema = v.object({
  PORT: v.optional(wholeNumber('an integer port', 0, 65535), '8080'),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^postgres(ql)?:\/\/\S+$/, 'expected a postgres:// or postgresql:// URL'),
    ),
  ),
  DATA_DIR: v.optional(
    v.pipe(v.string(), v.trim(), v.nonEmpty('expected a folder path')),
    './data',
  ),
  NODE_ENV: v.optional(
    v.picklist(['development', 'production', 'test'], 'expected development, production or test'),
    'development',
  ),
  SESSION_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(32, 'expected at least 32 characters')),
  ),
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^smtps?:\/\/\S+$/, 'expected an smtp:// or smtps:// URL'),
    ),
  ),
  PUBLIC_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'expected an http:// or https:// URL'),
    ),
  ),
  STATIC_DIR: v.optional(
    v.pipe(v.string(), v.trim(), v.nonEmpty('expected a folder path')),
    './dist',
  ),
  COUNTRY_HEADER: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9-]+$/, 'expected an HTTP header name')),
  ),
  CODE_RESEND_SECONDS: v.optional(wholeNumber('whole seconds', 0, 9999), '60'),
  MAIL_FROM: v.optional(
    v.pipe(v.string(), v.trim(), v.nonEmpty()),
    'Account portal <no-reply@localhost>',
  ),
  MAIL_RETRIES: v.optional(wholeNumber('a whole number', 0, 99), '10'),
  SALES_EMAIL: v.optional(
    v.pipe(v.string(), v.trim(), v.email('expected an e-mail address')),
    'sales@example.com',
  ),
  TRUST_PROXY: v.optional(v.picklist(['0', '1'], 'expected 0 or 1'), '0'),
  TLS_CERT_FILE: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('expected a file path'))),
  TLS_KEY_FILE: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('expected a file path'))),
  SANDBOX_SETTLE_SECONDS: v.optional(wholeNumber('whole seconds', 0, 9999), '3'),
  PAGE_READS_BUDGET_MS: v.optional(wholeNumber('whole milliseconds', 1, 60_000), '100'),
  PAGE_RENDER_SHARE: v.optional(wholeNumber('a whole percentage', 1, 100), '25'),
  PROVIDER_TIMEOUT_SECONDS: v.optional(wholeNumber('whole seconds', 1, 999), '10'),
  CHECKOUT_TTL_MINUTES: v.optional(wholeNumber('whole minutes', 1, 99_999), '60'),
  JOB_LEASE_SECONDS: v.optional(wholeNumber('whole seconds', 2, 3600), '60'),
  METRICS_PORT: v.optional(wholeNumber('an integer port', 1, 65535)),
  // Sent by the scraper as a Bearer token: long enough not to guess.
  METRICS_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^[A-Za-z0-9._~+/=-]{16,256}$/,
        'expected 16 to 256 letters, digits or . _ ~ + / = -',
      ),
    ),
  ),
  SENTRY_DSN: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^https?:\/\/[^\s@/]+@[^\s/]+\/\S*\d+$/, 'expected a DSN such as https://key@host/1'),
    ),
  ),
  ENTITY_ORDERS: v.optional(v.picklist(['on', 'off'], 'expected on or off'), 'on'),
  INVOICE_MINIMUM_RUB: v.optional(wholeNumber('whole roubles', 0, 999_999_999), '20000'),
  RELEASES_DIR: v.optional(
    v.pipe(v.string(), v.trim(), v.nonEmpty('expected a folder path')),
    './releases',
  ),
  PROMOTIONS_FILE: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('expected a file path'))),
  SITE_FILE: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('expected a file path'))),
  LEGAL_DIR: v.optional(
    v.pipe(v.string(), v.trim(), v.nonEmpty('expected a folder path')),
    './legal',
  ),
  // Part of the download links' key, and their on/off: long enough not to guess.
  DOWNLOAD_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[A-Za-z0-9._~-]{16,256}$/, 'expected 16 to 256 letters, digits or . _ ~ -'),
    ),
  ),
  // A host name: dot-separated labels of letters, digits and inner hyphens.
  WEBGIS_DOMAIN: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.regex(
        /^(?=.{1,190}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
        'expected a host name such as localhost or gis.example.com',
      ),
    ),
    'localhost',
  ),
  // Comma-separated labels the operator keeps, added to the built-in list.
  WEBGIS_RESERVED_SUBDOMAINS: v.optional(
    v.pipe(
      v.string(),
      v.toLowerCase(),
      v.transform((value) =>
        value
          .split(',')
          .map((label) => label.trim())
          .filter((label) => label !== ''),
      ),
      v.check(
        (labels) => labels.every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label)),
        'expected comma-separated labels of letters, digits and inner hyphens',
      ),
    ),
    '',
  ),
  WEBGIS_PROVISION_SECONDS: v.optional(wholeNumber('whole seconds', 0, 9999), '5'),
  WEBGIS_SANDBOX: v.optional(
    v.picklist(['ok', 'fail', 'overrun'], 'expected ok, fail or overrun'),
    'ok',
  ),
  YOOKASSA_SHOP_ID: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())),
  YOOKASSA_SECRET_KEY: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())),
  STRIPE_SECRET_KEY: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())),
  STRIPE_WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())),
  ...oauthVariables(),
});

function oauthVariables() {
  const entries = socialProviders.flatMap((provider) => {
    const prefix = provider.toUpperCase();
    const value = v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()));
    return [
      [`${prefix}_CLIENT_ID`, value],
      [`${prefix}_CLIENT_SECRET`, value],
    ] as const;
  });
  return Object.fromEntries(entries) as Record<
    string,
    v.OptionalSchema<v.GenericSchema<string, string>, undefined>
  >;
}

function oauthClients(env: Env): Record<SocialProvider, OAuthClient | null> {
  const clients = {} as Record<SocialProvider, OAuthClient | null>;
  for (const provider of socialProviders) {
    const prefix = provider.toUpperCase();
    const clientId = env[`${prefix}_CLIENT_ID`]?.trim();
    const clientSecret = env[`${prefix}_CLIENT_SECRET`]?.trim();
    clients[provider] = clientId && clientSecret ? { clientId, clientSecret } : null;
  }
  return clients;
}

/** An unset variable and an empty one mean the same: take the default. */
function present(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
}

function describe(issue: v.BaseIssue<unknown>): string {
  const name = issue.path?.[0]?.key;
  return `${typeof name === 'string' ? name : 'environment'}: ${issue.message}`;
}

/** Parses the environment or throws one error naming every bad variable. */
export function loadConfig(env: Env): EnvConfig {
  const given = present(env);
  const result = v.safeParse(EnvSchema, given);
  const problems = result.success ? [] : result.issues.map(describe);
  if (given.NODE_ENV?.trim() === 'production' && given.SESSION_SECRET === undefined) {
    problems.push('SESSION_SECRET: required in production, at least 32 characters');
  }
  if ((given.TLS_CERT_FILE === undefined) !== (given.TLS_KEY_FILE === undefined)) {
    problems.push('TLS_CERT_FILE and TLS_KEY_FILE: both or neither');
  }
  if (!result.success || problems.length > 0) {
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const out = result.output;
  return {
    port: out.PORT,
    databaseUrl: out.DATABASE_URL ?? null,
    dataDir: out.DATA_DIR,
    nodeEnv: out.NODE_ENV,
    sessionSecret: out.SESSION_SECRET ?? null,
    smtpUrl: out.SMTP_URL ?? null,
    mailFrom: out.MAIL_FROM,
    mailRetries: out.MAIL_RETRIES,
    salesEmail: out.SALES_EMAIL,
    publicUrl: (
      out.PUBLIC_URL ?? `${out.TLS_CERT_FILE ? 'https' : 'http'}://localhost:${out.PORT}`
    ).replace(/\/+$/, ''),
    staticDir: out.STATIC_DIR,
    countryHeader: out.COUNTRY_HEADER?.toLowerCase() ?? null,
    codeResendSeconds: out.CODE_RESEND_SECONDS,
    trustProxy: out.TRUST_PROXY === '1',
    tls:
      out.TLS_CERT_FILE && out.TLS_KEY_FILE
        ? { certFile: out.TLS_CERT_FILE, keyFile: out.TLS_KEY_FILE }
        : null,
    oauth: oauthClients(given),
    providerTimeoutMs: out.PROVIDER_TIMEOUT_SECONDS * 1000,
    pageReadsBudgetMs: out.PAGE_READS_BUDGET_MS,
    pageRenderShare: out.PAGE_RENDER_SHARE / 100,
    payments: {
      entityOrders: out.ENTITY_ORDERS === 'on',
      invoiceMinimumRub: out.INVOICE_MINIMUM_RUB,
      sandboxSettleSeconds: out.SANDBOX_SETTLE_SECONDS,
      checkoutTtlMs: out.CHECKOUT_TTL_MINUTES * 60_000,
      yookassa:
        out.YOOKASSA_SHOP_ID && out.YOOKASSA_SECRET_KEY
          ? { shopId: out.YOOKASSA_SHOP_ID, secretKey: out.YOOKASSA_SECRET_KEY }
          : null,
      stripe: out.STRIPE_SECRET_KEY
        ? { secretKey: out.STRIPE_SECRET_KEY, webhookSecret: out.STRIPE_WEBHOOK_SECRET ?? null }
        : null,
    },
    releasesDir: out.RELEASES_DIR,
    promotionsFile: out.PROMOTIONS_FILE ?? null,
    siteFile: out.SITE_FILE ?? null,
    legalDir: out.LEGAL_DIR,
    downloadToken: out.DOWNLOAD_TOKEN ?? null,
    webgis: {
      domain: out.WEBGIS_DOMAIN,
      provisionSeconds: out.WEBGIS_PROVISION_SECONDS,
      sandboxOutcome: out.WEBGIS_SANDBOX,
      reservedSubdomains: [
        ...new Set([...DEFAULT_RESERVED_SUBDOMAINS, ...out.WEBGIS_RESERVED_SUBDOMAINS]),
      ],
    },
    jobLeaseSeconds: out.JOB_LEASE_SECONDS,
    metricsPort: out.METRICS_PORT ?? null,
    metricsToken: out.METRICS_TOKEN ?? null,
    sentryDsn: out.SENTRY_DSN ?? null,
  };
}
