import { Box, Button, Menu, Portal, Spinner, Text, Tooltip } from '@chakra-ui/react';
// The menu and the tooltip carry their recipes: the first visit's theme has none of them
// (decision 0009), and this module loads only for a signed-in user.
import { menuSlotRecipe, tooltipSlotRecipe } from '@chakra-ui/react/theme';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { Profile } from '../../contract/profile.ts';
import { Badge } from './badge.tsx';
import { planNames } from './plan-names.ts';

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
  return (
    <Tooltip.Root recipe={tooltipSlotRecipe} defaultOpen={defaultOpen}>
      <Tooltip.Trigger asChild>{label}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{t`Team plan: Premium. Your plan: ${own}`}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
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

function UserMenu({ user, busy }: { user: Profile; busy: boolean }) {
  const { t } = useLingui();
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
  return (
    <Menu.Root recipe={menuSlotRecipe}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="1.5" aria-label={t`Account menu of ${name}`}>
          {busy ? (
            <Spinner size="xs" />
          ) : (
            <Box
              as="span"
              aria-hidden="true"
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
            />
          )}
          <Text maxW="40" truncate display={{ base: 'none', sm: 'block' }}>
            {name}
          </Text>
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
            <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile" asChild>
              <RouterLink to="/$locale/profile" from="/$locale">
                {t`Profile`}
              </RouterLink>
            </Menu.Item>
            <Menu.Item value="signOut" asChild disabled={busy}>
              <RouterLink to="/$locale/logout" from="/$locale">
                {t`Sign out`}
              </RouterLink>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
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
