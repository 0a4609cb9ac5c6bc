import { Alert, HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { draftOfferMachine } from '../../machines/draft-offer.machine.ts';
import { Button } from '../components/button.tsx';
import type { MachineViewProps } from './machine-view.ts';

export type DraftOfferViewProps = MachineViewProps<typeof draftOfferMachine>;

/** Above a form: its unsaved changes from before the session ended, Restore or Discard. */
export function DraftOfferView({ snapshot, send }: DraftOfferViewProps) {
  const { t } = useLingui();
  if (!snapshot.matches('offered')) return null;
  return (
    <Alert.Root status="info" role="region" aria-label={t`Unsaved changes`} mb="4">
      <Alert.Indicator />
      <Alert.Content gap="3">
        <Alert.Title>{t`You have unsaved changes from before you were signed out`}</Alert.Title>
        <HStack gap="3">
          <Button size="sm" colorPalette="blue" onClick={() => send({ type: 'draft.restore' })}>
            {t`Restore`}
          </Button>
          <Button size="sm" variant="outline" onClick={() => send({ type: 'draft.discard' })}>
            {t`Discard`}
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
