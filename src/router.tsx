import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { PageRead } from '../contract/page-reads.ts';
import { routeTree } from './routeTree.gen.ts';
import { followRefusals } from './flows/server-refusals.ts';
import type { SessionActor } from './flows/session.flow.ts';
import { localeOfPath, pageLocale } from './i18n/locale.ts';

/**
 * A server render's router (src/entry-server.tsx): at the request's address, drawn once,
 * following nothing afterwards.
 */
export interface ServerRouting {
  history: RouterHistory;
  /** The request's origin: the error pages name the page's full address. */
  origin: string;
}

export function createAppRouter(session: SessionActor, server?: ServerRouting) {
  const router = createRouter({
    routeTree,
    context: { session },
    defaultPreload: 'intent',
    // The server's render draws no script of the router's own into the page.
    scrollRestoration: !server,
    ...server,
  });
  if (server) return router;
  // A session the server ended: sign in again, then back to this page (decision 0007).
  // Access denied belongs to the page drawn now, not to one still loading.
  followRefusals(
    session,
    () => (router.state.resolvedLocation ?? router.state.location).href,
    () => {
      const { href, pathname, search } = router.state.location;
      void router.navigate({
        to: '/$locale/login/$step',
        params: { locale: localeOfPath(pathname) ?? pageLocale(), step: '1' },
        search: { ...search, next: href },
      });
    },
  );
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page's texts are among the first visit's (lingui.config.ts), not in `pages`. */
    firstVisitTexts?: boolean;
    /** The route loads `pages` itself, before its pages draw (decision 0009). */
    loadsPageTexts?: boolean;
    /** The reads the page makes as it first draws, warmed beside the session's call. */
    warmReads?: (search: Record<string, unknown>) => PageRead[];
  }
}
