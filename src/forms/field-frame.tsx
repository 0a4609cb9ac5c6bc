import { Box, Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FieldMessageProps {
  error?: string | undefined;
  helperText?: ReactNode;
  /**
   * The line's type: the form kit's fields say it in the small size, the bare fields
   * (domain name, team member, the terms) in the caption style.
   */
  size?: 'sm' | 'caption';
}

/**
 * The line under a field: its error, else its hint. It keeps its height, so a message
 * appearing on blur does not move the button under the pointer and swallow the click.
 */
export function FieldMessage({ error, helperText, size = 'sm' }: FieldMessageProps) {
  return (
    <Box minH="5" {...(size === 'sm' ? { fontSize: 'sm' } : { textStyle: 'caption' })}>
      {error ? (
        <Field.ErrorText mt="0">{error}</Field.ErrorText>
      ) : (
        helperText && <Field.HelperText mt="0">{helperText}</Field.HelperText>
      )}
    </Box>
  );
}

export interface FieldFrameProps extends FieldMessageProps {
  /** The field's label; a control that labels itself (a checkbox) has none. */
  label?: ReactNode;
  required?: boolean | undefined;
  children: ReactNode;
}

/**
 * What every field draws around its control: the label (with the required mark), the
 * control, and the message line; the error marks the field invalid, which gives the
 * control `aria-invalid` and ties the message to it.
 */
export function FieldFrame({ label, required, children, ...message }: FieldFrameProps) {
  return (
    <Field.Root invalid={Boolean(message.error)} required={required}>
      {label !== undefined && (
        <Field.Label>
          {label}
          {required && <Field.RequiredIndicator />}
        </Field.Label>
      )}
      {children}
      <FieldMessage {...message} />
    </Field.Root>
  );
}
