import { Box, Flex, IconButton, Link, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Logo } from './logo.tsx';
import { PageWidth } from './page-width.tsx';
import { Link as RouterLink } from '@tanstack/react-router';
import type { HeaderSession } from './header-session.ts';
import { preloadUserArea, SessionView } from './session.view.tsx';
import { site } from './site.ts';

export interface HeaderProps {
  session: HeaderSession;
  fixed: boolean;
  /** The page is the create page, where the 'Create Web GIS' button is not shown. */
  onWebgisCreate: boolean;
}

const loadSectionsDrawer = () => import('./sections-drawer.tsx');
const SectionsDrawer = lazy(loadSectionsDrawer);

/** Starts loading the signed-in header's parts before the header asks for them. */
export function preloadSignedInHeader(): void {
  preloadUserArea();
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
        <SessionView session={session} onWebgisCreate={onWebgisCreate} />
      </PageWidth>
    </Box>
  );
}
