import { Box, CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { SectionList } from './sidebar.tsx';

export interface SectionsDrawerProps {
  hasWebgis: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * On a phone: the sections as a drawer, opened by the header's menu button. It loads
 * when first opened (the button is the header's own); closing gives the focus back to
 * the button, which had it when the drawer opened.
 */
export default function SectionsDrawer({ hasWebgis, open, onOpenChange }: SectionsDrawerProps) {
  const { t } = useLingui();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="start"
      size="xs"
      lazyMount
      unmountOnExit
    >
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
                  onNavigate={() => onOpenChange(false)}
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
