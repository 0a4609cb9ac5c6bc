import { Alert, Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { profileRemovalMachine } from '../../../machines/profile-removal.machine.ts';

export interface ProfileRemovalViewProps {
  snapshot: SnapshotFrom<typeof profileRemovalMachine>;
  send: (event: { type: 'removal.retry' }) => void;
}

/** /remove: deleting, then (briefly, before sign-in) removed, or a retry. */
export function ProfileRemovalView({ snapshot, send }: ProfileRemovalViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  const body = (() => {
    switch (state) {
      case 'removing':
        return (
          <Stack direction="row" gap="3" align="center" role="status">
            <Spinner size="sm" />
            <Text>{t`Deleting your profile…`}</Text>
          </Stack>
        );
      case 'removed':
        return <Text role="status">{t`Your profile was deleted.`}</Text>;
      case 'failed':
        return (
          <Stack gap="4" align="flex-start">
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{t`Couldn't delete your profile. Please try again.`}</Alert.Title>
            </Alert.Root>
            <Button colorPalette="red" onClick={() => send({ type: 'removal.retry' })}>
              {t`Try again`}
            </Button>
          </Stack>
        );
      default:
        return state satisfies never;
    }
  })();
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t`Profile removal`}
      </Heading>
      {body}
    </Stack>
  );
}
