import { Alert, Button, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/** A step could not load its data (the error itself went to the global handler). */
export function UnavailableView({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <Stack gap="4" maxW="md">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{t`Something went wrong. Try again later.`}</Alert.Title>
      </Alert.Root>
      <Button variant="outline" alignSelf="flex-start" onClick={onRetry}>
        {t`Try again`}
      </Button>
    </Stack>
  );
}
