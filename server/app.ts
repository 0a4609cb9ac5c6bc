import { Hono, type Context } from 'hono';
import { csrfMiddleware } from './identity/routes/csrf.ts';
import { OWASP_ARGON2 } from './identity/passwords.ts';
import { PICTURE_SOURCES } from './identity/social/picture.ts';
import type { SessionCache } from './db/session-cache.ts';
import { sessionMiddleware } from './identity/routes/session.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import { bodyLimit } from './http/body.ts';
import type { AppEnv } from './http/context.ts';
import { systemClock, type Clock, type PasswordCost } from './deps.ts';
import { compress } from './http/compress.ts';
import { securityHeaders } from './http/security-headers.ts';
import { healthRoutes } from './health/routes.ts';
import { requestLog } from './http/request-log.ts';
import { metricsRoutes } from './http/metrics.ts';
import { Metrics } from './metrics.ts';
import type { ErrorReporter } from './error-reporting.ts';
import { sessionHint } from './identity/routes/session-hint.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Logger } from './logger.ts';
import { authRoutes } from './identity/routes/auth.ts';
import { autopaymentRoutes } from './billing/routes/autopayment.ts';
import { billingWebhookRoutes } from './billing/routes/webhooks.ts';
import { countriesRoutes } from './geo/routes/countries.ts';
import { devMailRoutes } from './mail/routes.ts';
import { ipCountryRoutes } from './geo/routes/ip-country.ts';
import { legalRoutes } from './legal/routes.ts';
import { onpremiseRoutes } from './onpremise/routes.ts';
import { consultationRoutes } from './consultation/routes.ts';
import { emailRoutes } from './identity/routes/email.ts';
import { passwordRoutes } from './identity/routes/password.ts';
import { pricesRoutes } from './billing/routes/prices.ts';
import { profileRoutes } from './profile/routes/profile.ts';
import { releasesRoutes } from './software/routes.ts';
import { sandboxIdpRoutes } from './identity/routes/sandbox-idp.ts';
import { sandboxPayRoutes } from './billing/routes/sandbox-pay.ts';
import { signupRoutes } from './identity/routes/signup.ts';
import { sessionListRoutes } from './identity/routes/sessions.ts';
import { securityRoutes } from './identity/routes/security.ts';
import { secondFactorRoutes, twoFactorRoutes } from './identity/routes/two-factor.ts';
import { passkeyRoutes, passkeySignInRoutes } from './identity/routes/passkeys.ts';
import { paymentRoutes } from './billing/routes/payments.ts';
import { cardRoutes } from './billing/routes/card.ts';
import { devReauthRoutes, reauthRoutes } from './identity/routes/reauth.ts';
import { socialLoginRoutes } from './identity/routes/social.ts';
import { changeCostRoutes, subscriptionRoutes } from './billing/routes/subscription.ts';
import { devTeamRoutes, teamRoutes } from './teams/routes/teams.ts';
import { timezoneRoutes } from './profile/routes/timezone.ts';
import { unsubscribeRoutes } from './profile/routes/unsubscribe.ts';
import { userRoutes } from './teams/routes/users.ts';
import { webgisRoutes } from './webgis/routes/webgis.ts';
import { spaRoutes } from './spa.ts';
import { pageReader } from './page-answers.ts';
import { openApiRoutes } from './openapi/routes.ts';
import { sandboxInstancePages } from './webgis/routes/instance-page.ts';
import { webgisProvisioner } from './webgis/registry.ts';
import { Refused, refusal, notFound } from './errors.ts';
import { errorResponse } from './http/errors.ts';

export type AppOptions = {
  config: Config;
  db: Database;
  logger: Logger;
  clock?: Clock;
  /** The job queue (server/jobs): mail, provider calls and billing run through it. */
  jobs: JobQueue;
  /** Password hashing cost; tests pass a cheap one. */
  passwordCost?: PasswordCost;
  /** Sessions and plan facts read lately, kept right by database notifications; without it every request reads. */
  sessionCache?: SessionCache;
  /** The Prometheus metrics (server/metrics.ts); without, the app keeps its own. */
  metrics?: Metrics;
  /** Error reporting (SENTRY_DSN, server/error-reporting.ts); none without it. */
  errors?: ErrorReporter | null;
};

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

// eslint-disable-next-line no-control-regex -- the point is to find them
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

const UNAVAILABLE_RETRY_SECONDS = 5;

/** An API answer's caching unless its route says otherwise. */
const PRIVATE = 'private, no-store';

const unavailable = () =>
  new Refused({
    kind: 'unavailable',
    code: 'server_busy',
    detail: 'The service is unavailable for a moment. Try again shortly.',
    retryAfter: UNAVAILABLE_RETRY_SECONDS,
  });

function nobodysPage(c: Context<AppEnv>): Response {
  return isApi(c.req.path) ? errorResponse(c, notFound()) : c.text('Not found', 404);
}

