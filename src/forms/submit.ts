import type { AnyFormApi } from '@tanstack/react-form';
import { isPasswordField } from './trim.ts';

/**
 * Submitting a form: every field shows its rule, then the machine gets the values
 * and decides (it checks them with the same schema). Not form.handleSubmit: that
 * stops early once any field has an error, leaving the other fields untouched.
 * Text values go trimmed (section 5): a value submitted with Enter was never left, so
 * its trailing whitespace goes here; passwords are sent as typed.
 */
export async function touchAndSubmit(
  form: AnyFormApi,
  fields: readonly string[],
  submit: (values: AnyFormApi['state']['values']) => void,
): Promise<void> {
  for (const name of fields) {
    const value: unknown = form.getFieldValue(name);
    if (typeof value === 'string' && !isPasswordField(name) && value !== value.trim()) {
      form.setFieldValue(name, value.trim());
    }
    form.setFieldMeta(name, (meta) => ({ ...meta, isTouched: true }));
  }
  await form.validate('change');
  submit(form.state.values);
}
