import { Spinner, Stack, Text } from '@chakra-ui/react';
import * as Dialog from '../../components/dialog.tsx';
import { useLingui } from '@lingui/react/macro';

/**
 * The blocking dialog while the Web GIS is created and polled (section 2): it cannot
 * be closed; the machine closes it when the creation ends one way or another.
 */
export function CreatingDialogView({ open }: { open: boolean }) {
  const { t } = useLingui();
  // Mounted only while open, as the other dialogs: closed means gone, at once.
  if (!open) return null;
  return (
    <Dialog.Frame
      open
      role="alertdialog"
      closeOnEscape={false}
      closeOnInteractOutside={false}
      placement="center"
      maxW="420px"
      title={t`Your Web GIS is being created`}
    >
      <Stack direction="row" gap="4" align="center" pb="4">
        <Spinner size="lg" />
        <Text>{t`This usually takes a couple of minutes. Please keep this page open.`}</Text>
      </Stack>
    </Dialog.Frame>
  );
}
