import { Box, Button, chakra, Spinner, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { Profile } from '../../contract/profile.ts';
import type * as PopupsModule from './user-area-popups.tsx';
import { Badge } from './badge.tsx';
import { planNames } from './plan-names.ts';

type Popups = typeof PopupsModule;
let popupsLoaded: Popups | undefined;
let popupsLoading: Promise<Popups> | undefined;
/** The popups' code, once; after a failed load (the network), the next approach tries again. */
const loadPopups = () =>
  (popupsLoading ??= import('./user-area-popups.tsx').then(
    (module) => (popupsLoaded = module),
    (error: unknown) => {
      popupsLoading = undefined;
      throw error;
    },
  ));

/** How the user came to a part before its popup's code came. */
interface Approach {
  /** Clicked (a menu to open). */
  clicked: boolean;
  /** Under the pointer or the focus when it came (a tooltip to show). */
  pointed: boolean;
}

interface WithPopupsProps {
  /** The part: plain while `popups` is null, then with them. */
  children: (popups: Popups | null, approach: Approach) => ReactNode;
  /** Loads at once, not when the user comes to the part. */
  eager?: boolean | undefined;
}

/**
 * A part of the user area with a popup. The popups' code (a menu and a tooltip with their
 * positioning, 19 KiB) is not on a page's way to its first draw (decision 0009): it
 * loads when the pointer or the focus comes to the part, as the phone's sections drawer
 * does. Until then the part looks the same, drawn plainly. Drawn again with the popup,
 * it keeps the focus it had; a menu clicked before opens, and a tooltip pointed at shows.
 */
function WithPopups({ children, eager }: WithPopupsProps) {
  const holder = useRef<HTMLSpanElement>(null);
  const clickedEarly = useRef(false);
  const [drawn, setDrawn] = useState<{ popups: Popups; approach: Approach } | null>(() =>
    popupsLoaded ? { popups: popupsLoaded, approach: { clicked: false, pointed: false } } : null,
  );
  const load = useCallback(() => {
    void loadPopups().then(
      (popups) => {
        const part = holder.current;
        const active = document.activeElement;
        const focused = active !== null && Boolean(part?.contains(active));
        const pointed = focused || Boolean(part?.querySelector(':hover'));
        const clicked = clickedEarly.current;
        // Drawn again at once, so the focus cannot move between the look and the swap.
        flushSync(() =>
          setDrawn((current) => current ?? { popups, approach: { clicked, pointed } }),
        );
        // An open menu takes the focus itself.
        if (focused && !clicked) part?.querySelector<HTMLElement>('a, button')?.focus();
      },
      // Not loaded: the part stays plain, and the next approach tries again.
      () => undefined,
    );
  }, []);
  const click = useCallback(() => {
    clickedEarly.current = true;
    load();
  }, [load]);
  useEffect(() => {
    if (eager) load();
  }, [eager, load]);
  return (
    <Box
      as="span"
      ref={holder}
      display="contents"
      onPointerEnter={load}
      onFocus={load}
      onClick={drawn ? undefined : click}
    >
      {children(drawn?.popups ?? null, drawn?.approach ?? { clicked: false, pointed: false })}
    </Box>
  );
}

/**
 * The plan label, linking to /subscription. When the team plan is premium and the own
 * plan is not, it shows Premium, and its tooltip (on hover or keyboard focus) names both.
 */
export function PlanLabel({ user, defaultOpen }: { user: Profile; defaultOpen?: boolean }) {
  const { t, i18n } = useLingui();
  const teamPremium = user.team_plan === 'premium' && user.plan !== 'premium';
  const shown = teamPremium ? 'premium' : user.plan;
  const label = (
    <Badge
      asChild
      colorPalette={shown === 'free' ? 'gray' : 'blue'}
      variant="surface"
      size={{ base: 'sm', sm: 'md' }}
      textDecoration="underline"
      textDecorationColor="transparent"
      _hover={{ textDecorationColor: 'currentColor' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing' }}
    >
      <RouterLink to="/$locale/subscription" from="/$locale">
        {i18n._(planNames[shown])}
      </RouterLink>
    </Badge>
  );
  if (!teamPremium) return label;
  const own = i18n._(planNames[user.plan]);
  const text = t`Team plan: Premium. Your plan: ${own}`;
  return (
    <WithPopups eager={defaultOpen}>
      {(popups, { pointed }) =>
        popups ? (
          <popups.PlanTooltip trigger={label} text={text} defaultOpen={defaultOpen || pointed} />
        ) : (
          label
        )
      }
    </WithPopups>
  );
}

/** Up to two letters: the first of the first two words of the name. */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('')
    .replace(/["\\]/g, '');
}

/**
 * The user's picture (from a linked social account), over their initials: the initials
 * show while it loads, when there is none, and when it fails to load.
 */
function Userpic({ name, url }: { name: string; url: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <Box
      as="span"
      aria-hidden="true"
      data-testid="userpic"
      position="relative"
      overflow="hidden"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize="6"
      borderRadius="full"
      bg="blue.subtle"
      color="blue.fg"
      fontSize="2xs"
      fontWeight="bold"
      // Drawn, not text: the button's name is its label, which names the user.
      _before={{ content: `"${initials(name)}"` }}
    >
      {url !== null && failed !== url ? (
        <chakra.img
          src={url}
          alt=""
          // A provider's picture host learns nothing of the page it is shown on.
          referrerPolicy="no-referrer"
          position="absolute"
          inset="0"
          boxSize="full"
          objectFit="cover"
          onError={() => setFailed(url)}
        />
      ) : null}
    </Box>
  );
}

function UserMenu({ user, busy }: { user: Profile; busy: boolean }) {
  const { t } = useLingui();
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
  const trigger = (
    <Button
      variant="ghost"
      size="sm"
      px="1.5"
      aria-label={t`Account menu of ${name}`}
      aria-haspopup="menu"
    >
      {busy ? <Spinner size="xs" /> : <Userpic name={name} url={user.userpic_url} />}
      <Text maxW="40" truncate display={{ base: 'none', sm: 'block' }}>
        {name}
      </Text>
      <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
        <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </Button>
  );
  return (
    <WithPopups>
      {(popups, { clicked }) =>
        popups ? <popups.UserMenu trigger={trigger} busy={busy} defaultOpen={clicked} /> : trigger
      }
    </WithPopups>
  );
}

/** The plan label and the user menu of the header. */
export default function UserArea({ user, busy }: { user: Profile; busy: boolean }) {
  return (
    <>
      <PlanLabel user={user} />
      <UserMenu user={user} busy={busy} />
    </>
  );
}
