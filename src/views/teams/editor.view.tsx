import { Alert, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Button } from '../../components/button.tsx';
import { useLingui } from '@lingui/react/macro';
import { overLimit } from '../../../contract/teams.ts';
import { hasChanges, type teamOwnerMachine } from '../../../machines/team-owner.machine.ts';
import { errorText } from '../../forms/messages.ts';
import { DraftOfferView, type DraftOfferViewProps } from '../draft-offer.view.tsx';
import { AddMemberView } from './add-member.view.tsx';
import { MembersTableView } from './members-table.view.tsx';
import { seatsText } from './messages.ts';
import type { MachineViewProps } from '../machine-view.ts';

export interface EditorViewProps extends MachineViewProps<typeof teamOwnerMachine> {
  /** The edit kept when the session ended, offered above the team (decision 0025). */
  draft?: DraftOfferViewProps | undefined;
  /** The pending invitations and the invite form (decision 0602), under the users. */
  invitations?: ReactNode;
  /** How many seats pending invitations hold (decision 0602). */
  pendingSeats?: number;
}

/** The team being edited: its users, the add field, and Save with what became of it. */
export function EditorView({
  snapshot,
  send,
  draft,
  invitations,
  pendingSeats = 0,
}: EditorViewProps) {
  const { t, i18n } = useLingui();
  const { users, team, serverErrors } = snapshot.context;
  const max = team?.max_size ?? 0;
  const saving = snapshot.matches({ editing: 'saving' });
  const listError = serverErrors['users'];
  return (
    <Stack gap="5" align="flex-start">
      {draft && <DraftOfferView {...draft} />}
      <Text fontWeight="medium" data-testid="team-seats">
        {seatsText(users.length + pendingSeats, max)}
      </Text>
      {overLimit({ users, max_size: max }) && (
        <Alert.Root status="warning" maxW="2xl">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t`The team has more users than allowed`}</Alert.Title>
            <Alert.Description>
              {t`Its members have no Premium features until you remove users and save.`}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <MembersTableView
        users={users}
        disabled={saving}
        onRemove={(portalGuid) => send({ type: 'member.remove', portalGuid })}
      />
      {invitations}
      <AddMemberView
        username={snapshot.context.username}
        error={snapshot.context.usernameError}
        busy={snapshot.hasTag('lookingUp')}
        disabled={saving}
        send={send}
      />
      {listError && (
        <Alert.Root status="error" maxW="2xl">
          <Alert.Indicator />
          <Alert.Title>{errorText(i18n._.bind(i18n), listError)}</Alert.Title>
        </Alert.Root>
      )}
      {snapshot.matches({ editing: { ready: 'failed' } }) && (
        <Alert.Root status="error" maxW="2xl">
          <Alert.Indicator />
          <Alert.Title>{t`Couldn't save the team. Please try again.`}</Alert.Title>
        </Alert.Root>
      )}
      <HStack gap="4" wrap="wrap">
        <Button
          colorPalette="blue"
          loading={saving}
          loadingText={t`Saving…`}
          disabled={!snapshot.can({ type: 'team.save' })}
          onClick={() => send({ type: 'team.save' })}
        >
          {t`Save`}
        </Button>
        <SaveStatus snapshot={snapshot} />
      </HStack>
    </Stack>
  );
}

/** Said politely: unsaved changes, or saved just now (the notice goes after 3 s). */
function SaveStatus({ snapshot }: Pick<EditorViewProps, 'snapshot'>) {
  const { t } = useLingui();
  const changed = hasChanges(snapshot.context);
  const saved = snapshot.matches({ editing: { ready: 'saved' } });
  return (
    <Text role="status" textStyle="caption" color={changed ? 'fg.muted' : 'fg.success'}>
      {changed && t`You have unsaved changes.`}
      {saved && t`The team is saved.`}
    </Text>
  );
}
