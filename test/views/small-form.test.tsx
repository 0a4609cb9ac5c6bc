import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { TextField } from '../../src/forms/field.tsx';
import { touchAndSubmit } from '../../src/forms/submit.ts';
import { useFieldError } from '../../src/forms/use-field-error.ts';
import { useForm } from '../../src/forms/use-form.tsx';
import { useSmallForm, type SmallForm } from '../../src/forms/use-small-form.tsx';
import { Providers } from '../render/providers.tsx';

/*
 * The sign-in form keeps its fields in useSmallForm instead of TanStack Form (decision
 * 0009): the same steps must show the same messages with either.
 */

const Schema = v.object({
  login: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(5)),
  password: v.pipe(v.string(), v.nonEmpty('required'), v.minLength(3, 'minLength')),
});
const names = ['login', 'password'] as const;
const options = { defaultValues: { login: '', password: '' }, validators: { onChange: Schema } };

type Values = { login: string; password: string };

function Fields({ form }: { form: SmallForm<Values> | ReturnType<typeof useTanStack> }) {
  const fieldError = useFieldError({});
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void touchAndSubmit(form, names, () => {});
      }}
    >
      {names.map((name) => (
        <form.Field key={name} name={name}>
          {(field) => (
            <TextField
              name={name}
              label={name}
              value={field.state.value}
              error={fieldError(field.state.meta, name)}
              onValueChange={(value) => field.handleChange(value)}
              onBlur={() => field.handleBlur()}
            />
          )}
        </form.Field>
      ))}
      <button type="submit">Submit</button>
    </form>
  );
}

function useTanStack() {
  return useForm(options);
}
function TanStackForm() {
  return <Fields form={useTanStack()} />;
}
function SmallFormFields() {
  return <Fields form={useSmallForm(options)} />;
}

afterEach(cleanup);

/** The messages the fields show after each step, in order. */
async function walk(Form: () => React.ReactNode): Promise<string[]> {
  const user = userEvent.setup({ delay: null });
  render(
    <Providers locale="en">
      <Form />
    </Providers>,
  );
  // Each field's message, or '-' without one.
  const shown = () =>
    names
      .map((name) => {
        const root = screen.getByLabelText(name).closest('.chakra-field__root');
        return `${name}: ${root?.querySelector('.chakra-field__errorText')?.textContent ?? '-'}`;
      })
      .join('; ');
  const steps: string[] = [];
  const login = await screen.findByLabelText('login');
  const password = screen.getByLabelText('password');
  await user.click(login);
  await user.click(password);
  steps.push(shown());
  await user.click(login);
  await user.type(login, 'x');
  steps.push(shown());
  await user.clear(login);
  steps.push(shown());
  await user.type(login, 'toolong');
  steps.push(shown());
  await user.type(password, 'ab');
  steps.push(shown());
  await user.click(login);
  steps.push(shown());
  await user.clear(login);
  await user.clear(password);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await screen.findAllByText('This field is required');
  steps.push(shown());
  await user.type(password, 'abcd');
  steps.push(shown());
  return steps;
}

describe('the small form', () => {
  it('shows what TanStack Form shows, step by step', async () => {
    const tanstack = await walk(TanStackForm);
    cleanup();
    const small = await walk(SmallFormFields);
    expect(small).toEqual(tanstack);
    // The walk does reach the rules.
    expect(tanstack.join()).toContain('This field is required');
  });
});
