import type { SnapshotFrom } from 'xstate';
import type { confirmMachine } from '../../machines/confirm.machine.ts';
import { ConfirmDialog, type ConfirmDialogProps, type ConfirmEvent } from './confirm-dialog.tsx';

export interface ConfirmViewProps extends Omit<
  ConfirmDialogProps,
  'open' | 'onCancel' | 'onConfirm' | 'busy' | 'busyLabel'
> {
  /** The confirm machine: the dialog is open while it is `asking`. */
  snapshot: SnapshotFrom<typeof confirmMachine>;
  send: (event: ConfirmEvent) => void;
}

/**
 * The confirm machine's question, in the words of the page that asks it (the profile
 * removal, leaving a team, restoring a subscription): the dialog is open while
 * `asking`, where Cancel (or Escape, or a click outside) sends `confirm.cancel` and the
 * button that goes on `confirm.accept`; it is closed while `closed`, and once
 * `confirmed`, when the page goes on with the action.
 */
export function ConfirmView({ snapshot, send, ...question }: ConfirmViewProps) {
  const state = snapshot.value;
  const open = (() => {
    switch (state) {
      case 'asking':
        return true;
      case 'closed':
      case 'confirmed':
        return false;
      default:
        return state satisfies never;
    }
  })();
  return (
    <ConfirmDialog
      {...question}
      open={open}
      onCancel={() => send({ type: 'confirm.cancel' })}
      onConfirm={() => send({ type: 'confirm.accept' })}
    />
  );
}
