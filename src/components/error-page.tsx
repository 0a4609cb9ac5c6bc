import { SearchParamError, useRouter, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { clearForbidden, forbiddenAddress, subscribeForbidden } from '../flows/server-refusals.ts';

export type ErrorPageCode = 400 | 403 | 404 | 500;

/** Unknown codes use the 404 texts (section 2). */
export function errorPageCode(code: number): ErrorPageCode {
  return code === 400 || code === 403 || code === 500 ? code : 404;
}

/**
 * A link the page cannot take as it is (a reset or unsubscribe token cut short or
 * mangled by a mail program): the 400 page, not a server error.
 */
export class MalformedLinkError extends Error {
  constructor(what: string) {
    super(`Malformed link: ${what}`);
    this.name = 'MalformedLinkError';
  }
}

/**
 * The page for an error a route threw: a malformed link or a query the route's
 * validator refuses is a bad request (400); anything else went wrong here (500).
 */
export function errorPageCodeOf(error: unknown): ErrorPageCode {
  return error instanceof MalformedLinkError || error instanceof SearchParamError ? 400 : 500;
}

/**
 * The address of the page drawn, in full (the error page's support mail names it): the
 * router's, which a server render has too, where it has no window.
 */
export function usePageAddress(): string {
  const { origin } = useRouter();
  const href = useRouterState({ select: (state) => state.location.href });
  return `${origin}${href}`;
}

const ErrorPageView = lazy(() => import('./error-page.view.tsx'));

/**
 * The error page of section 2. Loaded when first shown: a visitor's first page has no
 * error to show, and does not wait for it (decision 0009).
 */
export function ErrorPage(props: { code: number; address: string }) {
  return (
    <Suspense fallback={null}>
      <ErrorPageView {...props} />
    </Suspense>
  );
}

/**
 * Access denied (section 6): when the server refused this page's data with 403, the
 * page gives way to the 403 page until the user goes elsewhere.
 */
export function ForbiddenGate({ children }: { children: ReactNode }) {
  // The address drawn now: while the next page loads, this one keeps its 403 page.
  const here = useRouterState({
    select: (state) => (state.resolvedLocation ?? state.location).href,
  });
  // A server render draws no refusal: none has come yet.
  const forbidden = useSyncExternalStore(subscribeForbidden, forbiddenAddress, () => null);
  const address = usePageAddress();
  useEffect(() => {
    if (forbidden !== null && forbidden !== here) clearForbidden();
  }, [forbidden, here]);
  return forbidden === here ? <ErrorPage code={403} address={address} /> : children;
}
