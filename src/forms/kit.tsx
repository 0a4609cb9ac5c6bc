import type { ComponentType } from 'react';
import { Field, type Bound, type Kit, type TextFieldName } from './kit-core.tsx';
import { SelectField as SelectControl } from './select-field.tsx';
import { TextareaField as TextareaControl } from './textarea-field.tsx';

/*
 * The form kit (decision 0005), used as a namespace: `import * as Form from '…/kit.tsx'`:
 * `kit-core.tsx`, and the fields whose controls carry their own recipes (decision 0009).
 */

export * from './kit-core.tsx';

/** The props a control of the kit gets from its field. */
interface ControlProps {
  name: string;
  value: string;
  error?: string | undefined;
  onValueChange: (value: string) => void;
  onBlur: () => void;
}

export type BoundControlProps<P, TValues, TName extends TextFieldName<TValues>> = Omit<P, Bound> & {
  kit: Kit<TValues>;
  name: TName;
};

/** A control that takes a text value, bound to a kit form's field. */
function boundControl<P extends ControlProps>(Control: ComponentType<P>) {
  return function BoundControl<TValues, TName extends TextFieldName<TValues>>({
    kit,
    name,
    ...props
  }: BoundControlProps<P, TValues, TName>) {
    return (
      <Field kit={kit} name={name}>
        {(field) => {
          const bound: ControlProps = {
            name,
            value: field.value as string,
            error: field.error,
            onValueChange: (value) => field.change(value as TValues[TName]),
            onBlur: field.blur,
          };
          return <Control {...({ ...bound, ...props } as unknown as P)} />;
        }}
      </Field>
    );
  };
}

/** A kit form's native select: `src/forms/select-field.tsx`'s SelectField bound to its field. */
export const SelectField = boundControl(SelectControl);

/** A kit form's text area: `src/forms/textarea-field.tsx`'s TextareaField bound to its field. */
export const TextareaField = boundControl(TextareaControl);
