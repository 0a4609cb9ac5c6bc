import { Box, Field, Flex, Input } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { trimTyped } from '../../forms/trim.ts';

export interface DomainFieldViewProps {
  value: string;
  /** The instance domain, shown after the field (section 2). */
  domain: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
  onBlur: () => void;
}

/** The domain name with the instance-domain suffix, and the address it makes. */
export function DomainFieldView({
  value,
  domain,
  error,
  onValueChange,
  onBlur,
}: DomainFieldViewProps) {
  const { t } = useLingui();
  const suffix = `.${domain}`;
  const address = value.trim().toLowerCase();
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label>
        {t`Domain name`}
        <Field.RequiredIndicator />
      </Field.Label>
      <Flex width="full">
        <Input
          name="subdomain_name"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          borderEndRadius="0"
          value={value}
          onChange={(e) => onValueChange(trimTyped(e.target.value))}
          onBlur={onBlur}
        />
        <Flex
          align="center"
          px="3"
          borderWidth="1px"
          borderStartWidth="0"
          borderEndRadius="l2"
          bg="bg.muted"
          whiteSpace="nowrap"
          data-testid="domain-suffix"
        >
          {suffix}
        </Flex>
      </Flex>
      {/* The message line keeps its height, as in the other forms. */}
      <Box minH="5" textStyle="caption">
        {error ? (
          <Field.ErrorText mt="0">{error}</Field.ErrorText>
        ) : (
          <Field.HelperText mt="0">{t`Your Web GIS will open at ${address}${suffix}`}</Field.HelperText>
        )}
      </Box>
    </Field.Root>
  );
}
