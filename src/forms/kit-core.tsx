import { useMachineKit, type MachineFormOptions, type UseMachineForm } from './kit-fields.tsx';
import { useForm } from './use-form.tsx';

/*
 * The form kit (decision 0005) bound to TanStack Form, without the select and the text
 * area, which carry their own recipes (`kit.tsx` adds them): used as a namespace,
 * `import * as Form from '…/kit-core.tsx'`. The kit's fields are in `kit-fields.tsx`.
 */

export * from './kit-fields.tsx';

/**
 * The form of a form view, bound to its machine (`useMachineKit`), its values and rules
 * kept by TanStack Form.
 */
export const useMachineForm: UseMachineForm = <TValues extends object>(
  view: Parameters<typeof useMachineKit<TValues>>[0],
  options: MachineFormOptions<TValues> & { onSubmit?: ((values: TValues) => void) | undefined },
) => {
  const form = useForm({
    defaultValues: options.defaultValues,
    validators: { onChange: options.schema },
  });
  return useMachineKit(view, options, form);
};
