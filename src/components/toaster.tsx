import { createToaster, Portal, Toast, Toaster, Stack } from '@chakra-ui/react';
// The toast carries its recipe: the first visit's theme leaves it out (decision 0009).
import { toastSlotRecipe } from '@chakra-ui/react/theme';

/** Section 8: an error no field subscribed to shows as a red toast for 10 seconds. */
export const ERROR_TOAST_MS = 10_000;

/**
 * At the bottom, away from the header: a toast never covers the user menu or the
 * sections button, on a phone (full width) or a desktop (the end corner).
 */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true });

export function showToast(detail: string): void {
  toaster.create({ type: 'error', description: detail, duration: ERROR_TOAST_MS });
}

export default function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root recipe={toastSlotRecipe} width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {/* Chakra dims the description to 80%, below AA contrast on the error red. */}
              {toast.description && (
                <Toast.Description opacity={1}>{toast.description}</Toast.Description>
              )}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
