import { Button, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { NewTabNote } from '../new-tab.tsx';

/**
 * A link out of the portal (a store page, a project's site), opened in a new tab; screen
 * readers hear what it is for (`context`) and that a tab opens.
 */
export function ExternalButton({
  href,
  context,
  children,
}: {
  href: string;
  context: string;
  children: ReactNode;
}) {
  return (
    <Button asChild size="sm" variant="outline">
      <a href={href} target="_blank" rel="noopener noreferrer">
        <Text as="span" srOnly>{`${context}: `}</Text>
        {children}
        <NewTabNote />
      </a>
    </Button>
  );
}
