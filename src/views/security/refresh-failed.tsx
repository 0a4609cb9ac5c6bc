import { Flex, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/button.tsx';

/** Under a list kept shown: its refresh failed (`said`), with Try again. */
export function RefreshFailed({ said, onRetry }: { said: string; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <Flex gap="3" align="center" wrap="wrap">
      <Text color="fg.error">{said}</Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t`Try again`}
      </Button>
    </Flex>
  );
}
