import { CheckboxRoot, type CheckboxRootProps } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-ui/react/theme';
import { forwardRef } from 'react';

export {
  CheckboxControl as Control,
  CheckboxHiddenInput as HiddenInput,
  CheckboxLabel as Label,
} from '@chakra-ui/react';

/**
 * Chakra's checkbox, carrying its own recipe: the sign-in page has no checkbox, so the
 * theme the first visit loads leaves this recipe out (decision 0009). Use it as
 * `import * as Checkbox`, like Chakra's `Checkbox`.
 */
export const Root = forwardRef<HTMLLabelElement, CheckboxRootProps>(function Root(props, ref) {
  return <CheckboxRoot ref={ref} recipe={checkboxSlotRecipe} {...props} />;
});
