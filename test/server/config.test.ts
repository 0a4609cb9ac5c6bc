import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { DEFAULT_RESERVED_SUBDOMAINS } from '../../server/reserved-subdomains.ts';

function message(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('fills every default from an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      databaseUrl: null,
      dataDir: './data',
      nodeEnv: 'development',
      sessionSecret: null,
      smtpUrl: null,
      publicUrl: 'http://localhost:8080',
      staticDir: './dist',
      countryHeader: null,
      mailFrom: 'Account portal <no-reply@localhost>',
      mailRetries: 10,
      salesEmail: 'sales@example.com',
      codeResendSeconds: 60,
      trustProxy: false,
      tls: null,
      oauth: { yandex: null, google: null, github: null },
      providerTimeoutMs: 10_000,
      pageReadsBudgetMs: 100,
      pageRenderShare: 0.25,
      payments: {
        entityOrders: true,
        invoiceMinimumRub: 20000,
        sandboxSettleSeconds: 3,
        checkoutTtlMs: 3_600_000,
        yookassa: null,
        stripe: null,
      },
      releasesDir: './releases',
      promotionsFile: null,
      siteFile: null,
      legalDir: './legal',
      downloadToken: null,
      webgis: {
        domain: 'localhost',
        provisionSeconds: 5,
        sandboxOutcome: 'ok',
        reservedSubdomains: DEFAULT_RESERVED_SUBDOMAINS,
      },
      jobLeaseSeconds: 60,
      metricsPort: null,
      metricsToken: null,
      sentryDsn: null,
    });
  });

  it('reads good values', () => {
    const config = loadConfig({
      PORT: '0',
      DATABASE_URL: 'postgres://user:pw@db:5432/portal',
      DATA_DIR: '/var/portal',
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
      PUBLIC_URL: 'https://account.example.com/',
      STATIC_DIR: '/srv/dist',
      COUNTRY_HEADER: 'CF-IPCountry',
      MAIL_FROM: 'Portal <portal@example.com>',
      SALES_EMAIL: ' sales@gis.example.com ',
      CODE_RESEND_SECONDS: '5',
      TRUST_PROXY: '1',
      TLS_CERT_FILE: '/etc/portal/cert.pem',
      TLS_KEY_FILE: '/etc/portal/key.pem',
      YANDEX_CLIENT_ID: 'yid',
      YANDEX_CLIENT_SECRET: 'ysecret',
      GITHUB_CLIENT_ID: 'only-id',
      SANDBOX_SETTLE_SECONDS: '1',
      PROVIDER_TIMEOUT_SECONDS: '5',
      PAGE_READS_BUDGET_MS: '250',
      PAGE_RENDER_SHARE: ' 40 ',
      CHECKOUT_TTL_MINUTES: '15',
      ENTITY_ORDERS: 'off',
      INVOICE_MINIMUM_RUB: ' 30000 ',
      YOOKASSA_SHOP_ID: 'shop',
      YOOKASSA_SECRET_KEY: 'ykey',
      STRIPE_SECRET_KEY: 'sk_test',
      RELEASES_DIR: '/srv/releases',
      LEGAL_DIR: '/srv/legal',
      PROMOTIONS_FILE: '/srv/promotions.json',
      SITE_FILE: '/srv/site.json',
      DOWNLOAD_TOKEN: 'dev-token_0123456789',
      WEBGIS_DOMAIN: 'GIS.Example.com',
      WEBGIS_PROVISION_SECONDS: '30',
      WEBGIS_SANDBOX: 'overrun',
      WEBGIS_RESERVED_SUBDOMAINS: ' Maps, intranet ,,admin',
      JOB_LEASE_SECONDS: '20',
      MAIL_RETRIES: '2',
      METRICS_PORT: '9464',
      METRICS_TOKEN: 'scrape-0123456789abcdef',
      SENTRY_DSN: 'https://public@errors.example.com/7',
    });
    expect(config).toEqual({
      port: 0,
      databaseUrl: 'postgres://user:pw@db:5432/portal',
      dataDir: '/var/portal',
      nodeEnv: 'production',
      sessionSecret: 'x'.repeat(32),
      smtpUrl: 'smtps://mailer:pw@smtp.example.com:465',
      publicUrl: 'https://account.example.com',
      staticDir: '/srv/dist',
      countryHeader: 'cf-ipcountry',
      mailFrom: 'Portal <portal@example.com>',
      mailRetries: 2,
      salesEmail: 'sales@gis.example.com',
      codeResendSeconds: 5,
      trustProxy: true,
      tls: { certFile: '/etc/portal/cert.pem', keyFile: '/etc/portal/key.pem' },
      // A provider needs both its id and its secret.
      oauth: { yandex: { clientId: 'yid', clientSecret: 'ysecret' }, google: null, github: null },
      providerTimeoutMs: 5_000,
      pageReadsBudgetMs: 250,
      pageRenderShare: 0.4,
      payments: {
        entityOrders: false,
        invoiceMinimumRub: 30000,
        sandboxSettleSeconds: 1,
        checkoutTtlMs: 900_000,
        yookassa: { shopId: 'shop', secretKey: 'ykey' },
        stripe: { secretKey: 'sk_test', webhookSecret: null },
      },
      releasesDir: '/srv/releases',
      promotionsFile: '/srv/promotions.json',
      siteFile: '/srv/site.json',
      legalDir: '/srv/legal',
      downloadToken: 'dev-token_0123456789',
      webgis: {
        domain: 'gis.example.com',
        provisionSeconds: 30,
        sandboxOutcome: 'overrun',
        // Added to the built-in list, lower-cased, each once.
        reservedSubdomains: [...DEFAULT_RESERVED_SUBDOMAINS, 'maps', 'intranet'],
      },
      jobLeaseSeconds: 20,
      metricsPort: 9464,
      metricsToken: 'scrape-0123456789abcdef',
      sentryDsn: 'https://public@errors.example.com/7',
    });
  });

  it('derives PUBLIC_URL from PORT and treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '9000', DATABASE_URL: '', SMTP_URL: '' });
    expect(config.publicUrl).toBe('http://localhost:9000');
    expect(config.databaseUrl).toBeNull();
  });

  it.each([
    ['PORT', 'eighty', 'expected an integer port from 0 to 65535'],
    ['PORT', '70000', 'expected an integer port from 0 to 65535'],
    ['DATABASE_URL', 'mysql://db/portal', 'expected a postgres:// or postgresql:// URL'],
    ['NODE_ENV', 'staging', 'expected development, production or test'],
    ['SESSION_SECRET', 'short', 'expected at least 32 characters'],
    ['SMTP_URL', 'http://mail', 'expected an smtp:// or smtps:// URL'],
    ['PUBLIC_URL', 'account.example.com', 'expected an http:// or https:// URL'],
    ['COUNTRY_HEADER', 'CF IPCountry', 'expected an HTTP header name'],
    ['ENTITY_ORDERS', 'yes', 'expected on or off'],
    ['INVOICE_MINIMUM_RUB', '20 000', 'expected whole roubles'],
    ['JOB_LEASE_SECONDS', '1', 'expected whole seconds from 2 to 3600'],
    ['PROVIDER_TIMEOUT_SECONDS', '0', 'expected whole seconds'],
    ['PAGE_READS_BUDGET_MS', '0', 'expected whole milliseconds'],
    ['PAGE_READS_BUDGET_MS', '60001', 'expected whole milliseconds'],
    ['PAGE_RENDER_SHARE', '0', 'expected a whole percentage'],
    ['PAGE_RENDER_SHARE', '101', 'expected a whole percentage'],
    ['PAGE_RENDER_SHARE', '0.5', 'expected a whole percentage'],
    ['CHECKOUT_TTL_MINUTES', 'an hour', 'expected whole minutes'],
    ['RELEASES_DIR', '   ', 'expected a folder path'],
    ['DOWNLOAD_TOKEN', 'short', 'expected 16 to 256 letters'],
    ['DOWNLOAD_TOKEN', 'has space in the middle!', 'expected 16 to 256 letters'],
    ['WEBGIS_DOMAIN', 'http://gis.example.com', 'expected a host name'],
    ['WEBGIS_DOMAIN', '-gis.example.com', 'expected a host name'],
    ['WEBGIS_DOMAIN', 'gis..example.com', 'expected a host name'],
    ['WEBGIS_PROVISION_SECONDS', 'five', 'expected whole seconds'],
    ['WEBGIS_PROVISION_SECONDS', '-1', 'expected whole seconds'],
    ['WEBGIS_SANDBOX', 'slow', 'expected ok, fail or overrun'],
    ['WEBGIS_RESERVED_SUBDOMAINS', 'maps,my_gis', 'expected comma-separated labels'],
    ['MAIL_RETRIES', '100', 'expected a whole number from 0 to 99'],
    ['METRICS_PORT', '0', 'expected an integer port from 1 to 65535'],
    ['METRICS_PORT', '70000', 'expected an integer port from 1 to 65535'],
    ['METRICS_TOKEN', 'short', 'expected 16 to 256 letters'],
    ['SENTRY_DSN', 'https://errors.example.com/7', 'expected a DSN'],
  ])('names a bad %s and what it expects', (name, value, expected) => {
    expect(message({ [name]: value })).toContain(`${name}: ${expected}`);
  });

  it('takes a TLS certificate and key together, and then derives an https PUBLIC_URL', () => {
    expect(message({ TLS_CERT_FILE: 'cert.pem' })).toContain(
      'TLS_CERT_FILE and TLS_KEY_FILE: both or neither',
    );
    expect(message({ TLS_KEY_FILE: 'key.pem' })).toContain(
      'TLS_CERT_FILE and TLS_KEY_FILE: both or neither',
    );
    const config = loadConfig({ PORT: '8443', TLS_CERT_FILE: 'c.pem', TLS_KEY_FILE: 'k.pem' });
    expect(config.publicUrl).toBe('https://localhost:8443');
  });

  it('names every bad variable at once', () => {
    const text = message({ PORT: '-1', NODE_ENV: 'prod', SMTP_URL: 'x' });
    expect(text).toMatch(/PORT: .*\n.*NODE_ENV: .*\n.*SMTP_URL: /);
  });

  it('refuses a SALES_EMAIL that is not an address', () => {
    expect(message({ SALES_EMAIL: 'sales team' })).toMatch(
      /SALES_EMAIL: expected an e-mail address/,
    );
  });

  it('requires SESSION_SECRET in production', () => {
    expect(message({ NODE_ENV: 'production' })).toContain(
      'SESSION_SECRET: required in production, at least 32 characters',
    );
    expect(message({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(31) })).toContain(
      'SESSION_SECRET: expected at least 32 characters',
    );
  });

  it('leaves the secret to the database when SESSION_SECRET is unset (no constant in the source)', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).sessionSecret).toBeNull();
  });
});
