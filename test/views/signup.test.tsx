import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { signupMachine, type SignupValues } from '../../machines/signup.machine.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { SignupScreen } from '../../src/views/signup/signup-screen.tsx';
import { SocialButtons, SocialSignInError } from '../../src/views/login/social-buttons.tsx';
import { carryQuery } from '../../src/routes/$locale/signup/-carry-query.ts';
import { Providers } from '../render/providers.tsx';

type Submit = (input: SignupValues & { next: string }) => Promise<{ next: string }>;

function renderSignup(submit: Submit, locale: 'en' | 'ru' = 'en') {
  const onRegistered = vi.fn();
  const onLeave = vi.fn();
  const machine = signupMachine.provide({
    actors: { submitSignup: fromPromise(({ input }) => submit(input)) },
  });
  render(
    <Providers locale={locale}>
      <SignupScreen
        next="/en/profile"
        onRegistered={onRegistered}
        onLeave={onLeave}
        machine={machine}
      />
    </Providers>,
  );
  return { onRegistered, onLeave };
}

async function fill(user: ReturnType<typeof userEvent.setup>, password = 'Strong-pass-1') {
  await user.type(await screen.findByLabelText(/^Email/), ' new@example.com ');
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('checkbox'));
}

beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
  window.scrollTo = () => {};
});
afterEach(cleanup);

describe('sign-up form', () => {
  it('shows the password rule, then every rule on an invalid submit, without sending', async () => {
    const user = userEvent.setup({ delay: null });
    const submit = vi.fn<Submit>();
    renderSignup(submit);
    expect(await screen.findByText(/The password must be 8 to 128 characters long/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(3));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Email/)));
    expect(submit).not.toHaveBeenCalled();
  });

  it('puts the caret on the terms checkbox when only the agreement is missing', async () => {
    const user = userEvent.setup({ delay: null });
    const submit = vi.fn<Submit>();
    renderSignup(submit);
    await user.type(await screen.findByLabelText(/^Email/), 'new@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Strong-pass-1');
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('checkbox')));
    expect(submit).not.toHaveBeenCalled();
  });

  it('refuses a weak password and a bad e-mail at their fields', async () => {
    const user = userEvent.setup({ delay: null });
    const submit = vi.fn<Submit>();
    renderSignup(submit);
    await user.type(await screen.findByLabelText(/^Email/), 'nope');
    await user.type(screen.getByLabelText(/^Password/), 'weakpassword');
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    // The rule under the field is now its error: one text for both.
    expect(screen.getByText(/The password must be 8 to 128 characters long/)).toBeTruthy();
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
    expect(submit).not.toHaveBeenCalled();
  });

  it.each([
    ['en', 'Must be at least 8 characters', /^The password must be 8 to 128 characters long/],
    ['ru', 'Должно быть не меньше 8 символов', /^Пароль должен содержать от 8 до 128 символов/],
  ] as const)('says the minimum length of a short password in %s', async (locale, short, rule) => {
    const user = userEvent.setup({ delay: null });
    const submit = vi.fn<Submit>();
    renderSignup(submit, locale);
    expect(await screen.findByText(rule)).toBeTruthy();
    const password = document.querySelector<HTMLInputElement>('input[name="password"]');
    if (!password) throw new Error('no password field');
    await user.type(password, 'Abcd');
    await user.tab();
    expect(await screen.findByText(short)).toBeTruthy();
    // Long enough but weak (no digit, no special character): the rule itself.
    await user.type(password, 'efgh');
    await waitFor(() => expect(screen.queryByText(short)).toBeNull());
    expect(await screen.findByText(rule)).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the trimmed form and goes to the next step', async () => {
    const user = userEvent.setup({ delay: null });
    const submit = vi.fn<Submit>().mockResolvedValue({ next: '/en/signup/1' });
    const { onRegistered } = renderSignup(submit);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('/en/signup/1'));
    expect(submit).toHaveBeenCalledWith({
      email: 'new@example.com',
      password: 'Strong-pass-1',
      agree: true,
      next: '/en/profile',
    });
  });

  it('shows user_already_exists at the e-mail with a link to sign in, cleared on edit', async () => {
    const user = userEvent.setup({ delay: null });
    const submit = vi
      .fn<Submit>()
      .mockRejectedValue(
        new FieldErrors([{ field: 'email', code: 'user_already_exists', detail: 'x' }]),
      );
    renderSignup(submit, 'ru');
    await user.type(await screen.findByLabelText(/^Эл. почта/), 'new@example.com');
    await user.type(screen.getByLabelText(/^Пароль/), 'Strong-pass-1');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Создать аккаунт' }));
    const link = await screen.findByRole('link', { name: 'Войти с этим адресом' });
    expect(link.getAttribute('href')).toBe('/ru/login/1');
    expect(screen.getByLabelText(/^Эл. почта/).getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByLabelText(/^Эл. почта/), 'x');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Войти с этим адресом' })).toBeNull(),
    );
  });

  it('shows invalid_password from the server at the password', async () => {
    const user = userEvent.setup({ delay: null });
    const submit = vi
      .fn<Submit>()
      .mockRejectedValue(
        new FieldErrors([{ field: 'password', code: 'invalid_password', detail: 'x' }]),
      );
    renderSignup(submit);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(await screen.findByText(/The password must be 8 to 128 characters long/)).toBeTruthy();
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
  });

  it.each([
    ['en', /^Password/, 'Create an account', /^This password is easy to guess\. Add more words/],
    ['ru', /^Пароль/, 'Создать аккаунт', /^Этот пароль легко подобрать\. Добавьте ещё слова/],
  ] as const)(
    'shows common_password from the server at the password, saying why (%s)',
    async (locale, passwordLabel, submitName, reason) => {
      const user = userEvent.setup({ delay: null });
      const submit = vi
        .fn<Submit>()
        .mockRejectedValue(
          new FieldErrors([{ field: 'password', code: 'common_password', detail: 'x' }]),
        );
      renderSignup(submit, locale);
      await user.type(await screen.findByLabelText(passwordLabel), 'Password1!');
      await user.type(screen.getByLabelText(/^(Email|Эл. почта)/), 'new@example.com');
      await user.click(screen.getByRole('checkbox'));
      await user.click(screen.getByRole('button', { name: submitName }));
      expect(await screen.findByText(reason)).toBeTruthy();
      expect(screen.getByLabelText(passwordLabel).getAttribute('aria-invalid')).toBe('true');
    },
  );
});

