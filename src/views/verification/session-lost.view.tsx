import { Alert, Button, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { TokenErrorCode } from '../../../machines/verification.machine.ts';
import { errorMessages } from '../../forms/messages.ts';

/** The sign-up session was refused (section 8 token errors): start again at step 0. */
export function SessionLostView({ code }: { code: TokenErrorCode | null }) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap="4" maxW="md">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{i18n._(errorMessages[code ?? 'token_not_found'])}</Alert.Title>
      </Alert.Root>
      <Button asChild colorPalette="blue" alignSelf="flex-start">
        <RouterLink to="/$locale/signup/$step" from="/$locale" params={{ step: '0' }}>
          {t`Start the sign-up again`}
        </RouterLink>
      </Button>
    </Stack>
  );
}
