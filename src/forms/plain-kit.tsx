import type { StandardSchemaV1 } from '@tanstack/react-form';
import {
  useMachineKit,
  type Kit,
  type MachineFormOptions,
  type UseMachineForm,
} from './kit-fields.tsx';
import { usePlainForm } from './plain-form.tsx';

/*
 * The form kit (decision 0005) bound to the plain form (`plain-form.tsx`) instead of
 * TanStack Form: the sign-in form's, so the first visit does not load TanStack Form
 * (decision 0036). Used as a namespace, `import * as Form from '…/plain-kit.tsx'`.
 */

export * from './kit-fields.tsx';

/** The form of a form view, bound to its machine (`useMachineKit`), kept by the plain form. */
export const useMachineForm: UseMachineForm = <TValues extends object>(
  view: Parameters<typeof useMachineKit<TValues>>[0],
  options: MachineFormOptions<TValues> & { onSubmit?: ((values: TValues) => void) | undefined },
) => {
  const form = usePlainForm(options.defaultValues, options.schema as StandardSchemaV1<TValues>);
  // The kit uses the part of TanStack's form the plain form has.
  return useMachineKit(view, options, form as unknown as Kit<TValues>['form']);
};
