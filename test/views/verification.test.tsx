import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { PendingSignup } from '../../contract/identity.ts';
import {
  ResendTooEarly,
  SignupTokenError,
  verificationMachine,
} from '../../machines/verification.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { VerificationScreen } from '../../src/views/verification/verification-screen.tsx';
import { Providers } from '../render/providers.tsx';

const pending = (seconds: number): PendingSignup => ({
  email: 'new@example.com',
  resend_available_at: new Date(Date.now() + seconds * 1000).toISOString(),
  code_expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
  email_confirmed: false,
});

interface Stand {
  fetchPending?: () => Promise<PendingSignup>;
  confirmCode?: (input: { code: string }) => Promise<{ next: string }>;
  resendCode?: () => Promise<PendingSignup>;
}

function renderVerification(stand: Stand, locale: 'en' | 'ru' = 'en') {
  const onConfirmed = vi.fn();
  const machine = verificationMachine.provide({
    actors: {
      fetchPending: fromPromise(() =>
        (stand.fetchPending ?? (() => Promise.resolve(pending(42))))(),
      ),
      confirmCode: fromPromise(({ input }) =>
        (stand.confirmCode ?? (() => Promise.resolve({ next: '/en/signup/2' })))(input),
      ),
      resendCode: fromPromise(() => (stand.resendCode ?? (() => Promise.resolve(pending(60))))()),
    },
  });
  render(
    <Providers locale={locale}>
      <VerificationScreen
        confirmedNext="/en/signup/2"
        onConfirmed={onConfirmed}
        machine={machine}
      />
    </Providers>,
  );
  return { onConfirmed };
}

beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
  window.scrollTo = () => {};
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('e-mail verification', () => {
  it('names the address, counts down and keeps the resend button disabled', async () => {
    renderVerification({});
    expect(await screen.findByText(/We sent a 6-digit code to new@example.com/)).toBeTruthy();
    expect(screen.getByText('You can request a new code in 42 seconds')).toBeTruthy();
    const resend = screen.getByRole('button', { name: 'Request a new code' });
    expect(resend.hasAttribute('disabled')).toBe(true);
    const code = screen.getByLabelText(/Verification code/);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('moves the countdown every second, with the Russian plural', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderVerification({ fetchPending: () => Promise.resolve(pending(22)) }, 'ru');
    expect(await screen.findByText('Новый код можно запросить через 22 секунды')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText('Новый код можно запросить через 21 секунду')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText('Новый код можно запросить через 20 секунд')).toBeTruthy();
  });

  it('refuses a code that is not 6 digits without sending it', async () => {
    const user = userEvent.setup({ delay: null });
    const confirmCode = vi.fn();
    renderVerification({ confirmCode });
    await user.type(await screen.findByLabelText(/Verification code/), '12a');
    expect(screen.getByLabelText<HTMLInputElement>(/Verification code/).value).toBe('12');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Invalid verification code')).toBeTruthy();
    expect(confirmCode).not.toHaveBeenCalled();
  });

  it('shows a refused code at the field and clears it on edit', async () => {
    const user = userEvent.setup({ delay: null });
    renderVerification({
      confirmCode: () =>
        Promise.reject(
          new FieldErrors([{ field: 'code', code: 'confirmation_expired', detail: 'x' }]),
        ),
    });
    await user.type(await screen.findByLabelText(/Verification code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('The verification code has expired. Please request a new code.'),
    ).toBeTruthy();
    await user.type(screen.getByLabelText(/Verification code/), '{Backspace}');
    await waitFor(() => expect(screen.queryByText(/The verification code has expired/)).toBeNull());
  });

  it('confirms and hands over the next address', async () => {
    const user = userEvent.setup({ delay: null });
    const confirmCode = vi.fn().mockResolvedValue({ next: '/en/signup/2' });
    const { onConfirmed } = renderVerification({ confirmCode });
    await user.type(await screen.findByLabelText(/Verification code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('/en/signup/2'));
    expect(confirmCode).toHaveBeenCalledWith({ code: '123456' });
  });

  it('sends a new code after the countdown and says the old one no longer works', async () => {
    const user = userEvent.setup({ delay: null });
    renderVerification({ fetchPending: () => Promise.resolve(pending(0)) });
    const resend = await screen.findByRole('button', { name: 'Request a new code' });
    await waitFor(() => expect(resend.hasAttribute('disabled')).toBe(false));
    await user.click(resend);
    expect(
      await screen.findByText(
        'We sent a new code to new@example.com. The previous code no longer works.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/You can request a new code in (60|59) seconds/)).toBeTruthy();
  });

  it('restarts the countdown from retry_after when the server says it is too early', async () => {
    const user = userEvent.setup({ delay: null });
    renderVerification({
      fetchPending: () => Promise.resolve(pending(0)),
      resendCode: () => Promise.reject(new ResendTooEarly(30)),
    });
    const resend = await screen.findByRole('button', { name: 'Request a new code' });
    await waitFor(() => expect(resend.hasAttribute('disabled')).toBe(false));
    await user.click(resend);
    expect(await screen.findByText('You can request a new code in 30 seconds')).toBeTruthy();
    expect(screen.queryByText(/The previous code no longer works/)).toBeNull();
  });

  it.each([
    ['token_expired', 'This email confirmation has expired.'],
    ['token_not_found', 'There is no email confirmation in progress in this browser.'],
    ['wrong_token', 'This email confirmation is no longer valid: a newer one was started.'],
  ] as const)(
    'offers a new code, by signing in, when the confirmation is gone (%s)',
    async (code, text) => {
      renderVerification({ fetchPending: () => Promise.reject(new SignupTokenError(code)) });
      expect(await screen.findByText(text)).toBeTruthy();
      expect(
        screen.getByText('To get a new code, sign in with your email and password.'),
      ).toBeTruthy();
      const again = screen.getByRole('link', { name: 'Request a new code' });
      expect(again.getAttribute('href')).toBe('/en/login/1');
      // Section 8 asks for a new code here, never a new sign-up.
      expect(document.body.textContent).not.toMatch(/sign-up|sign up/i);
    },
  );

  it('says it in Russian without a word of registration', async () => {
    renderVerification(
      { fetchPending: () => Promise.reject(new SignupTokenError('wrong_token')) },
      'ru',
    );
    expect(await screen.findByRole('link', { name: 'Запросить новый код' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/регистрац/i);
  });

  it('offers a retry when the pending sign-up cannot be read', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchPending = vi
      .fn<() => Promise<PendingSignup>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(pending(42));
    renderVerification({ fetchPending });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/We sent a 6-digit code/)).toBeTruthy();
  });
});

describe('e-mail verification against the API (fetch stubbed)', () => {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });

  afterEach(() => vi.unstubAllGlobals());

  it('reads retry_after of resend_too_early and keeps token errors off the toast', async () => {
    const { liveVerificationMachine } = await import('../../src/flows/verification.flow.ts');
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request | string, init?: RequestInit) => {
        const url = typeof request === 'string' ? request : request.url;
        const method = init?.method ?? (typeof request === 'string' ? 'GET' : request.method);
        calls.push(`${method} ${new URL(url, 'http://x').pathname}`);
        if (url.endsWith('/api/auth/signup/') && method === 'GET') return json(200, pending(0));
        if (url.endsWith('/api/auth/signup/resend/')) {
          return json(429, { code: 'resend_too_early', detail: 'Too early', retry_after: 25 });
        }
        return json(400, { code: 'wrong_token', detail: 'Wrong token' });
      }),
    );
    const user = userEvent.setup({ delay: null });
    render(
      <Providers locale="en">
        <VerificationScreen
          confirmedNext="/en/signup/2"
          onConfirmed={() => {}}
          machine={liveVerificationMachine}
        />
      </Providers>,
    );
    const resend = await screen.findByRole('button', { name: 'Request a new code' });
    await waitFor(() => expect(resend.hasAttribute('disabled')).toBe(false));
    await user.click(resend);
    expect(await screen.findByText('You can request a new code in 25 seconds')).toBeTruthy();
    await user.type(screen.getByLabelText(/Verification code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        'This email confirmation is no longer valid: a newer one was started.',
      ),
    ).toBeTruthy();
    expect(calls).toEqual([
      'GET /api/auth/signup/',
      'POST /api/auth/signup/resend/',
      'POST /api/auth/signup/confirm/',
    ]);
  });
});
