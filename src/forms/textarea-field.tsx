import { Box, Field, Textarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';

export interface TextareaFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  error?: string | undefined;
  helperText?: ReactNode;
  rows?: number;
  onValueChange: (value: string) => void;
  onBlur: () => void;
}

/**
 * A labelled multi-line text field with its message line, like TextField. It carries
 * its own recipe: the sign-in page has no textarea, so the theme the first visit loads
 * leaves it out (decision 0009).
 */
export function TextareaField({
  label,
  name,
  value,
  error,
  helperText,
  rows = 4,
  onValueChange,
  onBlur,
}: TextareaFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Textarea
        recipe={textareaRecipe}
        name={name}
        value={value}
        rows={rows}
        onChange={(e) => onValueChange(e.target.value)}
        onBlur={onBlur}
      />
      <Box minH="5" fontSize="sm">
        {error ? (
          <Field.ErrorText mt="0">{error}</Field.ErrorText>
        ) : (
          helperText && <Field.HelperText mt="0">{helperText}</Field.HelperText>
        )}
      </Box>
    </Field.Root>
  );
}
