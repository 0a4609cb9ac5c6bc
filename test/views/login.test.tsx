import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { loginMachine } from '../../machines/login.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { LoginScreen } from '../../src/views/login/login-screen.tsx';
import { Providers } from '../render/providers.tsx';

type Submit = (input: {
  login: string;
  password: string;
  next: string;
}) => Promise<{ next: string }>;

function renderLogin(submit: Submit, locale: 'en' | 'ru' = 'en') {
  const onSignedIn = vi.fn();
  const machine = loginMachine.provide({
    actors: {
      submitLogin: fromPromise(({ input }) => submit(input)),
      // jsdom has no WebAuthn: the autofill offers nothing.
      watchPasskeyAutofill: fromPromise<{ next: string }, { next: string }>(
        () => new Promise<never>(() => {}),
      ),
    },
  });
  render(
    <Providers locale={locale}>
      <LoginScreen next="/en/profile" onSignedIn={onSignedIn} machine={machine} />
    </Providers>,
  );
  return { onSignedIn };
}

beforeAll(() => {
  // jsdom has no layout: scrolling is a no-op there.
  Element.prototype.scrollIntoView = () => {};
  window.scrollTo = () => {};
});
afterEach(cleanup);

describe('sign-in form', () => {
  it('shows a rule only once the field is touched', async () => {
    const user = userEvent.setup({ delay: null });
    renderLogin(vi.fn());
    const login = await screen.findByLabelText(/Username or email/);
    expect(screen.queryByText('This field is required')).toBeNull();
    await user.click(login);
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeTruthy();
  });

  it('does not submit an invalid form and puts the caret in the first field in error', async () => {
    const user = userEvent.setup({ delay: null });
    const submit = vi.fn<Submit>();
    renderLogin(submit);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(2));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText(/Username or email/)),
    );
    expect(submit).not.toHaveBeenCalled();
  });

  it('shows every rule on submit even when one field already has an error', async () => {
    const user = userEvent.setup({ delay: null });
    renderLogin(vi.fn());
    const login = await screen.findByLabelText(/Username or email/);
    await user.type(login, 'x');
    await user.clear(login);
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(2));
  });

  it('trims the login and signs in', async () => {
    const user = userEvent.setup({ delay: null });
    const submit = vi.fn<Submit>().mockResolvedValue({ next: '/en/profile' });
    const { onSignedIn } = renderLogin(submit);
    await user.type(await screen.findByLabelText(/Username or email/), '  demo  ');
    await user.type(screen.getByLabelText(/Password/), 'Demo-pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/en/profile'));
    expect(submit).toHaveBeenCalledWith({
      login: 'demo',
      password: 'Demo-pass-1',
      next: '/en/profile',
    });
  });

  it('shows a refused field at the field, keeps what was typed, and clears it on edit', async () => {
    const user = userEvent.setup({ delay: null });
    const submit = vi
      .fn<Submit>()
      .mockRejectedValue(
        new FieldErrors([{ field: 'password', code: 'wrong_credentials', detail: 'x' }]),
      );
    renderLogin(submit, 'ru');
    await user.type(await screen.findByLabelText(/Имя пользователя или эл. почта/), 'demo');
    await user.type(screen.getByLabelText(/Пароль/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Неверный пароль')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/Пароль/).value).toBe('wrong');
    expect(screen.getByLabelText(/Пароль/).getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByLabelText(/Пароль/), '!');
    await waitFor(() => expect(screen.queryByText('Неверный пароль')).toBeNull());
  });
});
