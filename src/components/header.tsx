import { Box, Button, Flex, IconButton, Link, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Logo } from './logo.tsx';
import { PageWidth } from './page-width.tsx';
import { Link as RouterLink, useRouterState } from '@tanstack/react-router';
import type { Profile } from '../../contract/profile.ts';
import { site } from './site.ts';
import { preloadable } from './preloadable.tsx';
import { Busy } from './status.tsx';

export type HeaderSession =
  | { status: 'checking' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; user: Profile; signingOut: boolean };

export interface HeaderProps {
  session: HeaderSession;
  fixed: boolean;
  /** The page is the create page, where the 'Create Web GIS' button is not shown. */
  onWebgisCreate: boolean;
}

/** Menu and tooltip code loads only for a signed-in user, not on the sign-in page. */
const { preload: loadUserArea, Component: UserArea } = preloadable(() => import('./user-area.tsx'));
const loadSectionsDrawer = () => import('./sections-drawer.tsx');
const SectionsDrawer = lazy(loadSectionsDrawer);

/** Starts loading the signed-in header's parts before the header asks for them. */
export function preloadSignedInHeader(): void {
  void loadUserArea();
}

/**
 * On a phone: the button of the sections drawer. The drawer's code (a dialog) loads
 * when the pointer or the focus comes to the button, not with every account page.
 */
function SectionsButton({ hasWebgis }: { hasWebgis: boolean }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const preload = () => void loadSectionsDrawer();
  return (
    <>
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={t`Menu`}
        aria-haspopup="dialog"
        aria-expanded={open}
        display={{ base: 'inline-flex', md: 'none' }}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <SectionsDrawer hasWebgis={hasWebgis} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
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

export function Header({ session, fixed, onWebgisCreate }: HeaderProps) {
  const { t, i18n } = useLingui();
  return (
    <Box
      as="header"
      position={fixed ? 'sticky' : 'relative'}
      top="0"
      zIndex="sticky"
      bg="bg"
      borderBottomWidth="1px"
    >
      <PageWidth display="flex" h="14" gap={{ base: '2', sm: '4' }} alignItems="center">
        {session.status === 'signedIn' && (
          <SectionsButton hasWebgis={Boolean(session.user.webgis_url)} />
        )}
        <Link asChild fontWeight="semibold" gap="2" _hover={{ textDecoration: 'none' }}>
          <RouterLink to="/$locale/profile" from="/$locale">
            <Logo />
            <Text whiteSpace="nowrap" fontSize={{ base: 'sm', sm: 'md' }}>
              {i18n._(site.name)}
            </Text>
          </RouterLink>
        </Link>
        <Flex as="nav" aria-label={t`Top menu`} gap="4" display={{ base: 'none', lg: 'flex' }}>
          <Link asChild textStyle="caption">
            <RouterLink to="/$locale/software" from="/$locale">{t`Software`}</RouterLink>
          </Link>
          <Link asChild textStyle="caption">
            <RouterLink to="/$locale/myngidonpremises" from="/$locale">{t`On-premise`}</RouterLink>
          </Link>
        </Flex>
        <Box flex="1" />
        {session.status === 'checking' && <Busy quiet label={t`Loading`} />}
        {session.status === 'signedOut' && <SignInButton />}
        {session.status === 'signedIn' && (
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
        )}
      </PageWidth>
    </Box>
  );
}
