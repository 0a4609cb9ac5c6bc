import { Box, CloseButton, Drawer, IconButton, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { SectionList } from './sidebar.tsx';

/** On a phone: a menu button in the header that opens the sections as a drawer. */
export default function SectionsDrawer({
  hasWebgis,
  defaultOpen = false,
}: {
  hasWebgis: boolean;
  /** Open from the start (a story of the open drawer). */
  defaultOpen?: boolean;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(defaultOpen);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      placement="start"
      size="xs"
      lazyMount
      unmountOnExit
    >
      <Drawer.Trigger asChild>
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={t`Menu`}
          display={{ base: 'inline-flex', md: 'none' }}
        >
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{t`Account sections`}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Box as="nav" aria-label={t`Account sections`}>
                <SectionList
                  hasWebgis={hasWebgis}
                  pathname={pathname}
                  direction="column"
                  onNavigate={() => setOpen(false)}
                />
              </Box>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
