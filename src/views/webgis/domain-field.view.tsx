import { Flex, Input } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { FieldFrame } from '../../forms/field-frame.tsx';
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
    <FieldFrame
      label={t`Domain name`}
      required
      error={error}
      helperText={t`Your Web GIS will open at ${address}${suffix}`}
      size="caption"
    >
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
    </FieldFrame>
  );
}
