import { Button, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/** Yandex first, then the others (section 1). Wired to the providers with sign-up. */
export const socialProviders = ['yandex', 'google', 'github'] as const;
const names = { yandex: 'Yandex', google: 'Google', github: 'GitHub' } as const;

export function SocialButtons() {
  const { t } = useLingui();
  return (
    <Stack gap="2" as="section" aria-label={t`Sign in with another account`}>
      <Text fontSize="sm" color="fg.muted">
        {t`Or sign in with`}
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
        {socialProviders.map((provider) => (
          <Button key={provider} variant="outline" flex="1" disabled>
            {names[provider]}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
