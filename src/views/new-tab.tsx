import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/** Heard by screen readers after a link out of the portal: it opens in a new tab. */
export function NewTabNote() {
  const { t } = useLingui();
  return (
    <Text as="span" srOnly>
      {' '}
      {t`(opens in a new tab)`}
    </Text>
  );
}
