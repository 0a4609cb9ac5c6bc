import { DialogRoot, type DialogRootProps } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';

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
