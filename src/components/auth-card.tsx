import { Box, Card, Flex, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Logo } from './logo.tsx';

/**
 * The signed-out pages (sign-in, sign-up and their steps, password reset): one centred
 * card with the product's mark, the page title and the page's one primary action.
 */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  /** Under the card: the way to the other of sign-in and sign-up. */
  footer?: ReactNode;
}) {
  return (
    <Flex direction="column" align="center" gap="4" py={{ base: '0', md: '6' }}>
      <Card.Root width="full" maxW="md" variant={{ base: 'subtle', sm: 'outline' }} bg="bg">
        <Card.Body gap="6" p={{ base: '4', sm: '8' }}>
          <Stack gap="3" align="center" textAlign="center">
            <Logo size={40} />
            <Heading as="h1" textStyle="page-title">
              {title}
            </Heading>
          </Stack>
          {children}
        </Card.Body>
      </Card.Root>
      {footer && (
        <Box textStyle="caption" color="fg.muted" textAlign="center">
          {footer}
        </Box>
      )}
    </Flex>
  );
}
