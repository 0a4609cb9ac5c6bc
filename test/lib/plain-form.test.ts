import { FieldApi, FormApi, type AnyFieldApi, type AnyFormApi } from '@tanstack/react-form';
import { describe, expect, it } from 'vitest';
import { LoginForm } from '../../contract/auth.ts';
import { createPlainForm, type PlainForm } from '../../src/forms/plain-form.tsx';
import { touchAndSubmit } from '../../src/forms/submit.ts';
import { leaveTrimmed } from '../../src/forms/trim.ts';

/*
 * The plain form (the sign-in form's engine, decision 0036) keeps a form as TanStack
 * Form does: the same steps on both leave the same values, touched flags and errors.
 */

const defaults = { login: '', password: '' };
const names = ['login', 'password'] as const;
type Name = (typeof names)[number];

interface Engine {
  change: (name: Name, value: string) => void;
  blur: (name: Name) => void;
  leave: (name: Name) => void;
  submit: () => Promise<unknown>;
  /** What a kit's field shows and sends: values, touched flags, the issues' messages. */
  seen: () => unknown;
}

function tanstack(): Engine {
  // TanStack's types of a form with a schema are not its AnyFormApi's: the kit's own cast.
  const form = new FormApi({
    defaultValues: defaults,
    validators: { onChange: LoginForm },
  }) as unknown as AnyFormApi;
  form.mount();
  const fields = Object.fromEntries(
    names.map((name) => {
      const field = new FieldApi({ form, name });
      field.mount();
      return [name, field];
    }),
  ) as Record<Name, AnyFieldApi>;
  return {
    change: (name, value) => fields[name].handleChange(value),
    blur: (name) => fields[name].handleBlur(),
    leave: (name) => leaveTrimmed(fields[name]),
    submit: () => touchAndSubmit(form, names, () => undefined),
    seen: () =>
      names.map((name) => {
        const { value, meta } = fields[name].state;
        return [
          value,
          meta.isTouched,
          meta.errors.map((issue: { message?: string } | undefined) => issue?.message),
        ];
      }),
  };
}

function plain(): Engine {
  const form: PlainForm<typeof defaults> = createPlainForm(defaults, LoginForm);
  const api = (name: Name) => form.field(name);
  return {
    change: (name, value) => api(name).handleChange(value),
    blur: (name) => api(name).handleBlur(),
    leave: (name) => leaveTrimmed(api(name) as unknown as Parameters<typeof leaveTrimmed>[0]),
    submit: () => touchAndSubmit(form as never, names, () => undefined),
    seen: () =>
      names.map((name) => {
        const { value, meta } = api(name).state;
        return [value, meta.isTouched, meta.errors.map((issue) => issue.message)];
      }),
  };
}

type Step = (engine: Engine) => unknown;
const scripts: Record<string, Step[]> = {
  'typing, emptying and leaving': [
    (e) => e.change('login', 'a'),
    (e) => e.change('login', ''),
    (e) => e.blur('password'),
    (e) => e.change('password', 'x'.repeat(129)),
    (e) => e.leave('login'),
  ],
  'leaving untouched fields': [(e) => e.blur('password'), (e) => e.leave('login')],
  'trailing spaces left and submitted': [
    (e) => e.change('login', 'anna '),
    (e) => e.leave('login'),
    (e) => e.change('login', 'anna  '),
    (e) => e.change('password', ' secret '),
    (e) => e.submit(),
  ],
  'submitting an empty form': [(e) => e.submit()],
};

describe('plain form', () => {
  for (const [name, steps] of Object.entries(scripts)) {
    it(`keeps the form as TanStack Form does: ${name}`, async () => {
      const engines = [tanstack(), plain()];
      for (const step of steps) {
        for (const engine of engines) await step(engine);
        const [expected, actual] = engines.map((engine) => engine.seen());
        expect(actual).toEqual(expected);
      }
    });
  }
});
