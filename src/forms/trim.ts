/**
 * Section 5: text values are trimmed as typed. Whitespace before the first character
 * goes at once, as it is typed or pasted; whitespace after the last character goes
 * when the field is left and at submit, so the space between "Anna" and "Maria" can
 * still be typed (decision 0024). Passwords are never trimmed.
 */
export function trimTyped(value: string): string {
  return value.replace(/^\s+/u, '');
}

/** The field is a password, whose every character counts. */
export function isPasswordField(name: string): boolean {
  return /password/iu.test(name);
}

interface TextFieldApi {
  state: { value: string };
  handleChange: (value: string) => void;
  handleBlur: () => void;
}

/**
 * Leaving a text field: its trailing whitespace goes, and the field is checked and
 * marked touched, so its rule shows from now on.
 */
export function leaveTrimmed(field: TextFieldApi): void {
  field.handleChange(field.state.value.trim());
  field.handleBlur();
}
