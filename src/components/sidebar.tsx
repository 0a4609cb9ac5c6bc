import { Box, Link, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { SIDEBAR_WIDTH } from './page-width.tsx';

interface Item {
  to:
    | '/$locale/profile'
    | '/$locale/security'
    | '/$locale/subscription'
    | '/$locale/subscription/update'
    | '/$locale/webgis'
    | '/$locale/webgis/create'
    | '/$locale/software'
    | '/$locale/teammanage'
    | '/$locale/myngidonpremises';
  label: MessageDescriptor;
  child?: boolean;
}

/**
 * Section 2: every item for any plan; web GIS is 'create' until the user has one. Security
 * (where the account is signed in) follows Profile.
 */
export function sidebarItems(hasWebgis: boolean, onSubscription: boolean): Item[] {
  return [
    { to: '/$locale/profile', label: msg`Profile` },
    { to: '/$locale/security', label: msg`Security` },
    { to: '/$locale/subscription', label: msg`Subscription` },
    ...(onSubscription
      ? [
          {
            to: '/$locale/subscription/update' as const,
            label: msg`Change subscription`,
            child: true,
          },
        ]
      : []),
    hasWebgis
      ? { to: '/$locale/webgis', label: msg`Web GIS` }
      : { to: '/$locale/webgis/create', label: msg`Create Web GIS` },
    { to: '/$locale/software', label: msg`Software` },
    { to: '/$locale/teammanage', label: msg`Team` },
    { to: '/$locale/myngidonpremises', label: msg`On-premise` },
  ];
}

export function SectionList({
  hasWebgis,
  pathname,
  direction,
  onNavigate,
}: {
  hasWebgis: boolean;
  pathname: string;
  direction: 'row' | 'column';
  onNavigate?: () => void;
}) {
  const { i18n } = useLingui();
  const items = sidebarItems(hasWebgis, /\/subscription(\/|$)/.test(pathname));
  return (
    <Stack as="ul" listStyleType="none" direction={direction} gap="1">
      {items.map((item) => (
        <li key={item.to}>
          <Link
            asChild
            display="block"
            px="3"
            py="2"
            ps={item.child ? '6' : undefined}
            borderRadius="l2"
            whiteSpace="nowrap"
            fontSize={direction === 'column' && onNavigate ? 'md' : 'sm'}
            _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
            css={{
              '&[aria-current=page]': {
                bg: 'blue.subtle',
                color: 'blue.fg',
                fontWeight: 'semibold',
              },
            }}
          >
            <RouterLink
              to={item.to}
              from="/$locale"
              activeOptions={{ exact: item.to.endsWith('subscription') }}
              onClick={onNavigate}
            >
              {i18n._(item.label)}
            </RouterLink>
          </Link>
        </li>
      ))}
    </Stack>
  );
}

/** The sections beside the page, from the tablet width up (on a phone: the header's menu). */
export default function Sidebar({ hasWebgis, pathname }: { hasWebgis: boolean; pathname: string }) {
  const { t } = useLingui();
  return (
    <Box
      as="nav"
      aria-label={t`Account sections`}
      width={SIDEBAR_WIDTH}
      flexShrink={0}
      display={{ base: 'none', md: 'block' }}
    >
      <SectionList hasWebgis={hasWebgis} pathname={pathname} direction="column" />
    </Box>
  );
}
