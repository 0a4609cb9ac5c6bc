import { Button, Portal, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import { confirmMachine } from '../../machines/confirm.machine.ts';
import { inspect } from '../flows/inspect.ts';
import * as Dialog from './dialog.tsx';

export type ConfirmEvent =
  { type: 'confirm.ask' } | { type: 'confirm.cancel' } | { type: 'confirm.accept' };

export interface ConfirmDialogProps {
  /** The confirm machine: the dialog is open while it is `asking`. */
  confirm: SnapshotFrom<typeof confirmMachine>;
  send: (event: ConfirmEvent) => void;
  title: string;
  message: string;
  /** The words of the button that goes on, e.g. "Leave team". */
  confirmLabel: string;
}

/** A confirmation that asks before a removal: Cancel, or a red button that goes on. */
export function ConfirmDialog({ confirm, send, title, message, confirmLabel }: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
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
          <Dialog.Content maxW="440px">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{message}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => send({ type: 'confirm.cancel' })}>
                {t`Cancel`}
              </Button>
              <Button colorPalette="red" onClick={() => send({ type: 'confirm.accept' })}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * One question's confirm machine: it ends when accepted, so the page keys this by a
 * counter it raises in `onConfirmed`, and a fresh machine serves the next question.
 */
export function ConfirmRound({
  onConfirmed,
  children,
}: {
  onConfirmed: () => void;
  children: (
    confirm: SnapshotFrom<typeof confirmMachine>,
    send: (e: ConfirmEvent) => void,
  ) => ReactNode;
}) {
  const confirm = useActorRef(confirmMachine, { inspect });
  const snapshot = useSelector(confirm, (s) => s);
  useEffect(() => {
    if (snapshot.status === 'done') onConfirmed();
  }, [snapshot.status, onConfirmed]);
  return children(snapshot, confirm.send);
}
