import { Menu, Portal, Tooltip } from '@chakra-ui/react';
// The menu and the tooltip carry their recipes: the first visit's theme has none of them
// (decision 0009).
import { menuSlotRecipe, tooltipSlotRecipe } from '@chakra-ui/react/theme';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactElement } from 'react';

/*
 * The header's popups: the user menu and the plan label's tooltip, with the positioning
 * code they share. They load after the page has drawn, not on its way (user-area.tsx).
 */

/** The user menu on its trigger; open at once where the user asked for it before it came. */
export function UserMenu({
  trigger,
  busy,
  defaultOpen,
}: {
  trigger: ReactElement;
  busy: boolean;
  defaultOpen: boolean;
}) {
  const { t } = useLingui();
  return (
    <Menu.Root recipe={menuSlotRecipe} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
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

/** A tooltip on its trigger, shown on hover or keyboard focus. */
export function PlanTooltip({
  trigger,
  text,
  defaultOpen,
}: {
  trigger: ReactElement;
  text: string;
  defaultOpen?: boolean | undefined;
}) {
  return (
    <Tooltip.Root recipe={tooltipSlotRecipe} defaultOpen={defaultOpen}>
      <Tooltip.Trigger asChild>{trigger}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{text}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
