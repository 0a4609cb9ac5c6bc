import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { Team } from '../../../contract/teams.ts';
import { MembersTableView } from './members-table.view.tsx';

/**
 * A team is a Premium feature (sections 2 and 6): the offer to upgrade, and the team
 * as it was when the owner had Premium, if it had members.
 */
export function UpgradeOfferView({ team }: { team: Team | null }) {
  const { t } = useLingui();
  const members = team && team.users.length > 1 ? team.users : null;
  return (
    <Stack gap="6" align="flex-start">
      <Alert.Root status="info" maxW="2xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t`A team is a Premium feature`}</Alert.Title>
          <Alert.Description>
            {t`Upgrade to Premium to make a team: the users you add get Premium features too.`}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button asChild colorPalette="blue">
        <RouterLink
          to="/$locale/subscription/update"
          from="/$locale"
          search={{ plan: 'premium', period: 'monthly' }}
        >
          {t`Upgrade to Premium`}
        </RouterLink>
      </Button>
      {members && (
        <Stack gap="3" width="full">
          <Text color="fg.muted">
            {t`Your team keeps its members; they get Premium features again once you upgrade.`}
          </Text>
          <MembersTableView users={members} />
        </Stack>
      )}
    </Stack>
  );
}
