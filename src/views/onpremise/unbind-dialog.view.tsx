import { Box, Portal, Text } from '@chakra-ui/react';
import * as Dialog from '../../components/dialog.tsx';
import { Button } from '../../components/button.tsx';
import { useLingui } from '@lingui/react/macro';
import type { Binding } from '../../../contract/onpremise.ts';
import type { OnpremiseEvent } from '../../../machines/onpremise.machine.ts';

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
    <Dialog.Root
      open={binding !== null}
      role="alertdialog"
      onOpenChange={(e) => {
        if (!e.open && !busy) send({ type: 'unbind.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="480px">
            <Dialog.Header>
              <Dialog.Title>{t`Unbind the identifier?`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Box textStyle="identifier" wordBreak="break-all" userSelect="all" mb="3">
                {binding?.identifier}
              </Box>
              <Text>
                {t`The installation with this identifier will no longer be linked to your account. You can bind it again later.`}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => send({ type: 'unbind.cancel' })}
              >
                {t`Cancel`}
              </Button>
              <Button
                colorPalette="red"
                loading={busy}
                loadingText={t`Unbinding…`}
                onClick={() => send({ type: 'unbind.confirm' })}
              >
                {t`Unbind`}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
