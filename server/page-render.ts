import type { Stats } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from './logger.ts';

/** The server build's entry (src/entry-server.tsx), as the server calls it. */
interface RenderModule {
  renderPage(request: { url: string; meta: ReadonlyMap<string, string> }): Promise<string | null>;
}

/** Where the app's server build puts its entry, inside the app's build (vite.config.ts). */
export const RENDER_ENTRY = path.join('.server', 'entry-server.js');
/** Rendered first screens kept, the least recently used dropped first. */
export const RENDERED_KEPT = 256;
/** Renders at once, the one under way and those waiting; a page past them goes unrendered. */
export const RENDERS_WAITING = 4;
/** A render not done by then is given up, and the next one starts. */
export const RENDER_LIMIT_MS = 5000;

const LATE = Symbol('late');
const after = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(resolve, ms, value).unref());

const META = /<meta\s+name="(portal-[\w-]+)"\s+content="([^"]*)"/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>' };

/** The page's `portal-…` meta values as its HTML carries them (server/spa.ts writes them). */
export function metaValues(html: string): Map<string, string> {
  return new Map(
    [...html.matchAll(META)].map(([, name = '', content = '']) => [
      name,
      content.replace(/&(amp|quot|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity),
    ]),
  );
}

/**
 * The first screens of a visitor's pages, rendered by the app's server build when the
 * build has one (decision 0034), else none. A first screen is a function of the page
 * (its built HTML, whose tag the key carries), its address and the build: each is kept
 * once rendered, so a page served again costs no render. One render at a time (the
 * app's texts and page values are module state, as in a browser), a few waiting. A page
 * waits `budgetMs` at most for its screen (PAGE_READS_BUDGET_MS), which is kept when it
 * comes later; a page past the waiting renders, or whose render fails, takes too long or
 * ends elsewhere (a redirect), goes unrendered, and the browser draws it as before.
 */
export function pageRenderer(
  root: string,
  statOf: (file: string) => Promise<Stats | null>,
  logger: Logger,
  budgetMs: number,
) {
  const file = path.join(root, RENDER_ENTRY);
  let loaded: { stamp: number; module: Promise<RenderModule | null> } | null = null;
  const kept = new Map<string, string | null>();
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  async function moduleOf(): Promise<{ stamp: number; module: RenderModule } | null> {
    const info = await statOf(file);
    if (info === null) return null;
    if (loaded?.stamp !== info.mtimeMs) {
      kept.clear();
      const url = `${pathToFileURL(file).href}?v=${info.mtimeMs}`;
      loaded = {
        stamp: info.mtimeMs,
        module: (import(url) as Promise<Partial<RenderModule>>).then(
          (module) => (typeof module.renderPage === 'function' ? (module as RenderModule) : null),
          (error: unknown) => {
            logger.error('the server build of the app did not load', { error });
            return null;
          },
        ),
      };
    }
    const module = await loaded.module;
    return module && { stamp: loaded.stamp, module };
  }

  function remember(key: string, html: string | null): void {
    kept.set(key, html);
    if (kept.size > RENDERED_KEPT) kept.delete(kept.keys().next().value ?? key);
  }

  /** The page's first screen for `#root`, or null (no server build, busy, failed). */
  return async (page: { key: string; url: URL; html: string }): Promise<string | null> => {
    const build = await moduleOf();
    if (build === null) return null;
    const key = `${build.stamp} ${page.key} ${page.url.pathname}${page.url.search}`;
    if (kept.has(key)) {
      const html = kept.get(key) ?? null;
      kept.delete(key);
      kept.set(key, html);
      return html;
    }
    if (waiting >= RENDERS_WAITING) return null;
    waiting += 1;
    const run = queue.then(() =>
      Promise.race([
        build.module.renderPage({ url: page.url.href, meta: metaValues(page.html) }),
        after(RENDER_LIMIT_MS, LATE),
      ]),
    );
    queue = run.catch(() => null);
    const answer = run
      .then((html) => {
        if (html === LATE) throw new Error(`not rendered within ${RENDER_LIMIT_MS} ms`);
        remember(key, html);
        return html;
      })
      .catch((error: unknown) => {
        logger.warn('a page did not render on the server', { page: page.url.pathname, error });
        return null;
      });
    void answer.finally(() => (waiting -= 1));
    return Promise.race([answer, after(budgetMs, null)]);
  };
}
