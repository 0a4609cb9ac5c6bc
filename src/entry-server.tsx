/**
 * The server's render of a page's first screen (docs/decisions/0034): the app as the
 * browser draws it first, at the request's address, as HTML for `#root`. Built apart
 * (`vite build --ssr src/entry-server.tsx`); nothing it imports touches `window` or
 * `document` as it loads or draws.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { prerenderToNodeStream } from 'react-dom/static';
import { createActor } from 'xstate';
import { App } from './app.tsx';
import { setRenderedMeta } from './components/page-json.ts';
import { liveSessionMachine } from './flows/session.flow.ts';
import { activateLocale } from './i18n/i18n.ts';
import { localeOfPath } from './i18n/locale.ts';
import { createAppRouter } from './router.tsx';
import { appSystem } from './theme/system.ts';

export interface RenderRequest {
  /** The page's address as it came: its origin, path and query. */
  url: string;
  /** The page's `<meta name="portal-…">` values, as the server writes them into its HTML. */
  meta: ReadonlyMap<string, string>;
}

const system = appSystem();

/** Where React's markup leaves a part to be sent later, for a script to put in place. */
const SUSPENDED = '<template id="B:';

/** The app's markup at the router's address; null when anything in it failed. */
async function prerender(router: ReturnType<typeof createAppRouter>): Promise<string | null> {
  // Emotion writes each component's rules beside it into the markup; the browser's
  // cache (the same key) moves them into <head> before React takes the page over.
  const cache = createCache({ key: 'css' });
  let failed = false;
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <App router={router} system={system} />
    </CacheProvider>,
    {
      // Every part in place: a large part is otherwise sent after the rest, with a
      // script to move it, which the page's policy does not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: () => void (failed = true),
    },
  );
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude) html += decoder.decode(chunk as Uint8Array, { stream: true });
  html += decoder.decode();
  return failed ? null : html;
}

/**
 * The first screen of the page at `url`, for a visitor, in the locale of its path; null
 * where the page sends the visitor elsewhere (the browser follows that itself). One
 * render at a time: the texts' locale and the page's meta values are the app's own
 * (module-level) state, as in the browser, where one page is drawn.
 */
export async function renderPage({ url, meta }: RenderRequest): Promise<string | null> {
  const address = new URL(url);
  setRenderedMeta(meta);
  await activateLocale(localeOfPath(address.pathname) ?? 'en');
  // A visitor's: without the session hint cookie it makes no call, as in the browser.
  const session = createActor(liveSessionMachine, {
    input: { browserTimezone: { ianaName: 'UTC', offset: 0 } },
  }).start();
  try {
    const router = createAppRouter(session, {
      history: createMemoryHistory({
        initialEntries: [`${address.pathname}${address.search}`],
      }),
      origin: address.origin,
    });
    await router.load();
    // Sent elsewhere (an account page, a step that does not exist), or a page that threw
    // (a malformed link), whose error the browser's boundaries show: not drawn here.
    const { matches, location } = router.state;
    const drawn = matches.length > 0 && matches.every(({ status }) => status === 'success');
    if (!drawn || location.pathname !== address.pathname) return null;
    const html = await prerender(router);
    // Nothing drawn (a redirect under way), or a part left for a script to put in place,
    // which the page's policy would not run: the browser draws the page itself.
    return html && !html.includes(SUSPENDED) ? html : null;
  } finally {
    session.stop();
    setRenderedMeta(null);
  }
}
