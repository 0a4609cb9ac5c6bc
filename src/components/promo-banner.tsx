import { Box, Link } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import type { Promotion } from './site.ts';

/** The seasonal banner above the header, in the page's language, linking to its blog page. */
export function PromoBanner({ promotion }: { promotion: Promotion }) {
  const { i18n } = useLingui();
  const text = i18n.locale === 'ru' ? promotion.text.ru : promotion.text.en;
  return (
    <Box bg="blue.700" color="white" textAlign="center" py="2" px="4" textStyle="caption">
      <Link href={promotion.href} color="white" textDecoration="underline">
        {text}
      </Link>
    </Box>
  );
}
