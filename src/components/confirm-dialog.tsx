import { Box, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import { confirmMachine } from '../../machines/confirm.machine.ts';
import { inspect } from '../flows/inspect.ts';
import { Button } from './button.tsx';
import * as Dialog from './dialog.tsx';

export type ConfirmEvent =
  { type: 'confirm.ask' } | { type: 'confirm.cancel' } | { type: 'confirm.accept' };

export interface ConfirmDialogProps {
  /** Open while the question is asked. */
  open: boolean;
  /** Cancel, Escape or a click outside. */
  onCancel: () => void;
  onConfirm: () => void;
  title: string;
  message: string;
  /** What the question is about, shown above the message, e.g. the identifier to unbind. */
  subject?: string;
  /** The words of the button that goes on, e.g. "Leave team". */
  confirmLabel: string;
  /** Red for a removal; blue for an action that gives something back, e.g. a restore. */
  colorPalette?: 'red' | 'blue';
  /**
   * While the action runs after the answer: the dialog stays open, Cancel is off and
   * the button that goes on spins with `busyLabel` beside it.
   */
  busy?: boolean;
  busyLabel?: string;
}

/** A confirmation that asks before an action: Cancel, or a button that goes on. */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title,
  message,
  subject,
  confirmLabel,
  colorPalette = 'red',
  busy = false,
  busyLabel,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog.Frame
      open={open}
      onClose={busy ? undefined : onCancel}
      role="alertdialog"
      maxW="440px"
      title={title}
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={onCancel}>
            {t`Cancel`}
          </Button>
          <Button
            colorPalette={colorPalette}
            loading={busy}
            loadingText={busyLabel}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {subject !== undefined && (
        <Box textStyle="identifier" wordBreak="break-all" userSelect="all" mb="3">
          {subject}
        </Box>
      )}
      <Text>{message}</Text>
    </Dialog.Frame>
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
