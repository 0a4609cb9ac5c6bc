import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { TokenErrorCode } from '../../../machines/verification.machine.ts';
import { errorMessages } from '../../forms/messages.ts';

/**
 * Section 8, e-mail confirmation: the confirmation under way in this browser is gone.
 * The account exists, so the way to a new code is signing in (its right password
 * sends one): no word of a new sign-up.
 */
const confirmationLost: Record<TokenErrorCode, MessageDescriptor> = {
  token_not_found: msg`There is no email confirmation in progress in this browser.`,
  wrong_token: msg`This email confirmation is no longer valid: a newer one was started.`,
  token_expired: msg`This email confirmation has expired.`,
  email_not_confirmed: msg`Your email is not confirmed yet.`,
};

export interface SessionLostViewProps {
  code: TokenErrorCode | null;
  /**
   * `newCode` on the code step (/signup/1, /login/2): sign in to get a new code.
   * `restart` on the details step: section 8's sign-up codes restart at step 0.
   */
  remedy: 'newCode' | 'restart';
}

/** The sign-up or confirmation session was refused (section 8 token errors). */
export function SessionLostView({ code, remedy }: SessionLostViewProps) {
  const { t, i18n } = useLingui();
  const shown = code ?? 'token_not_found';
  if (remedy === 'newCode') {
    return (
      <Stack gap="4" maxW="md">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{i18n._(confirmationLost[shown])}</Alert.Title>
        </Alert.Root>
        <Text>{t`To get a new code, sign in with your email and password.`}</Text>
        <Button asChild colorPalette="blue" alignSelf="flex-start">
          <RouterLink to="/$locale/login/$step" from="/$locale" params={{ step: '1' }}>
            {t`Request a new code`}
          </RouterLink>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="4" maxW="md">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{i18n._(errorMessages[shown])}</Alert.Title>
      </Alert.Root>
      <Button asChild colorPalette="blue" alignSelf="flex-start">
        <RouterLink to="/$locale/signup/$step" from="/$locale" params={{ step: '0' }}>
          {t`Start the sign-up again`}
        </RouterLink>
      </Button>
    </Stack>
  );
}
