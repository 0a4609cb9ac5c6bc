import { Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { errorPageCode, type ErrorPageCode } from './error-page.tsx';
import { contactEmail, site } from './site.ts';

const texts: Record<ErrorPageCode, { title: MessageDescriptor; hint?: MessageDescriptor }> = {
  400: { title: msg`Bad request` },
  403: { title: msg`The access to this page is forbidden` },
  404: { title: msg`Page does not exist` },
  500: {
    title: msg`An error occurred on the server`,
    hint: msg`Please refresh the page later or report the problem to us.`,
  },
};

/** The page itself: the code, its title, Go back and a report by e-mail (section 2). */
export default function ErrorPage({ code, address }: { code: number; address: string }) {
  const { t, i18n } = useLingui();
  const shown = errorPageCode(code);
  const text = texts[shown];
  const subject = encodeURIComponent(t`Error ${shown} on ${i18n._(site.name)}`);
  const body = encodeURIComponent(t`The page: ${address}`);
  return (
    <Stack gap="6" py="10" maxW="xl" role="alert">
      <Text fontSize="6xl" fontWeight="bold" color="fg.muted" lineHeight="1">
        {shown}
      </Text>
      <Heading as="h1" textStyle="page-title">
        {i18n._(text.title)}
      </Heading>
      {text.hint && <Text color="fg.muted">{i18n._(text.hint)}</Text>}
      <Flex gap="4" align="center" wrap="wrap">
        <Button colorPalette="blue" onClick={() => window.history.back()}>
          {t`Go back`}
        </Button>
        <Link href={`mailto:${contactEmail()}?subject=${subject}&body=${body}`} colorPalette="blue">
          {t`Report the problem by e-mail`}
        </Link>
      </Flex>
    </Stack>
  );
}
