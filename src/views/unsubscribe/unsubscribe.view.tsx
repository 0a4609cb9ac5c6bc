import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { TitledPage } from '../../components/titled.tsx';
import { Busy, RetryAlert } from '../../components/status.tsx';
import type { unsubscribeMachine } from '../../../machines/unsubscribe.machine.ts';
import { LinkQuestion } from '../link-question.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export type UnsubscribeViewProps = MachineViewProps<typeof unsubscribeMachine>;

/** /unsubscribe/{token}: what the link unsubscribes from, and a confirm button. */
export function UnsubscribeView({ snapshot, send }: UnsubscribeViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  const email = snapshot.context.subscription?.email ?? '';
  const body = (() => {
    switch (state) {
      case 'loading':
        return <Busy quiet label={t`Loading`} />;
      case 'invalid':
        return (
          <RetryAlert
            message={t`This unsubscribe link is not valid.`}
            onRetry={() => send({ type: 'unsubscribe.retry' })}
          />
        );
      case 'asking':
      case 'confirming':
        return (
          <LinkQuestion
            question={t`Stop sending account notices (data exports, password changes) to ${email}?`}
            failure={
              snapshot.context.failed ? t`Couldn't save your choice. Please try again.` : undefined
            }
            action={t`Unsubscribe`}
            busy={state === 'confirming'}
            onConfirm={() => send({ type: 'unsubscribe.confirm' })}
          />
        );
      case 'unsubscribed':
        return <Text role="status">{t`${email} will no longer receive account notices.`}</Text>;
      default:
        return state satisfies never;
    }
  })();
  return (
    <TitledPage title={t`Unsubscribe`} maxW="xl">
      {body}
    </TitledPage>
  );
}
