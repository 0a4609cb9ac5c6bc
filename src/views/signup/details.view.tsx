import { Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
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
  const heading = <Heading as="h1" size="2xl">{t`Tell us about yourself`}</Heading>;
  switch (state) {
    case 'loading':
      return <PageBusy label={t`Loading…`} />;
    case 'unavailable':
      return (
        <Stack gap="6">
          {heading}
          <RetryAlert
            message={t`Something went wrong. Try again later.`}
            onRetry={() => send({ type: 'details.retry' })}
          />
        </Stack>
      );
    case 'editing':
    case 'submitting':
      return (
        <Stack gap="6" maxW="md" width="full">
          {heading}
          <Text color="fg.muted">{t`Your email is confirmed. One last step to finish your account.`}</Text>
          <DetailsFormView
            busy={state === 'submitting'}
            countries={context.countries}
            country={context.country}
            serverErrors={context.serverErrors}
            send={send}
            formRef={formRef}
          />
        </Stack>
      );
    case 'sessionLost':
      return (
        <Stack gap="6">
          {heading}
          <SessionLostView code={context.tokenError} remedy="restart" />
        </Stack>
      );
    case 'done':
      return <PageBusy label={t`Signing in…`} />;
    default:
      return state satisfies never;
  }
}
