import { Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import type { consultationMachine } from '../../../machines/consultation.machine.ts';
import { useDraft } from '../../forms/use-form-draft.ts';
import { ConsultationFormView } from './consultation-form.view.tsx';
import { ConsultationSentView } from './consultation-sent.view.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export interface ConsultationViewProps extends MachineViewProps<typeof consultationMachine> {
  formRef?: RefObject<HTMLFormElement | null>;
}

/** The on-premise page's "Request a consultation" block, in every state of its machine. */
export function ConsultationView({ snapshot, send, formRef }: ConsultationViewProps) {
  const { t } = useLingui();
  const { context } = snapshot;
  const state = snapshot.value;
  // A request typed when the session ended is offered back; sending it drops it.
  const draft = useDraft('consultation', state === 'sent');
  return (
    <Stack gap="4" maxW="3xl" as="section" aria-labelledby="consultation-title">
      <Heading as="h2" textStyle="section-title" id="consultation-title">
        {t`Request a consultation`}
      </Heading>
      {(() => {
        switch (state) {
          case 'editing':
          case 'submitting':
            return (
              <>
                <Text>
                  {t`Tell us about your organization and we will help you plan the installation.`}
                </Text>
                <ConsultationFormView
                  // A new form after each request sent, from the values kept.
                  key={context.sentTo ?? 'form'}
                  values={context.values}
                  serverErrors={context.serverErrors}
                  busy={snapshot.hasTag('busy')}
                  send={send}
                  draft={draft}
                  formRef={formRef}
                />
              </>
            );
          case 'sent':
            return <ConsultationSentView sentTo={context.sentTo ?? ''} send={send} />;
          default:
            return state satisfies never;
        }
      })()}
    </Stack>
  );
}
