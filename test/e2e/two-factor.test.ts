import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { csrfHeader, signedIn } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { useChromium } from './chromium.ts';
import { latestMail } from './mailbox.ts';

/*
 * The authenticator app (decision 0218), against the real server and browser: set up on
 * /security from the key the page shows (the test computes the app's codes from it),
 * recovery codes shown once; then a new sign-in asks for the code at /login/2, a wrong
 * code is said at the field, the right one signs in; a recovery code signs in once. New
 * recovery codes after ten minutes ask for the password in the re-auth dialog first;
 * turned off, signing in needs the password only.
 */

const password = 'Two-factor-pass-1';
const chromium = useChromium();

const texts = {
  en: {
    browserLocale: 'en-US',
    section: 'Authenticator app',
    setUp: 'Set up the authenticator app',
    setupForm: 'Confirm the authenticator app',
    setupCode: 'Code from the app',
    turnOn: 'Turn on',
    codesList: 'Recovery codes',
    saved: 'I have saved the codes',
    on: /Recovery codes left: 10\./,
    onAfterRecovery: /Recovery codes left: 9\./,
    mail: 'Authenticator app turned on',
    login: 'Username or email',
    password: 'Password',
    signIn: 'Sign in',
    stepTitle: 'Enter the code from your app',
    stepCode: 'Code from the app or recovery code',
    wrong: 'Invalid verification code',
    regenerate: 'New recovery codes',
    dialog: "Confirm it's you",
    confirm: 'Confirm',
    turnOff: 'Turn off the authenticator app',
    reallyOff: 'Turn off',
  },
  ru: {
    browserLocale: 'ru-RU',
    section: 'Приложение-аутентификатор',
    setUp: 'Настроить приложение-аутентификатор',
    setupForm: 'Подтверждение приложения-аутентификатора',
    setupCode: 'Код из приложения',
    turnOn: 'Включить',
    codesList: 'Коды восстановления',
    saved: 'Коды сохранены',
    on: /Осталось кодов восстановления: 10\./,
    onAfterRecovery: /Осталось кодов восстановления: 9\./,
    mail: 'Вход с кодом приложения включён',
    login: 'Имя пользователя или эл. почта',
    password: 'Пароль',
    signIn: 'Войти',
    stepTitle: 'Введите код из приложения',
    stepCode: 'Код из приложения или код восстановления',
    wrong: 'Неверный код подтверждения',
    regenerate: 'Новые коды восстановления',
    dialog: 'Подтвердите, что это вы',
    confirm: 'Подтвердить',
    turnOff: 'Выключить приложение-аутентификатор',
    reallyOff: 'Выключить',
  },
} as const;

const STEP_MS = 30_000;

/**
 * The app's code `ahead` time steps from now. The server takes the step before, now and
 * after, each once and in order: a sign-in right after the setup's code gives the next
 * step's code, which is later than the one spent.
 */
function codeFor(secret: string, ahead = 0): string {
  const step = Math.floor(Date.now() / STEP_MS) + ahead;
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
}

/** A six-digit code that is none of the codes the server would take now. */
function wrongCode(secret: string): string {
  const taken = new Set([-1, 0, 1, 2].map((ahead) => codeFor(secret, ahead)));
  return ['123456', '654321', '111111', '999999', '000000'].find((c) => !taken.has(c)) ?? '';
}

async function signInWithPassword(page: Page, locale: string, login: string) {
  const t = texts[locale as keyof typeof texts];
  await page.goto(`/${locale}/login/1`);
  await page.getByLabel(t.login).fill(login);
  await page.getByLabel(t.password, { exact: false }).fill(password);
  await page.getByRole('button', { name: t.signIn, exact: true }).click();
  await page.waitForURL(`**/${locale}/login/2?factor=app`);
}

