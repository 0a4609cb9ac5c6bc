import { Field, Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputProps, 'onChange' | 'onBlur' | 'value'> {
  label: ReactNode;
  name: string;
  value: string;
  error?: string | undefined;
  helperText?: ReactNode;
  onValueChange: (value: string) => void;
  onBlur: () => void;
}

/** A labelled text input whose error sits at the field and is announced with it. */
export function TextField({
  label,
  name,
  value,
  error,
  helperText,
  onValueChange,
  onBlur,
  required,
  ...input
}: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        name={name}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        onBlur={onBlur}
        {...input}
      />
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
