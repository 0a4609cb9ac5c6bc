import { Alert, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ConsultationEvent } from '../../../machines/consultation.machine.ts';
import { Button } from '../../components/button.tsx';

/** The request went out: who will answer, and where the confirmation went. */
export function ConsultationSentView({
  sentTo,
  send,
}: {
  sentTo: string;
  send: (event: ConsultationEvent) => void;
}) {
  const { t } = useLingui();
  return (
    <Stack gap="4" align="flex-start">
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t`Thank you! Your request has been sent.`}</Alert.Title>
          <Alert.Description>
            {t`Our specialist will contact you within 2 working days. A confirmation has been sent to ${sentTo}.`}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button variant="outline" onClick={() => send({ type: 'request.again' })}>
        {t`Send another request`}
      </Button>
    </Stack>
  );
}
