import { useReducer, useState, type ReactNode } from 'react';
import * as v from 'valibot';

export interface SmallFieldMeta {
  isTouched: boolean;
  /** The schema's issues for the field at its last validation. */
  errors: readonly v.BaseIssue<unknown>[];
}

export interface SmallField {
  name: string;
  state: { value: string; meta: SmallFieldMeta };
  handleChange: (value: string) => void;
  handleBlur: () => void;
}

export interface SmallForm<TValues extends Record<string, string>> {
  state: { values: TValues };
  Field: (props: {
    name: keyof TValues & string;
    children: (field: SmallField) => ReactNode;
  }) => ReactNode;
  setFieldMeta: (
    name: keyof TValues & string,
    update: (meta: SmallFieldMeta) => SmallFieldMeta,
  ) => void;
  validate: (cause: 'change') => Promise<void>;
}

/**
 * The part of TanStack Form the sign-in form uses, with its interface and behaviour:
 * text fields, validated with one valibot schema whenever a field changes (and when
 * asked), each field touched once changed or left. TanStack Form would cost the first
 * visit some 10 KB gzip for two fields (decision 0009); every other form uses it
 * (useForm).
 */
export function useSmallForm<TValues extends Record<string, string>>({
  defaultValues,
  validators,
}: {
  defaultValues: TValues;
  validators: { onChange: v.GenericSchema };
}): SmallForm<TValues> {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [form] = useState(() => {
    const state = { values: { ...defaultValues } };
    const meta: Record<string, SmallFieldMeta> = {};
    for (const name of Object.keys(defaultValues)) meta[name] = { isTouched: false, errors: [] };

    function runValidation() {
      const issues: Record<string, v.BaseIssue<unknown>[]> = {};
      for (const issue of v.safeParse(validators.onChange, state.values).issues ?? []) {
        const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
        (issues[path] ??= []).push(issue);
      }
      for (const name of Object.keys(meta)) {
        meta[name] = { isTouched: meta[name]?.isTouched ?? false, errors: issues[name] ?? [] };
      }
    }

    function fieldOf(name: keyof TValues & string): SmallField {
      return {
        name,
        state: {
          value: state.values[name] ?? '',
          meta: meta[name] ?? { isTouched: false, errors: [] },
        },
        handleChange: (value) => {
          state.values = { ...state.values, [name]: value };
          meta[name] = { isTouched: true, errors: meta[name]?.errors ?? [] };
          runValidation();
          rerender();
        },
        handleBlur: () => {
          if (meta[name]?.isTouched) return;
          meta[name] = { isTouched: true, errors: meta[name]?.errors ?? [] };
          rerender();
        },
      };
    }

    const small: SmallForm<TValues> = {
      state,
      // One component for the form's life, as TanStack's form.Field: its fields keep
      // their inputs (and focus) across renders.
      Field: ({ name, children }) => children(fieldOf(name)),
      setFieldMeta: (name, update) => {
        meta[name] = update(meta[name] ?? { isTouched: false, errors: [] });
        rerender();
      },
      validate: async () => {
        runValidation();
        rerender();
      },
    };
    return small;
  });
  return form;
}
