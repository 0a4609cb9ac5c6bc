import { Box, Field, NativeSelect } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme';
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

/**
 * A labelled native select with its message line, like TextField. It carries its own
 * recipe: the sign-in page has no select, so the theme the first visit loads leaves it
 * out (decision 0009).
 */
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
      <NativeSelect.Root recipe={nativeSelectSlotRecipe}>
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
