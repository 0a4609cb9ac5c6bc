import { Card, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A section of the Web GIS settings page: a card named by its heading (h2). */
export function SectionCard({
  id,
  title,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header>
        <Heading as="h2" id={id} textStyle="section-title">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
