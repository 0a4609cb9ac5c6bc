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
/** The time over which renders' share of the server's time is counted (PAGE_RENDER_SHARE). */
export const RENDER_WINDOW_MS = 1000;

const LATE = Symbol('late');

/**
 * What `work` comes to, or `late` when it has not within `ms`. The timer goes as soon as
 * the work is done: left to run, it held what the work came to (a whole page) until then.
 */
function within<T, L>(work: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<L>((resolve) => {
    timer = setTimeout(resolve, ms, late).unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

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
 * ends elsewhere (a redirect), goes unrendered, and the browser draws it as before. So
 * does a new page while the renders that ended in the last `RENDER_WINDOW_MS` took more
 * than `share` of it: a render holds the server's one thread, and visitors asking for
 * ever new addresses would otherwise keep it rendering, every other answer waiting.
 * What is kept is the page as `finish` makes it from its HTML and screen (spa.ts: the
 * whole page, as its bytes, and its tag), so a page served again is not put together
 * again either.
 */
export function pageRenderer<Finished>(
  root: string,
  statOf: (file: string) => Promise<Stats | null>,
  {
    logger,
    clock,
    budgetMs,
    share,
  }: { logger: Logger; clock: { now(): Date }; budgetMs: number; share: number },
  finish: (html: string, screen: string) => Finished,
) {
  const file = path.join(root, RENDER_ENTRY);
  let loaded: { stamp: number; module: Promise<RenderModule | null> } | null = null;
  const kept = new Map<string, Finished | null>();
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  /** The renders that ended within the window, oldest first: when each began and ended. */
  const spent: { began: number; ended: number }[] = [];

  /** Whether the renders that ended in the last window took at most `share` of it. */
  function timeLeft(): boolean {
    const since = clock.now().getTime() - RENDER_WINDOW_MS;
    while (spent.length > 0 && spent[0]!.ended <= since) spent.shift();
    const took = spent.reduce((sum, { began, ended }) => sum + ended - Math.max(began, since), 0);
    return took <= share * RENDER_WINDOW_MS;
  }

  async function moduleOf(): Promise<{ stamp: number; module: RenderModule } | null> {
    const info = await statOf(file);
    if (info === null) return null;
    if (loaded?.stamp !== info.mtimeMs) {
      // The old build's pages go as the least recently used (their keys name the build).
      const url = `${pathToFileURL(file).href}?v=${info.mtimeMs}`;
      loaded = {
        stamp: info.mtimeMs,
        module: (import(url) as Promise<Partial<RenderModule>>).then(
          (module) => {
            if (typeof module.renderPage === 'function') return module as RenderModule;
            logger.error('the server build of the app has no renderPage');
            return null;
          },
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

  function remember(key: string, finished: Finished | null): void {
    kept.set(key, finished);
    if (kept.size > RENDERED_KEPT) kept.delete(kept.keys().next().value ?? key);
  }

  /** The page finished with its first screen, or null (no server build, busy, failed). */
  return async (page: { key: string; url: URL; html: string }): Promise<Finished | null> => {
    const build = await moduleOf();
    if (build === null) return null;
    const key = `${build.stamp} ${page.key} ${page.url.pathname}${page.url.search}`;
    if (kept.has(key)) {
      const finished = kept.get(key) ?? null;
      kept.delete(key);
      kept.set(key, finished);
      return finished;
    }
    if (waiting >= RENDERS_WAITING || !timeLeft()) return null;
    waiting += 1;
    let began = 0;
    const run = queue.then(() => {
      began = clock.now().getTime();
      return within(
        build.module.renderPage({ url: page.url.href, meta: metaValues(page.html) }),
        RENDER_LIMIT_MS,
        LATE,
      );
    });
    // The next render waits for this one to end, not for its screen, which it would hold.
    queue = run.then(
      () => null,
      () => null,
    );
    const answer = run
      .then((screen) => {
        if (screen === LATE) throw new Error(`not rendered within ${RENDER_LIMIT_MS} ms`);
        const finished = screen === null ? null : finish(page.html, screen);
        remember(key, finished);
        return finished;
      })
      .finally(() => spent.push({ began, ended: clock.now().getTime() }))
      .catch((error: unknown) => {
        logger.warn('a page did not render on the server', { page: page.url.pathname, error });
        return null;
      });
    void answer.finally(() => (waiting -= 1));
    return within(answer, budgetMs, null);
  };
}
