import { Alert, Button, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';

/** Other plans than premium (section 6): the page is not available, and the way to premium. */
export function NotAvailableView() {
  const { t } = useLingui();
  return (
    <Stack gap="4" align="flex-start" maxW="2xl">
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t`On-premise is not available on your plan`}</Alert.Title>
          <Alert.Description>
            {t`Installing the platform on your own servers and binding its identifier to your account come with the Premium plan.`}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button asChild colorPalette="blue">
        <RouterLink to="/$locale/subscription/update" from="/$locale">
          {t`Upgrade to Premium`}
        </RouterLink>
      </Button>
    </Stack>
  );
}
