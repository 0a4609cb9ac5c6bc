import { Textarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';
import { FieldFrame } from './field-frame.tsx';

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
    <FieldFrame label={label} error={error} helperText={helperText}>
      <Textarea
        recipe={textareaRecipe}
        name={name}
        value={value}
        rows={rows}
        onChange={(e) => onValueChange(e.target.value)}
        onBlur={onBlur}
      />
    </FieldFrame>
  );
}
