import { Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Badge } from '../../components/badge.tsx';
import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import { overLimit, type Team } from '../../../contract/teams.ts';
import type { TeamMemberEvent, teamMemberMachine } from '../../../machines/team-member.machine.ts';
import { Busy, RetryAlert } from '../../components/status.tsx';
import { usersCount } from '../../i18n/plurals.ts';

export interface MemberViewProps {
  snapshot: SnapshotFrom<typeof teamMemberMachine>;
  send: (event: TeamMemberEvent) => void;
}

/** The member tab (section 2): the teams the user is in but does not own. */
export function MemberView({ snapshot, send }: MemberViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  const body = (() => {
    switch (state) {
      case 'loading':
        return <Busy label={t`Loading your teams…`} />;
      case 'empty':
        return (
          <Text color="fg.muted">{t`You are not a member of anyone else's team yet. A team's owner can add you by your username.`}</Text>
        );
      case 'failed':
        return (
          <RetryAlert
            message={t`Couldn't load your teams. Please try again.`}
            onRetry={() => send({ type: 'teams.retry' })}
          />
        );
      case 'loaded':
        return (
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, lg: 2 }} gap="4">
            {snapshot.context.teams.map((team) => (
              <li key={team.owner_id}>
                <TeamCard team={team} />
              </li>
            ))}
          </SimpleGrid>
        );
      default:
        return state satisfies never;
    }
  })();
  return (
    <Stack gap="6">
      <Heading as="h2" size="lg">
        {t`Teams I am in`}
      </Heading>
      {body}
    </Stack>
  );
}

function TeamCard({ team }: { team: Team }) {
  const { t } = useLingui();
  const owner = team.owner_username;
  return (
    <Card.Root>
      <Card.Body gap="2">
        <Heading as="h3" size="md">
          {t`Team of ${owner}`}
        </Heading>
        <Text>{usersCount(team.users.length)}</Text>
        {overLimit(team) ? (
          <Stack gap="1" align="flex-start">
            <Badge colorPalette="red">{t`Over the limit`}</Badge>
            <Text fontSize="sm" color="fg.muted">
              {t`The team has more users than allowed: its Premium features are off until the owner removes users.`}
            </Text>
          </Stack>
        ) : (
          <Badge colorPalette="blue" alignSelf="flex-start">
            {t`Premium through this team`}
          </Badge>
        )}
      </Card.Body>
    </Card.Root>
  );
}
