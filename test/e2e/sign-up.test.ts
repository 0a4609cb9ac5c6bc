import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { useChromium } from './chromium.ts';
import { codeOf, latestMail, linkOf } from './mailbox.ts';

let context: BrowserContext;
let page: Page;
const chromium = useChromium({ set: (c, p) => ((context = c), (page = p)) });

const texts = {
  en: {
    email: 'Email',
    password: 'Password',
    agree: /I agree to the/,
    create: 'Create an account',
    code: 'Verification code',
    confirm: 'Confirm',
    wrongCode: 'Invalid verification code',
    short: 'Must be at least 8 characters',
    resend: 'Request a new code',
    first: 'First name',
    last: 'Last name',
    finish: 'Finish',
    profile: 'Profile',
  },
  ru: {
    email: 'Эл. почта',
    password: 'Пароль',
    agree: /Я принимаю/,
    create: 'Создать аккаунт',
    code: 'Код подтверждения',
    confirm: 'Подтвердить',
    wrongCode: 'Неверный код подтверждения',
    short: 'Должно быть не меньше 8 символов',
    resend: 'Запросить новый код',
    first: 'Имя',
    last: 'Фамилия',
    finish: 'Завершить',
    profile: 'Профиль',
  },
};

async function enterCode(code: string, t: (typeof texts)['en']) {
  await page.getByLabel(t.code).fill(code);
  await page.getByRole('button', { name: t.confirm }).click();
}

