import type { ErrorReporting } from '../contract/site.ts';
import { RELEASE } from './error-reporting.ts';
import { hash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { providers } from '../contract/billing.ts';
import type { Locale } from '../contract/countries.ts';
import { currentPromotion, type Promotion } from '../contract/promotions.ts';
import { paymentProvider } from './billing/providers/registry.ts';
import { takesGzip } from './http/compress.ts';
import { gzipAround, gzipSides, type GzipSides } from './http/gzip-around.ts';
import { cookieName, requestCookie } from './http/cookies.ts';
import type { AppEnv } from './http/context.ts';
import type { AppDeps } from './deps.ts';
import { SESSION_COOKIE } from './identity/routes/session.ts';
import { pagePreloads } from './page-preloads.ts';
import { pageRenderer } from './page-render.ts';
import { recentStat } from './http/recent-stat.ts';
import { answeredReadsElement, type PageReader } from './page-reads.ts';
import { preferredLocale } from './http/locale.ts';
import { loadPromotions } from './promotions/promotions.ts';
import { isExample, loadSiteFacts } from './site/site.ts';
import type { SiteFacts } from '../contract/site.ts';

/** How soon a rebuild's index.html and manifest are served, without a restart. */
export const REBUILD_SEEN_WITHIN_MS = 1000;
const LOCALE_PATH = /^\/(en|ru)(\/.*)?$/;
// Vite puts a content hash in every name under assets/, so they never change.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What search engines show under the page's title, in the page's language. */
export const DESCRIPTIONS: Record<Locale, string> = {
  en: 'Your account on the web-GIS platform: sign in, manage your profile and subscription, create your web GIS, download the software and manage your team.',
  ru: 'Ваш аккаунт веб-ГИС платформы: вход, профиль и подписка, создание своей веб-ГИС, загрузка программ и управление командой.',
};

/**
 * Writes the page-level values into the HTML, where the SPA reads them: the locale
 * (its default), the description in that language, and whether legal entities may
 * order by invoice.
 */
export function localizeHtml(
  html: string,
  locale: Locale,
  entityOrders = true,
  values: PageValues = {},
): string {
  return withPageValues(html, values)
    .replace(/(<html\b[^>]*?\blang=")[^"]*(")/i, `$1${locale}$2`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/i, `$1${DESCRIPTIONS[locale]}$2`)
    .replace(/(<meta\s+name="portal-locale"\s+content=")[^"]*(")/i, `$1${locale}$2`)
    .replace(
      /(<meta\s+name="portal-entity-orders"\s+content=")[^"]*(")/i,
      `$1${entityOrders ? 'on' : 'off'}$2`,
    );
}

/** More values the page carries for the SPA (docs/decisions/0018). */
export interface PageValues {
  /** The card providers payments are taken with: the payment countries follow. */
  cardProviders?: readonly string[];
  /** The promotions of the day (the seasonal banner), in both languages. */
  promotions?: readonly Promotion[];
  /** The support address and the web GIS links (SITE_FILE); without them, the page's own. */
  site?: SiteFacts;
  /** The smallest invoice in roubles (INVOICE_MINIMUM_RUB): the checkout offers invoices from it. */
  invoiceMinimumRub?: number;
  /** Error reporting (SENTRY_DSN): the SPA loads its SDK only when the page names a DSN. */
  errors?: ErrorReporting;
}

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function withPageValues(html: string, values: PageValues): string {
  const meta = (name: string, content: string) => (page: string) =>
    page.replace(
      new RegExp(`(<meta\\s+name="${name}"\\s+content=")[^"]*(")`, 'i'),
      (_, start: string, end: string) => `${start}${attribute(content)}${end}`,
    );
  const providersMeta = meta(
    'portal-card-providers',
    (values.cardProviders ?? providers).join(' '),
  );
  const promotionsMeta = meta('portal-promotions', JSON.stringify(values.promotions ?? []));
  const minimumMeta = meta(
    'portal-invoice-minimum',
    values.invoiceMinimumRub === undefined ? '' : String(values.invoiceMinimumRub),
  );
  const errorsMeta = meta('portal-errors', values.errors ? JSON.stringify(values.errors) : '');
  const page = errorsMeta(minimumMeta(promotionsMeta(providersMeta(html))));
  return values.site ? meta('portal-site', JSON.stringify(values.site))(page) : page;
}

/**
 * The page with its first screen in `#root` (decision 0034), inert until the app has
 * taken it over (src/app.tsx): a click before would be lost, and a form sent by the
 * browser itself. The screen's title goes into the head, and the scripts, which no longer
 * draw the first screen, are fetched after what does.
 */
export function withFirstScreen(page: string, screen: string): string {
  const title = /^<title>[^<]*<\/title>/.exec(screen)?.[0] ?? '';
  return page
    .replace('</head>', () => `${title}</head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root" inert>${screen.slice(title.length)}</div>`,
    )
    .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ')
    .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ');
}

/** What `c.html` answers with; a page kept as its bytes goes as `c.body` with it. */
const HTML = 'text/html; charset=UTF-8';

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not built</title></head>
<body><h1>The web app is not built</h1><p>Run <code>npm run build</code>, then reload this page.</p></body></html>`;

/** The build's precompressed twins (vite.config.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** The encodings a request accepts (q=0 refuses one). */
function accepted(c: Context): Set<string> {
  const header = c.req.header('accept-encoding') ?? '';
  const names = header
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => q === undefined || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => (name ?? '').trim().toLowerCase());
  return new Set(names);
}

/** A weak validator from what identifies the content: size and time, or the text itself. */
const etagOf = (seed: string | Uint8Array) =>
  `W/"${hash('sha256', seed, 'base64url').slice(0, 27)}"`;

/**
 * A page as it is sent: its tag, and its bytes gzipped once, when it is made (a page
 * served to many): most browsers take those as they are, so serving it costs no
 * compression, and a kept page weighs a fifth of its text. A client that takes no gzip
 * is sent them unzipped, unzipped once, when the first such client asks (`plain`), not
 * for each. A signed-in user's page, made for them alone, is its reads between the
 * built page's two sides, which were compressed when that page was made.
 */
type MadePage = { etag: string } & (
  | { around: GzipSides; reads: Buffer<ArrayBuffer> }
  | { gzipped: Buffer<ArrayBuffer>; plain?: Buffer<ArrayBuffer> }
);

/** The page's UTF-8 bytes on either side of where a signed-in user's reads go, split once. */
function aroundReads(text: string): GzipSides {
  const end = text.indexOf('</head>');
  const at = end < 0 ? text.length : end;
  return gzipSides(Buffer.from(text.slice(0, at)), Buffer.from(text.slice(at)));
}

/** Gzipped once, as well as it goes: a page made once is sent many times. */
const gzipOnce = (text: string) => gzipSync(text, { level: constants.Z_BEST_COMPRESSION });

/**
 * A signed-in user's page with its answered reads, if any, and its tag: the page's own
 * and its reads', not the whole page hashed again.
 */
function withReads(
  made: {
    gzipped: Buffer<ArrayBuffer>;
    plain?: Buffer<ArrayBuffer>;
    etag: string;
    around: GzipSides;
  },
  reads: string,
): MadePage {
  if (!reads) return made;
  // The page's text is neither searched nor encoded again per user, and the reads are
  // encoded once, for the page and for its tag.
  const bytes = Buffer.from(reads);
  return {
    around: made.around,
    reads: bytes,
    etag: etagOf(`${made.etag}${hash('sha256', bytes, 'base64url')}`),
  };
}

/** The page's answer: gzipped to a client that takes it, else its text. */
function sent(c: Context, made: MadePage, headers: Record<string, string>): Response {
  const html = { 'Content-Type': HTML, ...headers };
  const gzip = takesGzip(c.req.header('accept-encoding'));
  if ('reads' in made) {
    const { around, reads } = made;
    // Only the reads are compressed for this answer.
    if (gzip)
      return c.body(gzipAround(around, reads), 200, { ...html, 'Content-Encoding': 'gzip' });
    return c.body(Buffer.concat([around.head, reads, around.tail]), 200, html);
  }
  if (gzip) return c.body(made.gzipped, 200, { ...html, 'Content-Encoding': 'gzip' });
  made.plain ??= gunzipSync(made.gzipped);
  return c.body(made.plain, 200, html);
}

function notModified(c: Context, etag: string): boolean {
  const given = c.req.header('if-none-match');
  return given !== undefined && given.split(',').some((tag) => tag.trim() === etag);
}

/** A file under root for this URL path, or null (missing, a folder, hidden or outside root). */
async function staticFile(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((part) => part.startsWith('.')))
    return null;
  const file = path.join(root, decoded);
  if (!file.startsWith(root + path.sep)) return null;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? file : null;
}

function cacheControl(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE;
  if (urlPath.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Mounted at / after the API: the built SPA, its files, and locale redirects. A
 * signed-in user's page carries its first reads, answered by `readerOf` its page's
 * request (server/page-answers.ts) and put in the page by server/page-reads.ts.
 */
export function spaRoutes<User>(
  deps: AppDeps,
  readerOf: (page: Context<AppEnv>) => PageReader<User>,
): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const root = path.resolve(deps.config.staticDir);
  // Read once, when the app is made: payments are taken where a provider is configured
  // (or the sandbox), and the promotions come from PROMOTIONS_FILE.
  const cardProviders = providers.filter((id) => paymentProvider(deps.config, id) !== null);
  const promotions = loadPromotions(deps.config.promotionsFile);
  const site = loadSiteFacts(deps.config.siteFile);
  if (deps.config.nodeEnv === 'production' && isExample(site))
    deps.logger.warn('SITE_FILE still names example.com addresses: set your own (README)');
  // index.html and the manifest are looked at again once a second, not per page served.
  const recently = recentStat(deps.clock, REBUILD_SEEN_WITHIN_MS);
  const preloads = pagePreloads(root, recently);
  // A visitor's page with its first screen, and its tag, made once per page and address.
  // Kept gzipped, as it is sent (`MadePage`): a page's text takes two bytes a character
  // in the JavaScript heap once one character is past Latin-1 (the title's dash, any
  // Russian word), its gzip a tenth of that, outside that heap; and it is neither encoded
  // nor compressed again for each visitor served it.
  const withScreen = pageRenderer(
    root,
    recently,
    {
      logger: deps.logger,
      clock: deps.clock,
      budgetMs: deps.config.pageReadsBudgetMs,
      share: deps.config.pageRenderShare,
    },
    (html, screen): MadePage => {
      const text = withFirstScreen(html, screen);
      return { gzipped: gzipOnce(text), etag: etagOf(text) };
    },
  );
  const publicOrigin = new URL(deps.config.publicUrl).origin;
  const errors: ErrorReporting | undefined = deps.config.sentryDsn
    ? { dsn: deps.config.sentryDsn, release: RELEASE, environment: deps.config.nodeEnv }
    : undefined;
  const sessionCookie = cookieName(deps.config, SESSION_COOKIE);

  // The built page in each language with the day's values, made when index.html or the
  // day's promotion changes (a rebuild shows up within a second, without a restart), not
  // per page served: a page then costs, for a signed-in user, its reads.
  let built: {
    stamp: string;
    pages: Map<
      string,
      {
        text: string;
        gzipped: Buffer<ArrayBuffer>;
        plain?: Buffer<ArrayBuffer>;
        etag: string;
        around: GzipSides;
      }
    >;
  } | null = null;
  async function builtPage(locale: Locale, preload: string) {
    const file = path.join(root, 'index.html');
    const info = await recently(file);
    if (info === null) return null;
    const stamp = `${info.mtimeMs}:${info.size}`;
    if (built?.stamp !== stamp) built = { stamp, pages: new Map() };
    const pages = built.pages;
    const current = currentPromotion(promotions, deps.clock.now());
    const key = `${locale} ${current ? promotions.indexOf(current) : -1} ${preload}`;
    const kept = pages.get(key);
    if (kept) return kept;
    const html = await readFile(file, 'utf8').catch(() => null);
    if (html === null) return null;
    const text = localizeHtml(html, locale, deps.config.payments.entityOrders, {
      cardProviders,
      promotions: current ? [current] : [],
      site,
      invoiceMinimumRub: deps.config.payments.invoiceMinimumRub,
      ...(errors ? { errors } : {}),
    }).replace('</head>', `${preload}</head>`);
    const made = { text, gzipped: gzipOnce(text), etag: etagOf(text), around: aroundReads(text) };
    pages.set(key, made);
    return made;
  }

  async function page(
    c: Context<AppEnv>,
    url: URL,
    locale: Locale,
    address: string,
  ): Promise<Response> {
    const sessionSent = requestCookie(c, sessionCookie) !== undefined;
    const [made, reads] = await Promise.all([
      preloads(locale, sessionSent).then((preload) => builtPage(locale, preload)),
      sessionSent
        ? answeredReadsElement(
            readerOf(c),
            { url, address },
            deps.logger,
            deps.config.pageReadsBudgetMs,
          )
        : '',
    ]);
    if (made === null) return c.html(NOT_BUILT, 503, { 'Cache-Control': 'no-store' });
    // A signed-in user's page carries its reads; a visitor's comes with its first screen
    // drawn when the server build has one (decision 0034).
    const chosen = sessionSent
      ? withReads(made, reads)
      : ((await withScreen({
          key: made.etag,
          url: new URL(`${url.pathname}${url.search}`, publicOrigin),
          html: made.text,
        })) ?? made);
    // The preloads and reads depend on the cookies (beside Accept-Encoding), and a
    // signed-in user's page is theirs alone. It is not stored either: the browser's Back
    // takes a stored page without asking, and its reads would be those of the first
    // visit (a checkout without the payment started since; decision 0304).
    c.header('Vary', 'Cookie', { append: true });
    const headers = {
      'Cache-Control': sessionSent ? 'private, no-store' : 'no-cache',
      ETag: chosen.etag,
    };
    if (notModified(c, chosen.etag)) return c.body(null, 304, headers);
    return sent(c, chosen, headers);
  }

  /** The file, or its precompressed twin when the browser takes that encoding. */
  async function asset(c: Context<AppEnv>, file: string, urlPath: string): Promise<Response> {
    const headers: Record<string, string> = {
      'Content-Type': getMimeType(file) ?? 'application/octet-stream',
      'Cache-Control': cacheControl(urlPath),
      Vary: 'Accept-Encoding',
    };
    const info = await stat(file);
    const immutable = headers['Cache-Control'] === IMMUTABLE;
    if (!immutable) {
      headers.ETag = etagOf(`${urlPath}:${info.size}:${info.mtimeMs}`);
      if (notModified(c, headers.ETag)) return c.body(null, 304, headers);
    }
    const take = accepted(c);
    for (const encoding of ENCODINGS) {
      if (!take.has(encoding.name)) continue;
      const twin = await readFile(`${file}${encoding.suffix}`).catch(() => null);
      if (twin === null) continue;
      return c.body(twin, 200, { ...headers, 'Content-Encoding': encoding.name });
    }
    return c.body(await readFile(file), 200, headers);
  }

  router.get('*', async (c) => {
    const urlPath = c.req.path;
    if (urlPath === '/api' || urlPath.startsWith('/api/')) return c.notFound();
    // The address as it came, still percent-encoded: a Location header takes no raw bytes.
    const url = new URL(c.req.url);
    const { pathname, search: query } = url;
    if (urlPath === '/') return c.redirect(`/${preferredLocale(c)}/login/1${query}`, 302);

    const prefixed = LOCALE_PATH.exec(urlPath);
    if (prefixed?.[1] === 'en' || prefixed?.[1] === 'ru')
      return page(c, url, prefixed[1], (prefixed[2] ?? '').replace(/\/+$/, ''));

    const file = await staticFile(root, urlPath);
    if (file !== null) return asset(c, file, urlPath);
    // Every SPA address carries its locale; add the visitor's to anything else.
    return c.redirect(`/${preferredLocale(c)}${pathname}${query}`, 302);
  });

  return router;
}
