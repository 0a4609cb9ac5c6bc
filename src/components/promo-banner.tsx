import { Box, Link } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import type { Promotion } from './site.ts';

/** The seasonal banner above the header, linking to the blog page of the promotion. */
export function PromoBanner({ promotion }: { promotion: Promotion }) {
  const { _ } = useLingui();
  return (
    <Box bg="blue.700" color="white" textAlign="center" py="2" px="4" fontSize="sm">
      <Link href={promotion.href} color="white" textDecoration="underline">
        {_(promotion.text)}
      </Link>
    </Box>
  );
}