describe('social sign-up', () => {
  it('asks to agree to the terms first: Disagree stays, Agree goes to the provider', async () => {
    const user = userEvent.setup({ delay: null });
    const { onLeave } = renderSignup(vi.fn());
    const social = await screen.findByRole('region', { name: 'Sign up with another account' });
    const buttons = within(social).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Yandex', 'Google', 'GitHub']);
    await user.click(within(social).getByRole('button', { name: 'Google' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('terms of service');
    await user.click(within(dialog).getByRole('button', { name: 'Disagree' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onLeave).not.toHaveBeenCalled();
    await user.click(within(social).getByRole('button', { name: 'Yandex' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Agree' }),
    );
    await waitFor(() =>
      expect(onLeave).toHaveBeenCalledWith(
        '/api/auth/social/yandex/start/?intent=signup&next=%2Fen%2Fprofile&locale=en',
      ),
    );
  });
});

describe('social sign-in links and the kept query', () => {
  it('links each provider with the login intent and the page to return to', async () => {
    render(
      <Providers locale="en">
        <SocialButtons intent="login" next="/en/subscription" />
      </Providers>,
    );
    const links = await screen.findAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Yandex', '/api/auth/social/yandex/start/?intent=login&next=%2Fen%2Fsubscription&locale=en'],
      ['Google', '/api/auth/social/google/start/?intent=login&next=%2Fen%2Fsubscription&locale=en'],
      ['GitHub', '/api/auth/social/github/start/?intent=login&next=%2Fen%2Fsubscription&locale=en'],
    ]);
  });

  it("carries the Russian page's locale, so a cancel comes back to the Russian page", async () => {
    render(
      <Providers locale="ru">
        <SocialButtons intent="login" next="" />
      </Providers>,
    );
    const links = await screen.findAllByRole('link');
    for (const link of links) {
      const href = new URL(link.getAttribute('href') ?? '', 'http://x');
      expect(href.searchParams.get('locale')).toBe('ru');
    }
  });

  it('tells why a social sign-in failed, never echoing the address', async () => {
    render(
      <Providers locale="ru">
        <SocialSignInError code="social_denied" />
        <SocialSignInError code="<b>anything</b>" />
      </Providers>,
    );
    expect(await screen.findByText('Вход через провайдера отменён.')).toBeTruthy();
    expect(screen.queryByText(/anything/)).toBeNull();
  });

  it('carries the query to the next sign-up or sign-in step only', () => {
    expect(carryQuery('/en/signup/1', '?next=%2Fen%2Fwebgis&utm=x', 'en')).toBe(
      '/en/signup/1?next=%2Fen%2Fwebgis&utm=x',
    );
    expect(carryQuery('/en/login/2', 'next=%2Fen', 'en')).toBe('/en/login/2?next=%2Fen');
    expect(carryQuery('/en/webgis', '?next=%2Fen%2Fwebgis', 'en')).toBe('/en/webgis');
    expect(carryQuery('/en/signup/2?a=1', '?b=2', 'en')).toBe('/en/signup/2?a=1');
    expect(carryQuery('/en/signup/1', '', 'en')).toBe('/en/signup/1');
  });
});
