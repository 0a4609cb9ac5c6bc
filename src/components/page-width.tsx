import { Box, type BoxProps } from '@chakra-ui/react';

/** The sidebar's width (section 2). */
export const SIDEBAR_WIDTH = '200px';

/**
 * The one grid of every page: the header's, the page's and the footer's content share
 * this width, centred, and these side margins, so their edges line up at any width.
 */
export function PageWidth(props: BoxProps) {
  return <Box w="full" maxW="6xl" mx="auto" px={{ base: '4', md: '8' }} {...props} />;
}
