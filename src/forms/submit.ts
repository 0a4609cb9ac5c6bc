import type { AnyFormApi } from '@tanstack/react-form';
import type { SmallForm } from './use-small-form.tsx';

type AnyForm = AnyFormApi | SmallForm<Record<string, string>>;

/**
 * Submitting a form: every field shows its rule, then the machine gets the values
 * and decides (it checks them with the same schema). Not form.handleSubmit: that
 * stops early once any field has an error, leaving the other fields untouched.
 */
export async function touchAndSubmit<TForm extends AnyForm>(
  form: TForm,
  fields: readonly string[],
  submit: (values: TForm['state']['values']) => void,
): Promise<void> {
  const any: AnyForm = form;
  for (const name of fields) {
    // The same change on either kind of form; each types its own field meta.
    if ('store' in any) any.setFieldMeta(name, (meta) => ({ ...meta, isTouched: true }));
    else any.setFieldMeta(name, (meta) => ({ ...meta, isTouched: true }));
  }
  await form.validate('change');
  submit(form.state.values);
}
