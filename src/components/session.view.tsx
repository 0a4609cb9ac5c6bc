import { Button, Flex, Spinner } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink, useRouterState } from '@tanstack/react-router';
import { Suspense } from 'react';
import type { HeaderSession } from './header-session.ts';
import { preloadable } from './preloadable.tsx';
import { Busy } from './status.tsx';

/** Menu and tooltip code loads only for a signed-in user, not on the sign-in page. */
const { preload: loadUserArea, Component: UserArea } = preloadable(() => import('./user-area.tsx'));

/** Starts loading the signed-in user's area before the view asks for it. */
export function preloadUserArea(): void {
  void loadUserArea();
}

/**
 * Where the Sign in button leads: nowhere on the sign-in page itself; from the pages
 * that keep the query (sign-up, reset) with that query, `next` included; from any
 * other page with `next` set to it, so signing in comes back here.
 */
export function signInTarget(location: { pathname: string; href: string }) {
  const path = location.pathname.replace(/^\/[^/]+/, '');
  if (path.startsWith('/login')) return null;
  if (path.startsWith('/signup') || path.startsWith('/password/reset')) {
    return { keep: true } as const;
  }
  return { keep: false, next: location.href } as const;
}

function SignInButton() {
  const { t } = useLingui();
  const location = useRouterState({ select: (state) => state.location });
  const target = signInTarget(location);
  if (!target) return null;
  return (
    <Button asChild size="sm" colorPalette="blue">
      <RouterLink
        to="/$locale/login/$step"
        from="/$locale"
        params={{ step: '1' }}
        search={target.keep ? true : { next: target.next }}
      >
        {t`Sign in`}
      </RouterLink>
    </Button>
  );
}

export interface SessionViewProps {
  /** The session machine's state as the shell sees it (toHeaderSession). */
  session: HeaderSession;
  /** The page is the create page, where the 'Create Web GIS' button is not shown. */
  onWebgisCreate: boolean;
}

/**
 * The session machine in the header, at its end: while the session is checked, a quiet
 * spinner; signed out, Sign in (none on the sign-in page); signed in, Create Web GIS
 * (for a user without one) and the user area, busy while signing out. The shell draws
 * the rest of what the session decides: the sidebar and, on a phone, the sections menu.
 */
export function SessionView({ session, onWebgisCreate }: SessionViewProps) {
  const { t } = useLingui();
  switch (session.status) {
    case 'checking':
      return <Busy quiet label={t`Loading`} />;
    case 'signedOut':
      return <SignInButton />;
    case 'signedIn':
      return (
        <Flex gap={{ base: '1', sm: '3' }} align="center">
          {!session.user.webgis_url && !onWebgisCreate && (
            <Button
              asChild
              size="sm"
              colorPalette="blue"
              display={{ base: 'none', md: 'inline-flex' }}
            >
              <RouterLink
                to="/$locale/webgis/create"
                from="/$locale"
              >{t`Create Web GIS`}</RouterLink>
            </Button>
          )}
          <Suspense fallback={<Spinner size="sm" />}>
            <UserArea user={session.user} busy={session.signingOut} />
          </Suspense>
        </Flex>
      );
    default:
      return session satisfies never;
  }
}
