import {
  CloseButton,
  DialogBackdrop,
  DialogBody,
  DialogCloseTrigger,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogPositioner,
  DialogRoot,
  DialogTitle,
  Portal,
  type DialogRootProps,
} from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';

export {
  DialogBackdrop as Backdrop,
  DialogBody as Body,
  DialogCloseTrigger as CloseTrigger,
  DialogContent as Content,
  DialogFooter as Footer,
  DialogHeader as Header,
  DialogPositioner as Positioner,
  DialogTitle as Title,
} from '@chakra-ui/react';

/**
 * Chakra's dialog, carrying its own recipe: the sign-in page opens no dialog, so the
 * theme the first visit loads leaves this recipe out (decision 0009) and it comes with
 * the pages that do. Use it as `import * as Dialog`, like Chakra's `Dialog`.
 */
export function Root(props: DialogRootProps) {
  return <DialogRoot recipe={dialogSlotRecipe} {...props} />;
}

export interface FrameProps extends Omit<DialogRootProps, 'children' | 'onOpenChange'> {
  title: ReactNode;
  /** The dialog's width at the most. */
  maxW: string;
  /** The user closed it (Escape, a click outside, the close button); not called if unset. */
  onClose?: (() => void) | undefined;
  /** The body. */
  children: ReactNode;
  /** The buttons under the body. */
  footer?: ReactNode;
  /** The name of the close button in the corner; no such button if unset. */
  closeLabel?: string;
}

/** The app's dialog: in a portal over a backdrop, its title, body and buttons. */
export function Frame({ title, maxW, onClose, children, footer, closeLabel, ...root }: FrameProps) {
  return (
    <Root
      {...root}
      onOpenChange={(e) => {
        if (!e.open) onClose?.();
      }}
    >
      <Portal>
        <DialogBackdrop />
        <DialogPositioner>
          <DialogContent maxW={maxW}>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
            </DialogHeader>
            <DialogBody>{children}</DialogBody>
            {footer && <DialogFooter>{footer}</DialogFooter>}
            {closeLabel && (
              <DialogCloseTrigger asChild>
                <CloseButton size="sm" aria-label={closeLabel} />
              </DialogCloseTrigger>
            )}
          </DialogContent>
        </DialogPositioner>
      </Portal>
    </Root>
  );
}
