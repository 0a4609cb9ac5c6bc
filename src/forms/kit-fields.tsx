import { chakra, type ButtonProps } from '@chakra-ui/react';
import type { AnyFormApi, FormValidateOrFn, StandardSchemaV1 } from '@tanstack/react-form';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { ServerErrors } from '../../machines/field-errors.ts';
import { Button } from '../components/button.tsx';
import { TextField as TextControl, type TextFieldProps as TextControlProps } from './field.tsx';
import type { ExtraMessages } from './issue-message.ts';
import { touchAndSubmit } from './submit.ts';
import { leaveTrimmed } from './trim.ts';
import { useFieldError } from './use-field-error.ts';
import type { FormDraft } from './use-form-draft.ts';

/*
 * The form kit (decision 0005), used as a namespace: `import * as Form from '…/kit.tsx'`.
 * This module is the kit without its form engine, the select and the text area:
 * `kit-core.tsx` binds it to TanStack Form, `kit.tsx` adds the select and the text area,
 * which carry their own recipes, and the sign-in form, the first visit, binds it to the
 * plain form of `plain-form.tsx` (`plain-kit.tsx`), so that page loads none of them
 * (decisions 0009, 0036).
 * A form view names its fields, and the kit wires each to TanStack Form (value, touched
 * flag, the schema's rule) and to the machine (the server's error for the field,
 * `field.edit` when it changes), trims text as decision 0024 says, keeps the form's
 * draft (decision 0025) and submits through `touchAndSubmit`.
 */

/** A field of the form by name. */
export type FieldName<TValues> = keyof TValues & string;

/** The fields whose value is text (text inputs, selects, text areas). */
export type TextFieldName<TValues> = {
  [K in FieldName<TValues>]: TValues[K] extends string | undefined ? K : never;
}[FieldName<TValues>];

/** What a form tells its machine when a field changes: the machine drops its server error. */
export interface FieldEdit<TName extends string> {
  type: 'field.edit';
  field: TName;
}

/** What a form tells its machine when it is submitted: the values, trimmed. */
export interface FormSubmit<TValues> {
  type: 'form.submit';
  values: TValues;
}

/** The props of a form view whose state lives in its flow's machine. */
export interface ViewProps<TEvent> {
  busy: boolean;
  serverErrors: ServerErrors;
  send: (event: TEvent) => void;
  /** The form a refused submit scrolls to (`useFormFlow`). */
  formRef?: RefObject<HTMLFormElement | null> | undefined;
}

/** What binds a form to its machine: the form view's props. */
export interface MachineBinding<TEvent> {
  /** The machine is submitting: the submit button spins. */
  busy?: boolean | undefined;
  /** The machine's errors from the server, by field. */
  serverErrors: ServerErrors;
  send: (event: TEvent) => void;
  formRef?: RefObject<HTMLFormElement | null> | undefined;
  /** The form's draft kept across the session's end (decision 0025), on account pages. */
  draft?: FormDraft | undefined;
}

export interface MachineFormOptions<TValues> {
  defaultValues: TValues;
  /** The contract's schema: every field's rule, checked as the user types. */
  schema?: FormValidateOrFn<NoInfer<TValues>> | undefined;
  /** Texts for the form's own codes (the on-premise form's, say). */
  messages?: ExtraMessages | undefined;
  /** The fields checked and shown with their rules at submit; all the form's by default. */
  fields?: readonly FieldName<NoInfer<TValues>>[] | undefined;
}

interface FieldMeta {
  isTouched: boolean;
  errors: readonly unknown[];
}

/** The part of TanStack's field API the kit uses. */
interface FieldApi {
  state: { value: unknown; meta: FieldMeta };
  handleChange: (value: unknown) => void;
  handleBlur: () => void;
}

type LooseField = (props: {
  name: string;
  validators?: { onChange?: unknown } | undefined;
  children: (field: FieldApi) => ReactNode;
}) => ReactNode;

/** A form bound to its machine: what the kit's fields and `Root` are given. */
export interface Kit<TValues> {
  /** TanStack's form: the values, touched flags and the rules' errors. */
  form: AnyFormApi & { Field: unknown };
  /** The one message a field shows: its rule once touched, else the server's error. */
  fieldError: (meta: FieldMeta, name: string) => string | undefined;
  /** The field was edited: the machine drops the server's error for it. */
  edit: (name: FieldName<TValues>) => void;
  /** Every field shows its rule, then the machine gets the values (`touchAndSubmit`). */
  submit: () => void;
  /** The form element, for `useFormFlow`'s scroll to the first error. */
  formRef?: RefObject<HTMLFormElement | null> | undefined;
  /** The machine is submitting. */
  busy: boolean;
}

/**
 * The form of a form view, bound to its machine: the view's props (`send`, the server
 * errors, the form's ref and draft), the form's options and the form the engine made of
 * them (`kit-core.tsx`'s `useMachineForm`, `plain-kit.tsx`'s). Submitting sends
 * `form.submit` with the values, unless the form's `onSubmit` sends another event.
 */
export function useMachineKit<TValues extends object>(
  view: MachineBinding<never>,
  {
    defaultValues,
    messages,
    fields,
    onSubmit,
  }: MachineFormOptions<TValues> & { onSubmit?: ((values: TValues) => void) | undefined },
  form: Kit<TValues>['form'],
): Kit<TValues> {
  const { serverErrors, formRef, draft, busy = false } = view;
  // The engines' overloads have checked what the machine takes.
  const send = view.send as (event: FieldEdit<string> | FormSubmit<TValues>) => void;
  const fieldError = useFieldError(serverErrors, messages);
  useDraftConnection(draft, form);
  return {
    form,
    fieldError,
    edit: (name) => send({ type: 'field.edit', field: name }),
    submit: () => {
      const names = fields ?? (Object.keys(defaultValues) as FieldName<TValues>[]);
      void touchAndSubmit(form, names, (submitted) => {
        const values = submitted as TValues;
        if (onSubmit) onSubmit(values);
        else send({ type: 'form.submit', values });
      });
    },
    formRef,
    busy,
  };
}

