import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { socialProviders, type SocialProvider } from '../../../contract/social-providers.ts';
import { socialStartUrl } from '../../flows/social-start.ts';
import { errorText } from '../../forms/messages.ts';

/** Brand names: the same in every language. */
export const providerNames: Record<SocialProvider, string> = {
  yandex: 'Yandex',
  google: 'Google',
  github: 'GitHub',
};

/** Each provider's mark in its brand colour, beside its name (decorative: the name is read). */
const providerMarks: Record<SocialProvider, { letter: string; bg: string }> = {
  yandex: { letter: 'Y', bg: '#fc3f1d' },
  google: { letter: 'G', bg: '#1a73e8' },
  github: { letter: 'GH', bg: '#24292f' },
};

export function ProviderMark({ provider }: { provider: SocialProvider }) {
  const { letter, bg } = providerMarks[provider];
  return (
    <Box
      as="span"
      aria-hidden="true"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize="5"
      borderRadius="full"
      bg={bg}
      color="white"
      fontSize={letter.length > 1 ? '2xs' : 'xs'}
      fontWeight="bold"
      lineHeight="1"
      // Drawn, not text: the button's text and name stay the provider's name.
      _before={{ content: `"${letter}"` }}
    />
  );
}

export interface SocialButtonsProps {
  intent: 'login' | 'signup';
  /** The page to come back to after the provider. */
  next: string;
  /** Sign-up asks to agree to the terms first: the click goes here, not to the provider. */
  onChoose?: ((provider: SocialProvider) => void) | undefined;
  disabled?: boolean;
}

/** Yandex first, then the others (section 1); each a full navigation to the provider. */
export function SocialButtons({ intent, next, onChoose, disabled = false }: SocialButtonsProps) {
  const { t } = useLingui();
  return (
    <Stack
      gap="2"
      as="section"
      aria-label={
        intent === 'login' ? t`Sign in with another account` : t`Sign up with another account`
      }
    >
      <Text textStyle="caption" color="fg.muted">
        {intent === 'login' ? t`Or sign in with` : t`Or sign up with`}
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
        {socialProviders.map((provider) =>
          onChoose ? (
            <Button
              key={provider}
              variant="outline"
              flex={{ base: 'none', sm: '1' }}
              disabled={disabled}
              onClick={() => onChoose(provider)}
            >
              <ProviderMark provider={provider} />
              {providerNames[provider]}
            </Button>
          ) : (
            <Button key={provider} asChild variant="outline" flex={{ base: 'none', sm: '1' }}>
              <a href={socialStartUrl(provider, intent, next)}>
                <ProviderMark provider={provider} />
                {providerNames[provider]}
              </a>
            </Button>
          ),
        )}
      </Stack>
    </Stack>
  );
}

/** The OAuth state or the held consent is gone: nothing about a sign-up here. */
const flowLost = msg`The sign-in with the provider took too long or was started in another browser. Please try again.`;
const flowCodes = new Set(['token_not_found', 'wrong_token', 'token_expired']);

/**
 * A social sign-in that failed comes back to /login/1 with `?error=<code>`
 * (social_denied, wrong_token, token_expired, …): its text above the form.
 */
export function SocialSignInError({ code }: { code: string }) {
  const { i18n } = useLingui();
  return (
    // A plain box, not Chakra's Alert: this page is the first visit (docs/decisions/0009).
    <Box role="alert" mb="6" maxW="md" p="3" borderRadius="l2" bg="bg.error" color="fg.error">
      {flowCodes.has(code) ? i18n._(flowLost) : errorText((d) => i18n._(d), { code, detail: '' })}
    </Box>
  );
}
