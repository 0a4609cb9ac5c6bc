import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { TitledPage } from '../../components/titled.tsx';
import type { SnapshotFrom } from 'xstate';
import { Busy, RetryAlert } from '../../components/status.tsx';
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
        return <Busy label={t`Deleting your profile…`} />;
      case 'removed':
        return <Text role="status">{t`Your profile was deleted.`}</Text>;
      case 'failed':
        return (
          <RetryAlert
            danger
            message={t`Couldn't delete your profile. Please try again.`}
            onRetry={() => send({ type: 'removal.retry' })}
          />
        );
      default:
        return state satisfies never;
    }
  })();
  return <TitledPage title={t`Profile removal`}>{body}</TitledPage>;
}
