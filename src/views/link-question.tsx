import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Button } from '../components/button.tsx';

export interface LinkQuestionProps {
  question: ReactNode;
  /** Why the last try failed, announced; none before a try. */
  failure?: string | undefined;
  /** The button's words: what it does. */
  action: string;
  /** The action is under way: the button spins. */
  busy: boolean;
  /** What the spinning button says, if not its words. */
  busyText?: string | undefined;
  onConfirm: () => void;
}

/**
 * A page opened from a mailed link (the undo of an e-mail change, an unsubscribe) asks
 * before it acts, since mail scanners open links: the question, the failure of the last
 * try, and the one button that acts.
 */
export function LinkQuestion({
  question,
  failure,
  action,
  busy,
  busyText,
  onConfirm,
}: LinkQuestionProps) {
  return (
    <Stack gap="4" align="flex-start">
      <Text>{question}</Text>
      {failure && (
        <Text color="fg.error" role="alert">
          {failure}
        </Text>
      )}
      <Button colorPalette="blue" loading={busy} loadingText={busyText} onClick={onConfirm}>
        {action}
      </Button>
    </Stack>
  );
}
