import type { StandardSchemaV1 } from '@tanstack/react-form';
import { useState, useSyncExternalStore, type ReactNode } from 'react';

/*
 * A form engine for a form of text fields checked by one schema, as the sign-in form is:
 * the part of TanStack Form the kit uses (decision 0005), kept the same way, without
 * its 11 KiB gzip, which the first visit would load for the sign-in form alone
 * (decision 0036). What it keeps as TanStack's form does:
 * - a changed field is touched, and the schema checks every field's value again;
 * - a field left is touched, and checked no further;
 * - a field's errors are the schema's issues at its path, in order;
 * - `setFieldValue`, `setFieldMeta` and `validate('change')` for `touchAndSubmit`.
 * It takes no rule of a single field (the kit's `validate`): a form with one uses TanStack's.
 */

/** A rule's issue, as a Standard Schema reports it. */
type Issue = NonNullable<
  Exclude<ReturnType<StandardSchemaV1['~standard']['validate']>, Promise<unknown>>['issues']
>[number];

export interface PlainFieldMeta {
  isTouched: boolean;
  errors: readonly Issue[];
}

interface PlainState<TValues> {
  values: TValues;
  fieldMeta: Readonly<Record<string, PlainFieldMeta>>;
}

/** The field API a kit's field is given, as TanStack's FieldApi has it. */
export interface PlainFieldApi {
  state: { value: unknown; meta: PlainFieldMeta };
  handleChange: (value: unknown) => void;
  handleBlur: () => void;
}

export interface PlainForm<TValues> {
  readonly state: PlainState<TValues>;
  getFieldValue: (name: string) => unknown;
  setFieldValue: (name: string, value: unknown) => void;
  setFieldMeta: (name: string, update: (meta: PlainFieldMeta) => PlainFieldMeta) => void;
  validate: (cause: 'change') => void;
  /** The field's API as it is now; `Field` draws it anew at every change. */
  field: (name: string) => PlainFieldApi;
  Field: (props: { name: string; children: (field: PlainFieldApi) => ReactNode }) => ReactNode;
}

const untouched: PlainFieldMeta = { isTouched: false, errors: [] };

/** The issue's field: the first key of its path. */
const fieldOf = (issue: Issue): string => {
  const key = issue.path?.[0];
  return String(typeof key === 'object' ? key.key : key);
};

export function createPlainForm<TValues extends object>(
  defaultValues: TValues,
  schema?: StandardSchemaV1<TValues> | undefined,
): PlainForm<TValues> {
  let state: PlainState<TValues> = { values: defaultValues, fieldMeta: {} };
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const snapshot = () => state;
  const set = (next: PlainState<TValues>) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const meta = (name: string) => state.fieldMeta[name] ?? untouched;
  const values = () => state.values as Record<string, unknown>;

  const form: PlainForm<TValues> = {
    get state() {
      return state;
    },
    getFieldValue: (name) => values()[name],
    // As TanStack's: a value set is a value the user gave, so the field is touched.
    setFieldValue: (name, value) =>
      set({
        values: { ...values(), [name]: value } as TValues,
        fieldMeta: { ...state.fieldMeta, [name]: { ...meta(name), isTouched: true } },
      }),
    setFieldMeta: (name, update) =>
      set({ ...state, fieldMeta: { ...state.fieldMeta, [name]: update(meta(name)) } }),
    validate: () => {
      if (!schema) return;
      const result = schema['~standard'].validate(state.values);
      if (result instanceof Promise) throw new Error('The plain form checks synchronously');
      const issues = new Map<string, Issue[]>();
      for (const issue of result.issues ?? []) {
        const name = fieldOf(issue);
        issues.set(name, [...(issues.get(name) ?? []), issue]);
      }
      const names = new Set([...Object.keys(values()), ...Object.keys(state.fieldMeta)]);
      const fieldMeta: Record<string, PlainFieldMeta> = {};
      for (const name of names) fieldMeta[name] = { ...meta(name), errors: issues.get(name) ?? [] };
      set({ ...state, fieldMeta });
    },
    field: (name) => ({
      state: { value: values()[name], meta: meta(name) },
      handleChange: (value) => {
        form.setFieldValue(name, value);
        form.validate('change');
      },
      handleBlur: () => {
        if (!meta(name).isTouched)
          form.setFieldMeta(name, (prev) => ({ ...prev, isTouched: true }));
      },
    }),
    Field: function PlainField({ name, children }) {
      useSyncExternalStore(subscribe, snapshot, snapshot);
      return children(form.field(name));
    },
  };
  return form;
}

/** One plain form per mount, as TanStack's `useForm` makes one FormApi. */
export function usePlainForm<TValues extends object>(
  defaultValues: TValues,
  schema?: StandardSchemaV1<TValues> | undefined,
): PlainForm<TValues> {
  const [form] = useState(() => createPlainForm(defaultValues, schema));
  return form;
}
