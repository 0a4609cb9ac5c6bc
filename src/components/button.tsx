import { Button as ChakraButton, type ButtonProps } from '@chakra-ui/react';
import { forwardRef } from 'react';

/**
 * Chakra's button, except that while `loading` its words stay beside the spinner
 * (Chakra hides them), so a busy button keeps its accessible name and its meaning.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(props, ref) {
  const { loading, loadingText, children } = props;
  return (
    <ChakraButton
      ref={ref}
      {...props}
      loadingText={loading ? (loadingText ?? children) : loadingText}
    />
  );
});
