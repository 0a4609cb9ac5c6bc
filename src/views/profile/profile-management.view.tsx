import { Button, Card, SimpleGrid } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { TitledSection } from '../../components/titled.tsx';
import { Link as RouterLink } from '@tanstack/react-router';
import type { SnapshotFrom } from 'xstate';
import type { confirmMachine } from '../../../machines/confirm.machine.ts';
import type { ConfirmEvent } from '../../components/confirm-dialog.tsx';
import { ConfirmView } from '../../components/confirm.view.tsx';

export interface ProfileManagementViewProps {
  /** The removal confirmation: closed, asking, or confirmed (the page then goes to /remove). */
  confirm: SnapshotFrom<typeof confirmMachine>;
  send: (event: ConfirmEvent) => void;
}

/** Profile management: data export and profile removal (section 2). */
export function ProfileManagementView({ confirm, send }: ProfileManagementViewProps) {
  const { t } = useLingui();
  return (
    <TitledSection title={t`Profile management`}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Card.Root>
          <Card.Body gap="2">
            <Card.Title>{t`Data export`}</Card.Title>
            <Card.Description>
              {t`Download a copy of all personal data we hold about you.`}
            </Card.Description>
          </Card.Body>
          <Card.Footer>
            <Button asChild variant="outline">
              <RouterLink to="/$locale/export_profile" from="/$locale">
                {t`Export data`}
              </RouterLink>
            </Button>
          </Card.Footer>
        </Card.Root>
        <Card.Root>
          <Card.Body gap="2">
            <Card.Title>{t`Profile removal`}</Card.Title>
            <Card.Description>
              {t`Delete your profile and all its data. This cannot be undone.`}
            </Card.Description>
          </Card.Body>
          <Card.Footer>
            <Button
              variant="outline"
              colorPalette="red"
              onClick={() => send({ type: 'confirm.ask' })}
            >
              {t`Delete profile`}
            </Button>
          </Card.Footer>
        </Card.Root>
      </SimpleGrid>
      <ConfirmView
        snapshot={confirm}
        send={send}
        title={t`Profile removal`}
        message={t`Are you sure you want to delete profile?`}
        confirmLabel={t`Delete`}
      />
    </TitledSection>
  );
}
