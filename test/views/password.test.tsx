import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { passwordResetMachine } from '../../machines/password-reset.machine.ts';
import { ResetLinkInvalid, setPasswordMachine } from '../../machines/set-password.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { ResetScreen } from '../../src/views/password/reset-screen.tsx';
import { SetPasswordScreen } from '../../src/views/password/set-password-screen.tsx';
import { Providers } from '../render/providers.tsx';

beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
  window.scrollTo = () => {};
});
afterEach(cleanup);

function renderReset(
  request: (input: { email: string }) => Promise<void>,
  locale: 'en' | 'ru' = 'en',
) {
  const machine = passwordResetMachine.provide({
    actors: { requestReset: fromPromise(({ input }) => request(input)) },
  });
  render(
    <Providers locale={locale}>
      <ResetScreen machine={machine} />
    </Providers>,
  );
}

function renderSet(save: (input: { token: string; password: string }) => Promise<void>) {
  const machine = setPasswordMachine.provide({
    actors: { savePassword: fromPromise(({ input }) => save(input)) },
  });
  render(
    <Providers locale="en">
      <SetPasswordScreen token="tok-1" machine={machine} />
    </Providers>,
  );
}

describe('password reset', () => {
  it('requires a valid e-mail and sends nothing otherwise', async () => {
    const user = userEvent.setup({ delay: null });
    const request = vi.fn();
    renderReset(request);
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Email/)));
    await user.type(screen.getByLabelText(/Email/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
  });

  it('says the same whether or not the account exists, with a way back', async () => {
    const user = userEvent.setup({ delay: null });
    const request = vi.fn().mockResolvedValue(undefined);
    renderReset(request, 'ru');
    await user.type(await screen.findByLabelText(/Эл. почта/), ' a@example.com ');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(
      await screen.findByText(
        'Если аккаунт с адресом a@example.com существует, мы отправили на него ссылку для сброса пароля.',
      ),
    ).toBeTruthy();
    expect(request).toHaveBeenCalledWith({ email: 'a@example.com' });
    expect(screen.getByRole('link', { name: 'Вернуться ко входу' }).getAttribute('href')).toBe(
      '/ru/login/1',
    );
  });
});

describe('set a new password', () => {
  it('shows the rule and refuses a weak password without sending', async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi.fn();
    renderSet(save);
    expect(await screen.findByText(/The password must be 8 to 128 characters long/)).toBeTruthy();
    await user.type(screen.getByLabelText(/New password/), 'weak');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/New password/).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText(/The password must be 8 to 128 characters long/)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('shows invalid_password from the server at the field', async () => {
    const user = userEvent.setup({ delay: null });
    renderSet(() =>
      Promise.reject(
        new FieldErrors([{ field: 'password', code: 'invalid_password', detail: 'x' }]),
      ),
    );
    await user.type(await screen.findByLabelText(/New password/), 'Strong-pass-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/The password must be 8 to 128 characters long/)).toBeTruthy();
  });

  it('offers a new link when the token is refused', async () => {
    const user = userEvent.setup({ delay: null });
    renderSet(() => Promise.reject(new ResetLinkInvalid('token_expired')));
    await user.type(await screen.findByLabelText(/New password/), 'Strong-pass-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This link has expired. Please request a new one.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/en/password/reset',
    );
  });

  it('saves with the token and sends the user to sign in', async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi.fn().mockResolvedValue(undefined);
    renderSet(save);
    await user.type(await screen.findByLabelText(/New password/), 'Strong-pass-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Your password was changed. Sign in with the new one.'),
    ).toBeTruthy();
    expect(save).toHaveBeenCalledWith({ token: 'tok-1', password: 'Strong-pass-1' });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/en/login/1');
  });
});