/** `useMachineForm`'s two forms: the machine gets `form.submit`, or the form's `onSubmit` runs. */
export interface UseMachineForm {
  <TValues extends object>(
    view: MachineBinding<NoInfer<FieldEdit<FieldName<TValues>> | FormSubmit<TValues>>>,
    options: MachineFormOptions<TValues> & { onSubmit?: undefined },
  ): Kit<TValues>;
  <TValues extends object>(
    view: MachineBinding<NoInfer<FieldEdit<FieldName<TValues>>>>,
    options: MachineFormOptions<TValues> & { onSubmit: (values: TValues) => void },
  ): Kit<TValues>;
}

/**
 * Connects the form to its draft (decision 0025), which keeps and restores its values;
 * how lives with the draft, in `use-form-draft.ts`, which the sign-in page never loads.
 */
function useDraftConnection(draft: FormDraft | undefined, form: AnyFormApi): void {
  const formRef = useRef(form);
  useEffect(() => {
    formRef.current = form;
  });
  const connectForm = draft?.connectForm;
  useEffect(() => connectForm?.(() => formRef.current), [connectForm]);
}

export interface RootProps<TValues> {
  kit: Kit<TValues>;
  /** The form's accessible name. */
  label: string;
  children: ReactNode;
}

/**
 * The form element: named, left to the kit's own checks (`noValidate`), and submitted
 * with every field touched.
 */
export function Root<TValues>({ kit, label, children }: RootProps<TValues>) {
  const { formRef, submit } = kit;
  return (
    <chakra.form
      ref={formRef}
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {children}
    </chakra.form>
  );
}

export interface SubmitProps<TValues> extends Omit<ButtonProps, 'type' | 'loading'> {
  kit: Kit<TValues>;
  /** What the button says while the machine submits. */
  busyText?: string;
}

/** The form's submit button: it spins, its words beside the spinner, while the machine submits. */
export function Submit<TValues>({ kit, busyText, ...button }: SubmitProps<TValues>) {
  return (
    <Button
      type="submit"
      colorPalette="blue"
      {...button}
      loading={kit.busy}
      loadingText={busyText}
    />
  );
}

/** One field of a kit form, as its control needs it. */
export interface BoundField<TValue> {
  name: string;
  value: TValue;
  error: string | undefined;
  /** The user changed the value: the form checks it, the machine drops the server's error. */
  change: (value: TValue) => void;
  /** The user left the control: the field is touched, and checked. */
  blur: () => void;
  /** The user left a text field: its trailing whitespace goes, then as `blur` (decision 0024). */
  leave: () => void;
}

export interface FieldProps<TValues, TName extends FieldName<TValues>> {
  kit: Kit<TValues>;
  name: TName;
  /** A rule of this field alone, beside the form's schema. */
  validate?: StandardSchemaV1<TValues[TName], unknown> | undefined;
  children: (field: BoundField<TValues[TName]>) => ReactNode;
}

/** A field of a kit form for a control of the view's own (a checkbox, cards). */
export function Field<TValues, TName extends FieldName<TValues>>({
  kit,
  name,
  validate,
  children,
}: FieldProps<TValues, TName>) {
  const FormField = kit.form.Field as LooseField;
  return (
    <FormField name={name} validators={validate && { onChange: validate }}>
      {(field) =>
        children({
          name,
          value: field.state.value as TValues[TName],
          error: kit.fieldError(field.state.meta, name),
          change: (value) => {
            field.handleChange(value);
            kit.edit(name);
          },
          blur: field.handleBlur,
          leave: () => leaveTrimmed(field as Parameters<typeof leaveTrimmed>[0]),
        })
      }
    </FormField>
  );
}

export type Bound = 'name' | 'value' | 'error' | 'onValueChange' | 'onBlur';

export type TextFieldProps<TValues, TName extends TextFieldName<TValues>> = Omit<
  TextControlProps,
  Bound
> & {
  kit: Kit<TValues>;
  name: TName;
  validate?: FieldProps<TValues, TName>['validate'];
  /** What a typed value becomes (the code's digits, say) before the form takes it. */
  reshape?: ((typed: string) => string) | undefined;
  /**
   * Leaving the field trims its trailing whitespace and checks it (`leaveTrimmed`): on
   * wherever the value is trimmed as typed (not for a password), unless a form says
   * otherwise.
   */
  trimOnLeave?: boolean;
};

/** A kit form's text input: `src/forms/field.tsx`'s TextField bound to its field. */
export function TextField<TValues, TName extends TextFieldName<TValues>>({
  kit,
  name,
  validate,
  reshape,
  trimOnLeave,
  ...props
}: TextFieldProps<TValues, TName>) {
  const trims = trimOnLeave ?? props.trim ?? props.type !== 'password';
  return (
    <Field kit={kit} name={name} validate={validate}>
      {(field) => (
        <TextControl
          name={name}
          value={(field.value as string | undefined) ?? ''}
          error={field.error}
          onValueChange={(value) => field.change((reshape ? reshape(value) : value) as never)}
          onBlur={trims ? field.leave : field.blur}
          {...props}
        />
      )}
    </Field>
  );
}
