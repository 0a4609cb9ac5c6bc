import { NativeSelect } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';
import { FieldFrame } from './field-frame.tsx';

export interface SelectFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  /** `lang`: a choice named in its own language (a language's name). */
  options: readonly { value: string; label: string; lang?: string }[];
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
    <FieldFrame label={label} required={required} error={error}>
      <NativeSelect.Root recipe={nativeSelectSlotRecipe}>
        <NativeSelect.Field
          name={name}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          onBlur={onBlur}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value} lang={o.lang}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldFrame>
  );
}
