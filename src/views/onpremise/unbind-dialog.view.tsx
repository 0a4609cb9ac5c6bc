import { useLingui } from '@lingui/react/macro';
import type { Binding } from '../../../contract/onpremise.ts';
import type { OnpremiseEvent } from '../../../machines/onpremise.machine.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';

export interface UnbindDialogViewProps {
  /** The binding to unbind; the dialog is open while there is one. */
  binding: Binding | null;
  busy: boolean;
  send: (event: OnpremiseEvent) => void;
}

/** The confirmation before an identifier is unbound. */
export function UnbindDialogView({ binding, busy, send }: UnbindDialogViewProps) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={binding !== null}
      onCancel={() => send({ type: 'unbind.cancel' })}
      onConfirm={() => send({ type: 'unbind.confirm' })}
      title={t`Unbind the identifier?`}
      subject={binding?.identifier ?? ''}
      message={t`The installation with this identifier will no longer be linked to your account. You can bind it again later.`}
      confirmLabel={t`Unbind`}
      busy={busy}
      busyLabel={t`Unbinding…`}
    />
  );
}
