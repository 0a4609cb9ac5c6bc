import { Heading, Stack, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface TitledProps extends Omit<StackProps, 'title'> {
  title: ReactNode;
}

/** A page: its title (the page's h1) over what it shows, a page's gap apart. */
export function TitledPage({ title, children, ...stack }: TitledProps) {
  return (
    <Stack gap="page" {...stack}>
      <Heading as="h1" textStyle="page-title">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** A section of a page: its title (h2) over what it shows. */
export function TitledSection({ title, children, ...stack }: TitledProps) {
  return (
    <Stack gap="4" {...stack}>
      <Heading as="h2" textStyle="section-title">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
