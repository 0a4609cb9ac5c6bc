import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { isSubdomain } from '../../../contract/webgis.ts';
import { webgisInstances, type WebgisInstance } from '../../db/schema.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { escapeHtml as escape } from '../../escape-html.ts';
import { standInPage } from '../../http/html.ts';

type Page = { status: 200 | 404 | 503; title: string; body: string };

function pageOf(instance: WebgisInstance | null, portal: string): Page {
  if (!instance) {
    return { status: 404, title: 'Not found', body: 'There is no web GIS at this address.' };
  }
  const ru = instance.language === 'ru';
  const name = instance.subdomain;
  switch (instance.state) {
    case 'started':
      return ru
        ? {
            status: 200,
            title: `Веб ГИС ${name}`,
            body: `Веб ГИС «${name}» работает. Это заглушка песочницы портала: настоящий кластер показал бы здесь саму Веб ГИС.`,
          }
        : {
            status: 200,
            title: `Web GIS ${name}`,
            body: `The web GIS "${name}" is running. This is the portal sandbox's stand-in: a real cluster would show the web GIS itself here.`,
          };
    case 'disabled':
    case 'wait_for_disable':
      return ru
        ? {
            status: 503,
            title: 'Веб ГИС заблокирована',
            body: `Веб ГИС «${name}» заблокирована: превышены ограничения тарифа. Подробнее: ${portal}`,
          }
        : {
            status: 503,
            title: 'Web GIS blocked',
            body: `The web GIS "${name}" is blocked: it exceeds its plan's limits. See ${portal}`,
          };
    case 'wait_for_create':
    case 'wait_for_start':
      return ru
        ? {
            status: 503,
            title: 'Веб ГИС создаётся',
            body: `Веб ГИС «${name}» ещё создаётся. Загляните чуть позже.`,
          }
        : {
            status: 503,
            title: 'Web GIS being created',
            body: `The web GIS "${name}" is still being created. Come back a little later.`,
          };
    default:
      return ru
        ? {
            status: 503,
            title: 'Веб ГИС не работает',
            body: `Веб ГИС «${name}» сейчас не работает.`,
          }
        : {
            status: 503,
            title: 'Web GIS not running',
            body: `The web GIS "${name}" is not running now.`,
          };
  }
}

function html(page: Page, lang: string): string {
  return standInPage({
    title: page.title,
    body: `<p>${escape(page.body)}</p>`,
    lang,
    badge: 'Sandbox web GIS',
  });
}

/** The host name in a Host header's value (`name:port`, `[::1]:port`), in lower case. */
function hostnameOf(host: string): string {
  const port = host.lastIndexOf(':');
  const name = port > host.lastIndexOf(']') ? host.slice(0, port) : host;
  return name.toLowerCase();
}

/**
 * The sandbox's instances, served by this server at `<subdomain>.<WEBGIS_DOMAIN>` (a
 * browser sends `*.localhost` to this machine): a small page when the instance is
 * started, 503 while it is not, 404 for a name nobody has. Other hosts pass through.
 */
export function sandboxInstancePages(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const suffix = `.${deps.config.webgis.domain}`;
  const portal = new URL(deps.config.publicUrl);
  return async (c, next) => {
    // Most requests name the portal's own host: one comparison, no address parsed.
    const given = c.req.header('host');
    if (given === portal.host) return next();
    const host = hostnameOf(given ?? new URL(c.req.url).host);
    if (host === portal.hostname || !host.endsWith(suffix)) return next();
    const label = host.slice(0, -suffix.length);
    const [instance] = isSubdomain(label)
      ? await deps.db.select().from(webgisInstances).where(eq(webgisInstances.subdomain, label))
      : [];
    const page = pageOf(instance ?? null, deps.config.publicUrl);
    return c.html(html(page, instance?.language ?? 'en'), page.status, {
      'Cache-Control': 'no-store',
    });
  };
}
