import { Alert, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { ChangeEmailForm } from '../../../contract/identity.ts';
import type {
  EmailChangeEvent,
  emailChangeMachine,
} from '../../../machines/email-change.machine.ts';
import { secondsLeft } from '../../../machines/verification.machine.ts';
import { Button } from '../../components/button.tsx';
import { TitledSection } from '../../components/titled.tsx';
import * as Form from '../../forms/kit-core.tsx';
import { EmailField } from '../contact-fields.tsx';
import type { MachineViewProps } from '../machine-view.ts';
import { CodeFormView } from '../verification/code-form.view.tsx';
import { ResendControls } from '../verification/resend.view.tsx';

export interface EmailChangeViewProps extends MachineViewProps<typeof emailChangeMachine> {
  /** The account's address now. */
  currentEmail: string;
  formRef?: RefObject<HTMLFormElement | null>;
}

/** "Email" on /security: a new address, confirmed by a code mailed to it. */
export function EmailChangeView({ snapshot, send, currentEmail, formRef }: EmailChangeViewProps) {
  const { t } = useLingui();
  const { context } = snapshot;
  const title = t`Email`;
  if (snapshot.matches('code')) {
    const email = context.email;
    return (
      <TitledSection title={title}>
        <Text>
          {t`We sent a 6-digit code to ${email}. Enter it below: it works for 15 minutes.`}
        </Text>
        <Stack gap="row" maxW="md">
          <CodeFormView
            busy={snapshot.matches({ code: { entry: 'confirming' } })}
            serverErrors={context.serverErrors}
            send={send}
            formRef={formRef}
          />
          <ResendControls
            email={email}
            resent={context.resent}
            coolingDown={snapshot.matches({ code: { resend: 'coolingDown' } })}
            sending={snapshot.matches({ code: { resend: 'sending' } })}
            canResend={snapshot.can({ type: 'code.resend' })}
            seconds={secondsLeft(context)}
            onResend={() => send({ type: 'code.resend' })}
          />
          <Button
            variant="ghost"
            alignSelf="flex-start"
            disabled={snapshot.hasTag('busy')}
            onClick={() => send({ type: 'change.cancel' })}
          >
            {t`Use another address`}
          </Button>
        </Stack>
      </TitledSection>
    );
  }
  const changedTo = context.changedTo ?? '';
  return (
    <TitledSection title={title}>
      {snapshot.matches('changed') && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>
            {t`Your email is now ${changedTo}. We sent a notice to the old address with a link to undo the change within 7 days.`}
          </Alert.Title>
        </Alert.Root>
      )}
      <Text>{t`Your email: ${currentEmail}`}</Text>
      <AddressFormView
        key={context.changes}
        busy={snapshot.matches('requesting')}
        serverErrors={context.serverErrors}
        send={send}
        formRef={formRef}
      />
    </TitledSection>
  );
}

function AddressFormView(props: Form.ViewProps<EmailChangeEvent>) {
  const { t } = useLingui();
  const kit = Form.useMachineForm(props, {
    defaultValues: { email: '' },
    schema: ChangeEmailForm,
  });
  return (
    <Form.Root kit={kit} label={t`Change email`}>
      <Stack gap="row" maxW="md">
        <EmailField kit={kit} label={t`New email`} required />
        <Form.Submit kit={kit} busyText={t`Sending…`} alignSelf="flex-start">
          {t`Send code`}
        </Form.Submit>
      </Stack>
    </Form.Root>
  );
}
