import { Alert, Stack, Text } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { secondsLeft, type verificationMachine } from '../../../machines/verification.machine.ts';
import type { MachineViewProps } from '../machine-view.ts';

export type ResendViewProps = MachineViewProps<typeof verificationMachine>;

/** A new code on the sign-up's verification step. */
export function ResendView({ snapshot, send }: ResendViewProps) {
  const { context } = snapshot;
  return (
    <ResendControls
      email={context.email}
      resent={context.resent}
      coolingDown={snapshot.matches({ active: { resend: 'coolingDown' } })}
      sending={snapshot.matches({ active: { resend: 'sending' } })}
      canResend={snapshot.can({ type: 'code.resend' })}
      seconds={secondsLeft(context)}
      onResend={() => send({ type: 'code.resend' })}
    />
  );
}

export interface ResendControlsProps {
  /** Where the codes go. */
  email: string;
  /** A new code was sent: the old one no longer works. */
  resent: boolean;
  coolingDown: boolean;
  sending: boolean;
  canResend: boolean;
  /** Seconds left in the countdown. */
  seconds: number;
  onResend: () => void;
}

/** A new code: the button waits out the countdown; after a resend, the old code is void. */
export function ResendControls(props: ResendControlsProps) {
  const { t } = useLingui();
  const { email, seconds } = props;
  return (
    <Stack gap="3">
      {props.resent && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title>
            {t`We sent a new code to ${email}. The previous code no longer works.`}
          </Alert.Title>
        </Alert.Root>
      )}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'center' }}>
        <Button
          variant="outline"
          disabled={!props.canResend}
          loading={props.sending}
          loadingText={t`Sending…`}
          onClick={props.onResend}
        >
          {t`Request a new code`}
        </Button>
        {props.coolingDown && (
          <Text textStyle="caption" color="fg.muted">
            {plural(seconds, {
              one: 'You can request a new code in # second',
              other: 'You can request a new code in # seconds',
            })}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
