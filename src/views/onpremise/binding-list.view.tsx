import { Box, Button, Flex, List, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { Binding } from '../../../contract/onpremise.ts';
import { formatDate } from '../../../contract/dates.ts';
import type { Locale } from '../../i18n/locale.ts';

export interface BindingListViewProps {
  bindings: Binding[];
  locale: Locale;
  canUnbind: (id: number) => boolean;
  onUnbind: (id: number) => void;
}

/** The bound identifiers, newest first: label, identifier, date bound, and Unbind. */
export function BindingListView({ bindings, locale, canUnbind, onUnbind }: BindingListViewProps) {
  const { t } = useLingui();
  if (bindings.length === 0) return <Text>{t`No identifiers are bound yet.`}</Text>;
  return (
    <List.Root variant="plain" gap="3" aria-label={t`Bound identifiers`}>
      {bindings.map((binding) => {
        const name = binding.label || t`No label`;
        return (
          <List.Item key={binding.id} borderWidth="1px" borderRadius="l2" p="4">
            <Flex gap="4" justify="space-between" align="center" wrap="wrap" width="full">
              <Stack gap="1" minW="0">
                <Text fontWeight="medium" color={binding.label ? undefined : 'fg.muted'}>
                  {name}
                </Text>
                <Box textStyle="identifier" wordBreak="break-all" userSelect="all">
                  {binding.identifier}
                </Box>
                <Text textStyle="caption" color="fg.muted">
                  {t`Bound on ${formatDate(binding.bound_at, locale)}`}
                </Text>
              </Stack>
              <Button
                variant="outline"
                colorPalette="red"
                size="sm"
                disabled={!canUnbind(binding.id)}
                onClick={() => onUnbind(binding.id)}
                aria-label={t`Unbind ${binding.identifier}`}
              >
                {t`Unbind`}
              </Button>
            </Flex>
          </List.Item>
        );
      })}
    </List.Root>
  );
}