describe.each(['en', 'ru'] as const)('the authenticator app in %s', (locale) => {
  const t = texts[locale];

  it('sets up, asks for the code at sign-in, takes a recovery code once, renews the codes, turns off', async () => {
    const { context, page, email, username } = await signedIn(chromium, {
      browserLocale: t.browserLocale,
      prefix: `totp-${locale}`,
      password,
    });
    await page.goto(`/${locale}/security`);
    const section = page.getByRole('heading', { name: t.section }).locator('..');
    await section.getByRole('button', { name: t.setUp }).click();

    // The QR code and the key as text; the test is the app.
    const key = section.getByTestId('totp-secret');
    await key.waitFor();
    const secret = ((await key.textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect.poll(() => section.getByRole('img').count()).toBe(1);
    await expectAccessible(page);
    const setupForm = section.getByRole('form', { name: t.setupForm });
    await setupForm.getByLabel(t.setupCode).fill(codeFor(secret));
    await setupForm.getByRole('button', { name: t.turnOn }).click();

    // The recovery codes, this once.
    const list = section.getByRole('list', { name: t.codesList });
    await list.waitFor();
    const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await expectAccessible(page);
    await section.getByRole('button', { name: t.saved }).click();
    await section.getByText(t.on).waitFor();
    expect(await list.count()).toBe(0);
    const notice = await latestMail(context.request, email, (mail) => mail.subject === t.mail);
    expect(notice.subject).toBe(t.mail);

    // Another browser: the password, then the code step.
    const laptop = await chromium.newContext({ locale: t.browserLocale });
    const other = await laptop.newPage();
    await signInWithPassword(other, locale, username);
    await other.getByRole('heading', { name: t.stepTitle }).waitFor();
    const field = other.getByLabel(t.stepCode);
    await field.fill(wrongCode(secret));
    await other.getByRole('button', { name: t.signIn, exact: true }).click();
    await other.getByText(t.wrong).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(other);
    await field.fill(codeFor(secret, 1));
    await other.getByRole('button', { name: t.signIn, exact: true }).click();
    await other.waitForURL(`**/${locale}/profile`);
    await laptop.close();

    // A recovery code signs in once.
    const spare = codes[0] ?? '';
    const first = await chromium.newContext({ locale: t.browserLocale });
    const firstPage = await first.newPage();
    await signInWithPassword(firstPage, locale, username);
    await firstPage.getByLabel(t.stepCode).fill(spare);
    await firstPage.getByRole('button', { name: t.signIn, exact: true }).click();
    await firstPage.waitForURL(`**/${locale}/profile`);
    await first.close();
    const second = await chromium.newContext({ locale: t.browserLocale });
    const secondPage = await second.newPage();
    await signInWithPassword(secondPage, locale, username);
    await secondPage.getByLabel(t.stepCode).fill(spare);
    await secondPage.getByRole('button', { name: t.signIn, exact: true }).click();
    await secondPage.getByText(t.wrong).waitFor();
    expect(new URL(secondPage.url()).pathname).toBe(`/${locale}/login/2`);
    await second.close();

    await page.reload();
    await section.getByText(t.onAfterRecovery).waitFor();

    // Ten minutes later: new codes ask who it is first, then come; the old ones stop.
    const aged = await context.request.post('/api/dev/session/age/', {
      headers: await csrfHeader(context),
    });
    expect(aged.status()).toBe(204);
    await section.getByRole('button', { name: t.regenerate }).click();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await dialog.getByLabel(t.password).fill(password);
    await dialog.getByRole('button', { name: t.confirm }).click();
    await list.waitFor();
    const fresh = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[1]);
    await section.getByRole('button', { name: t.saved }).click();
    await section.getByText(t.on).waitFor();

    // Turned off: signing in asks for the password only.
    await section.getByRole('button', { name: t.turnOff }).click();
    await section.getByRole('button', { name: t.reallyOff, exact: true }).click();
    await section.getByRole('button', { name: t.setUp }).waitFor();
    const plain = await chromium.newContext({ locale: t.browserLocale });
    const plainPage = await plain.newPage();
    await plainPage.goto(`/${locale}/login/1`);
    await plainPage.getByLabel(t.login).fill(username);
    await plainPage.getByLabel(t.password, { exact: false }).fill(password);
    await plainPage.getByRole('button', { name: t.signIn, exact: true }).click();
    await plainPage.waitForURL(`**/${locale}/profile`);
    await plain.close();
    await context.close();
  });
});
