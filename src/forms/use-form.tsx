import { Field, FormApi, type AnyFormApi, type AnyFormOptions } from '@tanstack/react-form';
import { useId, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';

/** What a form's Field takes: TanStack's Field's props but the form, which it is bound to. */
type BoundFieldProps = Omit<Parameters<typeof Field>[0], 'form'>;

/**
 * The form useForm answers: TanStack's FormApi and its Field component. The kit, its one
 * user, types the values and the rules itself (`MachineFormOptions`), so this hook does
 * not carry TanStack's twelve type parameters.
 */
export type Form = AnyFormApi & { Field: (props: BoundFieldProps) => ReactNode };

/**
 * TanStack Form's useForm without what the app does not use. The library's hook also
 * attaches form groups, whose FormGroupApi (some 3 KB gzip) then ships with every page
 * that has a form, the sign-in page first (decision 0009). This is its code otherwise:
 * one FormApi per mount, mounted and given the latest options at each render.
 */
export function useForm(opts: AnyFormOptions): Form {
  const formId = useId();
  const [formApi] = useState<AnyFormApi>(
    () => new FormApi({ ...opts, formId: opts.formId ?? formId }),
  );
  const form = useMemo(() => {
    // FormApi's methods are own properties, so the spread carries them; its getters
    // are not, so they are forwarded, as TanStack's own hook does.
    const extended = {
      ...formApi,
      handleSubmit: formApi.handleSubmit.bind(formApi),
      get formId() {
        return formApi.formId;
      },
      get state() {
        return formApi.state;
      },
      Field: function FormField(props: BoundFieldProps) {
        return <Field {...props} form={formApi} />;
      },
    };
    return extended as typeof extended & AnyFormApi;
  }, [formApi]);
  useLayoutEffect(() => formApi.mount(), [formApi]);
  useLayoutEffect(() => {
    formApi.update(opts);
  });
  return form;
}
