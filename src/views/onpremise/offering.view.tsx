import { Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { contactEmail } from '../../components/site.ts';

/** Premium (section 2): what the on-premise offering is and how to order it. */
export function OfferingView({ viaTeam }: { viaTeam: boolean }) {
  const { t } = useLingui();
  const email = contactEmail();
  return (
    <Stack gap="3" maxW="3xl">
      {viaTeam && (
        <Text color="fg.muted">{t`Your team's Premium plan gives you access to on-premise.`}</Text>
      )}
      <Heading as="h2" textStyle="section-title">
        {t`The platform on your own servers`}
      </Heading>
      <Text>
        {t`On-premise is the same web GIS platform installed on your organization's own servers: your data stays inside your network, and you decide how it is backed up and who may reach it.`}
      </Text>
      <List.Root ps="5">
        <List.Item>{t`Installation on your hardware or in your private cloud`}</List.Item>
        <List.Item>{t`Updates and support from our team`}</List.Item>
        <List.Item>{t`Sign-in with the accounts of this portal`}</List.Item>
      </List.Root>
      <Text>
        {t`To order an installation, write to us at`}{' '}
        <Link href={`mailto:${email}`} colorPalette="blue" variant="underline">
          {email}
        </Link>
        .{' '}
        {t`At setup the server prints its identifier: bind it below so the installation is linked to your account.`}
      </Text>
    </Stack>
  );
}
