import type { AnyFormApi } from '@tanstack/react-form';

/**
 * Submitting a form: every field shows its rule, then the machine gets the values
 * and decides (it checks them with the same schema). Not form.handleSubmit: that
 * stops early once any field has an error, leaving the other fields untouched.
 */
export async function touchAndSubmit(
  form: AnyFormApi,
  fields: readonly string[],
  submit: (values: AnyFormApi['state']['values']) => void,
): Promise<void> {
  for (const name of fields) form.setFieldMeta(name, (meta) => ({ ...meta, isTouched: true }));
  await form.validate('change');
  submit(form.state.values);
}
