import { useRouterState } from '@tanstack/react-router';

/** What the title needs of a route match: its state and its `head`'s meta. */
export interface TitledMatch {
  status: string;
  /** The route threw notFound(): its NotFound draws its own title. */
  _notFound?: boolean | undefined;
  meta?: ({ title?: string } | undefined)[] | undefined;
}

/**
 * The title of the page shown: the deepest `title` among the routes' `head` meta, up to
 * the first route not loaded (a page still loading, failed or not found keeps its
 * parents' title), as TanStack's HeadContent takes it.
 */
export function titleOf(matches: readonly TitledMatch[]): string | undefined {
  let title: string | undefined;
  for (const match of matches) {
    for (const meta of match.meta ?? []) title = meta?.title || title;
    if (match.status !== 'success' || match._notFound) break;
  }
  return title;
}

/**
 * The document's title, from the routes' `head` (`pageTitle`). The routes write nothing
 * else into the head, so the router's HeadContent, which draws every kind of head tag,
 * is not on the first visit (decision 0036).
 */
export function PageTitle() {
  const title = useRouterState({ select: (state) => titleOf(state.matches) });
  return title ? <title>{title}</title> : null;
}
