import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { AuthCard } from '../../components/auth-card.tsx';
import type { RefObject } from 'react';
import type { SnapshotFrom } from 'xstate';
import { PageBusy, RetryAlert } from '../../components/status.tsx';
import type {
  DetailsEvent,
  signupDetailsMachine,
} from '../../../machines/signup-details.machine.ts';
import { SessionLostView } from '../verification/session-lost.view.tsx';
import { DetailsFormView } from './details-form.view.tsx';

export interface DetailsViewProps {
  snapshot: SnapshotFrom<typeof signupDetailsMachine>;
  send: (event: DetailsEvent) => void;
  formRef?: RefObject<HTMLFormElement | null>;
}

/** Sign-up step 2: name and country, then the account is ready. */
export function DetailsView({ snapshot, send, formRef }: DetailsViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  const { context } = snapshot;
  const title = t`Tell us about yourself`;
  switch (state) {
    case 'loading':
      return <PageBusy label={t`Loading…`} />;
    case 'unavailable':
      return (
        <AuthCard title={title}>
          <RetryAlert
            message={t`Something went wrong. Try again later.`}
            onRetry={() => send({ type: 'details.retry' })}
          />
        </AuthCard>
      );
    case 'editing':
    case 'submitting':
      return (
        <AuthCard title={title}>
          <Text color="fg.muted">{t`Your email is confirmed. One last step to finish your account.`}</Text>
          <DetailsFormView
            busy={state === 'submitting'}
            countries={context.countries}
            country={context.country}
            serverErrors={context.serverErrors}
            send={send}
            formRef={formRef}
          />
        </AuthCard>
      );
    case 'sessionLost':
      return (
        <AuthCard title={title}>
          <SessionLostView code={context.tokenError} remedy="restart" />
        </AuthCard>
      );
    case 'done':
      return <PageBusy label={t`Signing in…`} />;
    default:
      return state satisfies never;
  }
}
