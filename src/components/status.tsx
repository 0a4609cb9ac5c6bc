import { Alert, Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/** A wait that fills the page: a large spinner and what is happening. */
export function PageBusy({ label }: { label: string }) {
  return (
    <Box role="status" py="16" textAlign="center">
      <Spinner size="lg" />
      <Text mt="4">{label}</Text>
    </Box>
  );
}

/** A wait within a section: a small spinner and its label (read out only when `quiet`). */
export function Busy({ label, quiet = false }: { label: string; quiet?: boolean }) {
  return (
    <Stack direction="row" gap="3" align="center" role="status">
      <Spinner size="sm" />
      <Text srOnly={quiet}>{label}</Text>
    </Stack>
  );
}

export interface RetryAlertProps {
  message: string;
  onRetry: () => void;
  /** The retried action destroys something (the profile): a red button. */
  danger?: boolean;
}

/**
 * Something could not be loaded or done (the error itself went to the global
 * handler): what failed, and Try again.
 */
export function RetryAlert({ message, onRetry, danger = false }: RetryAlertProps) {
  const { t } = useLingui();
  return (
    <Stack gap="4" align="flex-start" maxW="xl">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{message}</Alert.Title>
      </Alert.Root>
      <Button
        variant={danger ? 'solid' : 'outline'}
        colorPalette={danger ? 'red' : undefined}
        onClick={onRetry}
      >
        {t`Try again`}
      </Button>
    </Stack>
  );
}
