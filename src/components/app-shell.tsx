import { Box, chakra, Flex } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Suspense, type ReactNode } from 'react';
import { Footer } from './footer.tsx';
import type { HeaderSession } from './header-session.ts';
import { Header, preloadSignedInHeader } from './header.tsx';
import { PageWidth, SIDEBAR_WIDTH } from './page-width.tsx';
import { preloadable } from './preloadable.tsx';
import { PromoBanner } from './promo-banner.tsx';
import type { Promotion } from './site.ts';

// Signed-in users only: a visitor's first page does not load it (decision 0009).
const { preload: loadSidebar, Component: Sidebar } = preloadable(() => import('./sidebar.tsx'));
// Only for a user a mail did not reach.
const { Component: MailNotice } = preloadable(() => import('./mail-notice.tsx'));
/** Its place, kept while it loads, so the page beside it does not move. */
const sidebarPlace = (
  <Box width={SIDEBAR_WIDTH} flexShrink={0} display={{ base: 'none', md: 'block' }} />
);

/**
 * Starts loading the signed-in shell's parts (the sidebar, the header's menu and
 * drawer) beside the session's call, where a session may exist, instead of after it.
 */
export function preloadSignedInShell(): void {
  void loadSidebar();
  preloadSignedInHeader();
}

export interface AppShellProps {
  session: HeaderSession;
  pathname: string;
  promotion: Promotion | null;
  children: ReactNode;
}

/**
 * Header, sidebar (signed in only), content and footer. The banner shows on
 * signed-in pages; the header is fixed unless it does. A signed-in page's content loads
 * after the page opens: its area is at least as tall as the screen, so the footer starts
 * below it instead of moving down when the content arrives.
 */
export function AppShell({ session, pathname, promotion, children }: AppShellProps) {
  const { t } = useLingui();
  const signedIn = session.status === 'signedIn';
  const banner = signedIn ? promotion : null;
  return (
    <Flex direction="column" minH="100dvh">
      <chakra.a
        href="#main"
        position="absolute"
        left="-9999px"
        _focus={{ left: '4', top: '2', zIndex: 'skipLink', bg: 'bg', p: '2' }}
      >
        {t`Skip to content`}
      </chakra.a>
      {banner && <PromoBanner promotion={banner} />}
      <Header
        session={session}
        fixed={!banner}
        onWebgisCreate={pathname.endsWith('/webgis/create')}
      />
      <PageWidth flex="1" minH={signedIn ? '100dvh' : undefined} py={{ base: '6', md: '10' }}>
        <Flex gap={{ base: '4', md: '10' }} direction={{ base: 'column', md: 'row' }}>
          {signedIn && (
            <Suspense fallback={sidebarPlace}>
              <Sidebar hasWebgis={Boolean(session.user.webgis_url)} pathname={pathname} />
            </Suspense>
          )}
          <Box as="main" id="main" flex="1" minW="0" tabIndex={-1} outline="none">
            {signedIn && session.user.mail_undelivered_at && (
              <Suspense fallback={null}>
                <MailNotice
                  email={session.user.email}
                  failedAt={session.user.mail_undelivered_at}
                />
              </Suspense>
            )}
            {children}
          </Box>
        </Flex>
      </PageWidth>
      <Footer />
    </Flex>
  );
}
