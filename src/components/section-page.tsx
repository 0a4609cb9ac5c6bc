import { Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { pageTitle } from '../i18n/title.ts';

/** A section whose screen is not built yet: its title and a short note. */
export function SectionPage({ title }: { title: MessageDescriptor }) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap="4">
      <Heading as="h1" textStyle="page-title">
        {i18n._(title)}
      </Heading>
      <Text color="fg.muted">{t`This section is being prepared and will open soon.`}</Text>
    </Stack>
  );
}

/** Route options of such a section: its page title and the page. */
export function sectionRoute(title: MessageDescriptor) {
  return {
    head: () => pageTitle(title),
    component: () => <SectionPage title={title} />,
  };
}
