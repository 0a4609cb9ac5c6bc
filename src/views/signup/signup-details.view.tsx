import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { PageBusy } from '../../components/status.tsx';
import type { signupDetailsMachine } from '../../../machines/signup-details.machine.ts';
import { AuthStepView } from '../verification/auth-step.view.tsx';
import { DetailsFormView } from './details-form.view.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export interface DetailsViewProps extends MachineViewProps<typeof signupDetailsMachine> {
  formRef?: RefObject<HTMLFormElement | null>;
}

/** Sign-up step 2: name and country, then the account is ready. */
export function DetailsView({ snapshot, send, formRef }: DetailsViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  const { context } = snapshot;
  if (state === 'done') return <PageBusy label={t`Signing in…`} />;
  return (
    <AuthStepView
      title={t`Tell us about yourself`}
      shown={state === 'editing' || state === 'submitting' ? 'active' : state}
      onRetry={() => send({ type: 'details.retry' })}
      lost={{ code: context.tokenError, remedy: 'restart' }}
    >
      <Text color="fg.muted">{t`Your email is confirmed. One last step to finish your account.`}</Text>
      <DetailsFormView
        busy={state === 'submitting'}
        countries={context.countries}
        country={context.country}
        serverErrors={context.serverErrors}
        send={send}
        formRef={formRef}
      />
    </AuthStepView>
  );
}
