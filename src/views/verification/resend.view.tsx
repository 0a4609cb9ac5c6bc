import { Alert, Stack, Text } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { secondsLeft, type verificationMachine } from '../../../machines/verification.machine.ts';
import type { MachineViewProps } from '../machine-view.ts';

export type ResendViewProps = MachineViewProps<typeof verificationMachine>;

/** A new code: the button waits out the countdown; after a resend, the old code is void. */
export function ResendView({ snapshot, send }: ResendViewProps) {
  const { t } = useLingui();
  const { context } = snapshot;
  const coolingDown = snapshot.matches({ active: { resend: 'coolingDown' } });
  const sending = snapshot.matches({ active: { resend: 'sending' } });
  const seconds = secondsLeft(context);
  const email = context.email;
  return (
    <Stack gap="3">
      {context.resent && (
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
          disabled={!snapshot.can({ type: 'code.resend' })}
          loading={sending}
          loadingText={t`Sending…`}
          onClick={() => send({ type: 'code.resend' })}
        >
          {t`Request a new code`}
        </Button>
        {coolingDown && (
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
