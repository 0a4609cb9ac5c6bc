import { Alert, Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Badge } from '../../components/badge.tsx';
import { useLingui } from '@lingui/react/macro';
import { TitledSection } from '../../components/titled.tsx';
import type { SnapshotFrom } from 'xstate';
import { overLimit, type Team } from '../../../contract/teams.ts';
import type { confirmMachine } from '../../../machines/confirm.machine.ts';
import type { teamMemberMachine } from '../../../machines/team-member.machine.ts';
import type { ConfirmEvent } from '../../components/confirm-dialog.tsx';
import { ConfirmView } from '../../components/confirm.view.tsx';
import { Busy, RetryAlert } from '../../components/status.tsx';
import { usersCount } from '../../i18n/plurals.ts';
import { topState, type MachineViewProps } from '../machine-view.ts';

export interface MemberViewProps extends MachineViewProps<typeof teamMemberMachine> {
  /** The Leave team question: open while `asking`; accepted, the page sends `team.leave`. */
  confirm: SnapshotFrom<typeof confirmMachine>;
  sendConfirm: (event: ConfirmEvent) => void;
  /** The team the question is about. */
  asked: Team | null;
  /** Leave team was pressed on `team`: the page asks first. */
  onAsk: (team: Team) => void;
}

/** The member tab (section 2): the teams the user is in but does not own, each to leave. */
export function MemberView({
  snapshot,
  send,
  confirm,
  sendConfirm,
  asked,
  onAsk,
}: MemberViewProps) {
  const { t } = useLingui();
  const { context } = snapshot;
  const top = topState(snapshot.value);
  const body = (() => {
    switch (top) {
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
            {context.teams.map((team) => (
              <li key={team.owner_id}>
                <TeamCard
                  team={team}
                  canLeave={snapshot.can({ type: 'team.leave', ownerId: team.owner_id })}
                  leaving={snapshot.matches({ loaded: 'leaving' }) && isLeaving(snapshot, team)}
                  failed={snapshot.matches({ loaded: 'leaveFailed' }) && isLeaving(snapshot, team)}
                  onLeave={() => onAsk(team)}
                />
              </li>
            ))}
          </SimpleGrid>
        );
      default:
        return top satisfies never;
    }
  })();
  const owner = asked?.owner_username ?? '';
  return (
    <TitledSection title={t`Teams I am in`} gap="6">
      {body}
      <ConfirmView
        snapshot={confirm}
        send={sendConfirm}
        title={t`Leave the team?`}
        message={t`You will leave the team of ${owner} and lose what you get through it, such as the Premium plan. Only the team's owner can add you again.`}
        confirmLabel={t`Leave team`}
      />
    </TitledSection>
  );
}

function isLeaving(snapshot: SnapshotFrom<typeof teamMemberMachine>, team: Team): boolean {
  return snapshot.context.leaving?.owner_id === team.owner_id;
}

interface TeamCardProps {
  team: Team;
  canLeave: boolean;
  leaving: boolean;
  failed: boolean;
  onLeave: () => void;
}

function TeamCard({ team, canLeave, leaving, failed, onLeave }: TeamCardProps) {
  const { t } = useLingui();
  const owner = team.owner_username;
  return (
    <Card.Root aria-busy={leaving}>
      <Card.Body gap="2">
        <Heading as="h3" textStyle="card-title">
          {t`Team of ${owner}`}
        </Heading>
        <Text>{usersCount(team.users.length)}</Text>
        {overLimit(team) ? (
          <Stack gap="1" align="flex-start">
            <Badge colorPalette="red">{t`Over the limit`}</Badge>
            <Text textStyle="caption" color="fg.muted">
              {t`The team has more users than allowed: its Premium features are off until the owner removes users.`}
            </Text>
          </Stack>
        ) : (
          <Badge colorPalette="blue" alignSelf="flex-start">
            {t`Premium through this team`}
          </Badge>
        )}
        {failed && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{t`Couldn't leave the team. Please try again.`}</Alert.Title>
          </Alert.Root>
        )}
      </Card.Body>
      <Card.Footer>
        <Button
          variant="outline"
          colorPalette="red"
          disabled={!canLeave}
          loading={leaving}
          loadingText={t`Leaving…`}
          onClick={onLeave}
        >
          {t`Leave team`}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
