import { Box, Field, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SelectFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  /** Text of the empty choice; without it a value must be chosen. */
  placeholder?: string;
  error?: string | undefined;
  required?: boolean;
  onValueChange: (value: string) => void;
  onBlur: () => void;
}

/** A labelled native select with its message line, like TextField. */
export function SelectField({
  label,
  name,
  value,
  options,
  placeholder,
  error,
  required,
  onValueChange,
  onBlur,
}: SelectFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={name}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          onBlur={onBlur}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Box minH="5" fontSize="sm">
        {error && <Field.ErrorText mt="0">{error}</Field.ErrorText>}
      </Box>
    </Field.Root>
  );
}
