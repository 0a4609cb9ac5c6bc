import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { csrfHeader, newAccount, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { useChromium } from './chromium.ts';
import { codeOf, latestMail, linkOf } from './mailbox.ts';

/*
 * Changing the e-mail (decision 0217) on /security, against the real server, with a
 * sign-in older than 10 minutes: the re-auth dialog asks first and the code goes to the
 * new address; a wrong code is said at its field, the mailed one changes the address the
 * page and the profile show. The old address gets a notice whose link, opened in another
 * browser, puts the old address back and signs every browser of the account out.
 */

const password = 'Email-change-pass-1';
const chromium = useChromium();

const texts = {
  en: {
    browserLocale: 'en-US',
    form: 'Change email',
    field: 'New email',
    send: 'Send code',
    dialog: "Confirm it's you",
    password: 'Password',
    confirm: 'Confirm',
    code: 'Verification code',
    wrong: 'Invalid verification code',
    sent: (email: string) => `We sent a 6-digit code to ${email}.`,
    done: (email: string) => `Your email is now ${email}.`,
    current: (email: string) => `Your email: ${email}`,
    profile: 'Profile',
    profileEmail: (email: string) => `Email: ${email}`,
    notice: 'Your email was changed',
    undo: 'Undo the email change',
    undone: (email: string) => `Done: the email of your profile is ${email} again`,
    used: 'This link has been used already',
  },
  ru: {
    browserLocale: 'ru-RU',
    form: 'Изменить адрес эл. почты',
    field: 'Новый адрес эл. почты',
    send: 'Отправить код',
    dialog: 'Подтвердите, что это вы',
    password: 'Пароль',
    confirm: 'Подтвердить',
    code: 'Код подтверждения',
    wrong: 'Неверный код подтверждения',
    sent: (email: string) => `Мы отправили 6-значный код на ${email}.`,
    done: (email: string) => `Теперь адрес вашего профиля — ${email}.`,
    current: (email: string) => `Ваш адрес эл. почты: ${email}`,
    profile: 'Профиль',
    profileEmail: (email: string) => `Эл. почта: ${email}`,
    notice: 'Адрес электронной почты изменён',
    undo: 'Отменить изменение адреса',
    undone: (email: string) => `Готово: адрес профиля снова ${email}`,
    used: 'Эта ссылка уже использована',
  },
} as const;

const signedInStill = async (context: BrowserContext) =>
  (await context.request.get('/api/v1/profile/')).status() === 200;

describe.each(['en', 'ru'] as const)('changing the e-mail in %s', (locale) => {
  const t = texts[locale];

  it('asks who it is, mails a code to the new address, changes it; the old one can undo', async () => {
    const context = await chromium.newContext({ locale: t.browserLocale });
    const email = uniqueEmail(`email-old-${locale}`);
    const next = uniqueEmail(`email-new-${locale}`);
    await newAccount(context, email, password);
    // The sign-in is 11 minutes old as far as the server knows.
    const aged = await context.request.post('/api/dev/session/age/', {
      headers: await csrfHeader(context),
    });
    expect(aged.status()).toBe(204);

    const page = await context.newPage();
    await page.goto(`/${locale}/security`);
    await page.getByText(t.current(email)).waitFor();
    const form = page.getByRole('form', { name: t.form });
    await form.getByLabel(t.field).fill(next);
    await form.getByRole('button', { name: t.send }).click();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await dialog.getByLabel(t.password).fill(password);
    await dialog.getByRole('button', { name: t.confirm }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(t.sent(next)).waitFor();
    const mail = await latestMail(context.request, next);
    const code = codeOf(mail);

    // A wrong code is said at the field; nothing changes.
    const field = page.getByLabel(t.code);
    await field.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: t.confirm }).click();
    await page.getByText(t.wrong).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);

    // The mailed code: the page and the profile show the new address.
    await field.fill(code);
    await page.getByRole('button', { name: t.confirm }).click();
    await page
      .getByRole('status')
      .filter({ hasText: t.done(next) })
      .waitFor();
    await page.getByText(t.current(next)).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: t.profile, exact: true }).first().click();
    await page.getByText(t.profileEmail(next)).waitFor();

    // The old address is told, with a link that puts it back.
    const notice = await latestMail(context.request, email, (m) => m.subject === t.notice);
    const undoPath = linkOf(notice, '/email/undo/');
    expect(undoPath.startsWith(`/${locale}/email/undo/`)).toBe(true);
    const elsewhere = await chromium.newContext({ locale: t.browserLocale });
    const undoPage = await elsewhere.newPage();
    await undoPage.goto(undoPath);
    // Opening the link changes nothing until the button.
    await undoPage.getByRole('button', { name: t.undo }).waitFor();
    expect(await signedInStill(context)).toBe(true);
    await expectAccessible(undoPage);
    await undoPage.getByRole('button', { name: t.undo }).click();
    await undoPage
      .getByRole('status')
      .filter({ hasText: t.undone(email) })
      .waitFor();
    expect(await signedInStill(context)).toBe(false);
    // Once only.
    await undoPage.goto(undoPath);
    await undoPage.getByRole('button', { name: t.undo }).click();
    await undoPage.getByRole('alert').filter({ hasText: t.used }).waitFor();
    for (const other of [elsewhere, context]) await other.close();
  });
});