/** The whole server as one Hono app: API under /api/, the built SPA everywhere else. */
export function createApp(options: AppOptions): Hono<AppEnv> {
  const { config, db, logger, clock = systemClock, passwordCost = OWASP_ARGON2 } = options;
  const deps = {
    config,
    db,
    logger,
    clock,
    jobs: options.jobs,
    passwordCost,
    ...(options.sessionCache ? { cache: options.sessionCache } : {}),
  };
  const app = new Hono<AppEnv>();

  app.use(securityHeaders(config, PICTURE_SOURCES));
  // Before every other part: no cookie, no session, no compression, no log line.
  app.route('/', healthRoutes(deps));
  // One log line per request, with its id (X-Request-Id), which the jobs it sends carry.
  const metrics = options.metrics ?? new Metrics();
  app.use(requestLog(logger, (facts) => metrics.request(facts)));
  // Prometheus' scrape, behind METRICS_TOKEN (404 without it; METRICS_PORT serves it apart).
  app.route('/', metricsRoutes(metrics, config.metricsToken));
  // No address of the product has a control character; such a path is nobody's page.
  app.use(async (c, next) => {
    if (CONTROL_CHARACTER.test(c.req.path)) return nobodysPage(c);
    await next();
  });
  // The sandbox's web GIS instances answer at their own host names, before anything else.
  if (webgisProvisioner(config)?.servesInstancePages) app.use(sandboxInstancePages(deps));
  // JSON and pages, by Accept-Encoding; the built files come precompressed (spa.ts).
  app.use(compress());
  app.use(csrfMiddleware(deps));
  app.use('/api/*', bodyLimit());
  // An API answer is one user's unless its route says otherwise (reference data does):
  // no shared cache keeps it, and no browser cache outlives the page.
  // Set before the answer is made (a route's own replaces it): a header set after would
  // make Hono rebuild the answer around its body as a stream. An answer made without the
  // context still gets it.
  app.use('/api/*', async (c, next) => {
    c.header('Cache-Control', PRIVATE);
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', PRIVATE);
  });
  // Around the session middleware: the page-readable hint follows what it finds.
  app.use(sessionHint(deps));
  app.use('/api/*', sessionMiddleware(deps));

  app.route('/api/auth/login/2fa/', secondFactorRoutes(deps));
  app.route('/api/auth/', authRoutes(deps));
  app.route('/api/auth/signup/', signupRoutes(deps));
  app.route('/api/auth/password/', passwordRoutes(deps));
  app.route('/api/auth/email/', emailRoutes(deps));
  app.route('/api/auth/social/', socialLoginRoutes(deps));
  app.route('/api/auth/passkey/', passkeySignInRoutes(deps));
  app.route('/api/v1/profile/', profileRoutes(deps));
  app.route('/api/v1/sessions/', sessionListRoutes(deps));
  app.route('/api/v1/security/two-factor/', twoFactorRoutes(deps));
  app.route('/api/v1/security/passkeys/', passkeyRoutes(deps));
  app.route('/api/v1/security/', securityRoutes(deps));
  app.route('/api/v1/session/', reauthRoutes(deps));
  app.route('/api/v1/unsubscribe/', unsubscribeRoutes(deps));
  app.route('/api/v1/legal/', legalRoutes(deps));
  if (config.nodeEnv !== 'production') {
    // Development aids; absent (404) in production.
    app.route('/', devMailRoutes(deps));
    app.route('/sandbox/idp/', sandboxIdpRoutes(deps));
    app.route('/sandbox/pay/', sandboxPayRoutes(deps));
    app.route('/api/dev/teams/', devTeamRoutes(deps));
    app.route('/api/dev/session/', devReauthRoutes(deps));
  } else {
    // Plainly absent, rather than redirected into the SPA like other unknown paths.
    for (const path of ['/dev/*', '/sandbox/*']) app.all(path, (c) => c.text('Not found', 404));
  }
  app.route('/api/v1/countries/', countriesRoutes(deps));
  app.route('/api/v1/ip_country/', ipCountryRoutes(deps));
  app.route('/api/v1/user_timezone_info/', timezoneRoutes(deps));
  app.route('/api/v1/subscription/change-cost/', changeCostRoutes(deps));
  app.route('/api/v1/subscription/', pricesRoutes(deps));
  app.route('/api/subscription/', subscriptionRoutes(deps));
  app.route('/api/autopayment/', autopaymentRoutes(deps));
  app.route('/api/v1/payments/', paymentRoutes(deps));
  app.route('/api/v1/card/', cardRoutes(deps));
  app.route('/api/billing/webhooks/', billingWebhookRoutes(deps));
  app.route('/api/v1/releases', releasesRoutes(deps));
  app.route('/api/v1/webgis/', webgisRoutes(deps));
  app.route('/api/v1/', teamRoutes(deps));
  app.route('/api/v1/users/', userRoutes(deps));
  app.route('/api/v1/onpremise/bindings/', onpremiseRoutes(deps));
  app.route('/api/v1/consultation/', consultationRoutes(deps));
  // The API described: /api/openapi.json and its reference page /api/docs.
  app.route('/', openApiRoutes());
  // The built SPA; a signed-in user's page carries its first reads (server/page-reads.ts).
  app.route(
    '/',
    spaRoutes(deps, (page) => pageReader(deps, page)),
  );

  app.notFound(nobodysPage);

  app.onError((error, c) => {
    if (error instanceof Refused) return errorResponse(c, error);
    if (isDatabaseUnavailable(error)) {
      // The database is away (restarting, unreachable): a passing state, worth a retry.
      logger.warn('database unavailable', { method: c.req.method, path: c.req.path, error });
      c.header('Retry-After', String(UNAVAILABLE_RETRY_SECONDS));
      if (isApi(c.req.path)) return errorResponse(c, unavailable());
      return c.text('The service is unavailable for a moment. Try again shortly.', 503);
    }
    // The details go to the log only; the answer never carries a stack trace.
    logger.error('unhandled error', { method: c.req.method, path: c.req.path, error });
    options.errors?.report(error, { method: c.req.method, route: c.req.routePath });
    if (isApi(c.req.path)) return errorResponse(c, refusal('system', 'system'));
    return c.text('Something went wrong. Try again later.', 500);
  });

  return app;
}
