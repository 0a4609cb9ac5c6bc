import { DataList, Heading, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { Profile } from '../../../contract/profile.ts';

/** The signed-in user's name and e-mail; the full profile form comes with its flow. */
export function ProfileSummary({ user }: { user: Profile }) {
  const { t } = useLingui();
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t`Profile`}
      </Heading>
      <DataList.Root orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel>{t`Name`}</DataList.ItemLabel>
          <DataList.ItemValue>{name}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t`Username`}</DataList.ItemLabel>
          <DataList.ItemValue>{user.username}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t`Email`}</DataList.ItemLabel>
          <DataList.ItemValue>{user.email}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </Stack>
  );
}
