import { Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FieldFrame } from './field-frame.tsx';
import { trimTyped } from './trim.ts';

export interface TextFieldProps extends Omit<InputProps, 'onChange' | 'onBlur' | 'value'> {
  label: ReactNode;
  name: string;
  value: string;
  error?: string | undefined;
  helperText?: ReactNode;
  onValueChange: (value: string) => void;
  onBlur: () => void;
  /** Trim as typed (section 5): on unless the field is a password. */
  trim?: boolean;
}

/**
 * A labelled text input whose error sits at the field and is announced with it. Its
 * value is trimmed as typed: leading whitespace at once (decision 0024; the view's
 * `onBlur`, `leaveTrimmed`, takes the trailing whitespace); a password keeps every
 * character.
 */
export function TextField({
  label,
  name,
  value,
  error,
  helperText,
  onValueChange,
  onBlur,
  required,
  trim: trimOption,
  ...input
}: TextFieldProps) {
  const trim = trimOption ?? input.type !== 'password';
  return (
    <FieldFrame label={label} required={required} error={error} helperText={helperText}>
      <Input
        name={name}
        value={value}
        onChange={(e) => onValueChange(trim ? trimTyped(e.target.value) : e.target.value)}
        onBlur={onBlur}
        // A field the user cannot change looks it: muted, without the focus ring's invitation.
        {...(input.readOnly && { bg: 'bg.muted', color: 'fg.muted', cursor: 'default' })}
        {...input}
      />
    </FieldFrame>
  );
}