describe.each(['en', 'ru'] as const)('sign-up in %s', (locale) => {
  const t = texts[locale];
  it('creates an account with the mailed code, refusing a wrong and a replaced code', async () => {
    const email = uniqueEmail(`signup-${locale}`);
    await page.goto(`/${locale}/signup`);
    await page.waitForURL(`**/${locale}/signup/0`);
    await page.getByRole('button', { name: t.create }).click();
    await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    await expectAccessible(page);

    await page.getByLabel(t.email).fill(email);
    await page.locator('input[name="password"]').fill('Weak');
    // The visible box is drawn over a visually hidden input.
    await page.getByLabel(t.agree).check({ force: true });
    await page.getByRole('button', { name: t.create }).click();
    await expect
      .poll(() => page.locator('input[name="password"]').getAttribute('aria-invalid'))
      .toBe('true');
    await page.getByText(t.short).waitFor();
    await page.locator('input[name="password"]').fill('Strong-pass-1');
    await page.getByRole('button', { name: t.create }).click();
    await page.waitForURL(`**/${locale}/signup/1`);
    await page.getByText(email).waitFor();

    const first = codeOf(await latestMail(page.request, email));
    const wrong = first === '000000' ? '111111' : '000000';
    await enterCode(wrong, t);
    await page.getByText(t.wrongCode).waitFor();

    // The countdown (3 s in these tests) ends, a new code comes, the old one is dead.
    const resend = page.getByRole('button', { name: t.resend });
    await expect.poll(() => resend.isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.waitForTimeout(500); // the button's colour transition settles before the scan
    await expectAccessible(page);
    await resend.click();
    const second = codeOf(await latestMail(page.request, email, (m) => !m.text.includes(first)));
    await enterCode(first, t);
    await page.getByText(t.wrongCode).waitFor();
    await enterCode(second, t);

    await page.waitForURL(`**/${locale}/signup/2`);
    await expectAccessible(page);
    await page.getByLabel(t.first).fill('Anna');
    await page.getByLabel(t.last).fill('Smith');
    await page.getByRole('button', { name: t.finish }).click();
    await page.waitForURL(`**/${locale}/profile`);
    await page.getByRole('heading', { name: t.profile, exact: true }).waitFor();
    const profile = await (await page.request.get('/api/v1/profile/')).json();
    expect(profile).toMatchObject({ email, first_name: 'Anna', last_name: 'Smith' });
  });
});

describe('sign-up by a social account, and /login/2', () => {
  it('asks to agree to the terms before going to the provider', async () => {
    await page.goto('/en/signup/0');
    await page.getByRole('button', { name: 'Yandex' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/please agree to the/).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Disagree', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/en/signup/0');
    await page.getByRole('button', { name: 'Yandex' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Agree', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in with Yandex' }).waitFor();
  });

  it('takes the right password of an unconfirmed account to the code step', async () => {
    const email = uniqueEmail('unconfirmed');
    const form = { email, password: 'Strong-pass-1', agree: 'on' };
    await context.request.get('/api/v1/countries/');
    const token = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    await context.request.post('/api/auth/signup/', { form, headers: { 'X-CSRFToken': token } });
    await context.clearCookies({ name: 'signup' });

    await page.goto('/en/login/1');
    await page.getByLabel('Username or email').fill(email);
    await page.getByLabel('Password').fill('Strong-pass-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/en/login/2**');
    await page.getByText(email).waitFor();
    // Scan once the countdown is over and the button's colour transition has settled.
    const resend = page.getByRole('button', { name: 'Request a new code' });
    await expect.poll(() => resend.isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.waitForTimeout(500);
    await expectAccessible(page);
    const first = codeOf(await latestMail(page.request, email));

    // The confirmation is lost in this browser: a new code comes by signing in again.
    await context.clearCookies({ name: 'signup' });
    await page.reload();
    await page.getByText('There is no email confirmation in progress in this browser.').waitFor();
    expect(await page.locator('main').textContent()).not.toMatch(/sign-up|sign up/i);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Request a new code' }).click();
    await page.waitForURL('**/en/login/1**');
    // Past the countdown (3 s here), so the sign-in sends a new code.
    await page.waitForTimeout(3500);
    await page.getByLabel('Username or email').fill(email);
    await page.getByLabel('Password').fill('Strong-pass-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/en/login/2**');
    const second = codeOf(await latestMail(page.request, email, (m) => !m.text.includes(first)));
    await enterCode(second, texts.en);
    await page.waitForURL('**/en/signup/2**');
  });
});

describe('password reset', () => {
  it('sets a new password by the mailed link, ending the old session', async () => {
    const email = uniqueEmail('reset');
    await newAccount(context, email, 'First-pass-1');
    expect((await context.request.get('/api/v1/profile/')).status()).toBe(200);

    const other = await chromium.newContext();
    const visitor = await other.newPage();
    await visitor.goto('/en/password/reset');
    await visitor.getByRole('button', { name: 'Send' }).click();
    await visitor.getByText('This field is required').waitFor();
    await expectAccessible(visitor);
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByRole('button', { name: 'Send' }).click();
    await visitor.getByText(`If an account exists for ${email}`).waitFor();

    const mail = await latestMail(visitor.request, email, (m) => m.text.includes('/password/set/'));
    await visitor.goto(linkOf(mail, '/password/set/'));
    await visitor.locator('input[name="password"]').fill('short');
    await visitor.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => visitor.locator('input[name="password"]').getAttribute('aria-invalid'))
      .toBe('true');
    await visitor.locator('input[name="password"]').fill('Second-pass-2');
    await visitor.getByRole('button', { name: 'Save' }).click();
    await visitor.getByText('Your password was changed. Sign in with the new one.').waitFor();

    expect((await context.request.get('/api/v1/profile/')).status()).toBe(401);
    await visitor.goto('/en/login/1');
    await visitor.getByLabel('Username or email').fill(email);
    await visitor.getByLabel('Password').fill('Second-pass-2');
    await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
    await visitor.waitForURL('**/en/profile');
  });
});

describe('the language of the page that caused it (issue 31)', () => {
  it('keeps a sign-up switched to Russian in Russian: the new code mail and the next step', async () => {
    const email = uniqueEmail('switch');
    await page.goto('/en/signup/0');
    await page.getByLabel(texts.en.email).fill(email);
    await page.locator('input[name="password"]').fill('Strong-pass-1');
    await page.getByLabel(texts.en.agree).check({ force: true });
    await page.getByRole('button', { name: texts.en.create }).click();
    await page.waitForURL('**/en/signup/1');
    const first = await latestMail(page.request, email);
    expect(first.subject).toMatch(/^Your verification code/);

    await page.getByRole('link', { name: 'Русский' }).click();
    await page.waitForURL('**/ru/signup/1');
    const resend = page.getByRole('button', { name: texts.ru.resend });
    await expect.poll(() => resend.isEnabled(), { timeout: 10_000 }).toBe(true);
    await resend.click();
    const second = await latestMail(page.request, email, (m) => m.text !== first.text);
    expect(second.subject).toMatch(/^Код подтверждения/);
    await enterCode(codeOf(second), texts.ru);
    await page.waitForURL('**/ru/signup/2');
    await page.getByLabel(texts.ru.first).waitFor();
  });

  it('mails a reset asked for on a Russian page in Russian, with a /ru/ link', async () => {
    const email = uniqueEmail('reset-ru');
    await newAccount(context, email, 'First-pass-1');
    const other = await chromium.newContext();
    const visitor = await other.newPage();
    await visitor.goto('/ru/password/reset');
    await visitor.getByLabel(texts.ru.email).fill(email);
    await visitor.getByRole('button', { name: 'Отправить' }).click();
    await visitor
      .getByText(`Если аккаунт с адресом ${email} существует`, { exact: false })
      .waitFor();
    const mail = await latestMail(visitor.request, email, (m) => m.text.includes('/password/set/'));
    expect(mail.subject).toBe('Восстановление пароля');
    expect(linkOf(mail, '/password/set/')).toMatch(/^\/ru\/password\/set\//);
  });
});
