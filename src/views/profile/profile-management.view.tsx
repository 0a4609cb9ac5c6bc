import { Button, Card, Heading, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import * as Dialog from '../../components/dialog.tsx';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { SnapshotFrom } from 'xstate';
import type { confirmMachine } from '../../../machines/confirm.machine.ts';

type ConfirmEvent =
  { type: 'confirm.ask' } | { type: 'confirm.cancel' } | { type: 'confirm.accept' };

export interface ProfileManagementViewProps {
  /** The removal confirmation: closed, asking, or confirmed (the page then goes to /remove). */
  confirm: SnapshotFrom<typeof confirmMachine>;
  send: (event: ConfirmEvent) => void;
}

/** Profile management: data export and profile removal (section 2). */
export function ProfileManagementView({ confirm, send }: ProfileManagementViewProps) {
  const { t } = useLingui();
  return (
    <Stack gap="4">
      <Heading as="h2" textStyle="section-title">
        {t`Profile management`}
      </Heading>
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
      <Dialog.Root
        open={confirm.matches('asking')}
        onOpenChange={(e) => {
          if (!e.open) send({ type: 'confirm.cancel' });
        }}
        role="alertdialog"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content maxW="420px">
              <Dialog.Header>
                <Dialog.Title>{t`Profile removal`}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>{t`Are you sure you want to delete profile?`}</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => send({ type: 'confirm.cancel' })}>
                  {t`Cancel`}
                </Button>
                <Button colorPalette="red" onClick={() => send({ type: 'confirm.accept' })}>
                  {t`Delete`}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
