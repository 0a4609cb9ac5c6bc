import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { csrfHeader, newAccount, signedIn, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { useChromium } from './chromium.ts';
import { latestMail } from './mailbox.ts';

/*
 * "Where you're signed in" on /security, against the real server: a user signed in on
 * three browsers reaches the page from the sidebar, sees this browser first and marked,
 * signs one other out (its next page asks it to sign in again), finds that a browser
 * ended from elsewhere meanwhile simply leaves the list, and signs out of all the others.
 */

const password = 'Security-pass-1';
const chromium = useChromium();
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const texts = {
  en: {
    browserLocale: 'en-US',
    nav: 'Security',
    section: "Where you're signed in",
    thisBrowser: 'This browser',
    phone: /^Sign out Safari 17 on iOS 17, /,
    desktop: /^Sign out Firefox 133 on Windows 10, /,
    endOthers: 'Sign out of all other sessions',
    alone: "You're signed in on this browser only.",
    activity: 'Recent security activity',
    logged: [
      'All other browsers were signed out',
      'Another browser was signed out',
      'Signed in with the password',
      'Another browser was signed out',
    ],
  },
  ru: {
    browserLocale: 'ru-RU',
    nav: 'Безопасность',
    section: 'Где выполнен вход',
    thisBrowser: 'Этот браузер',
    phone: /^Завершить сеанс Safari 17, iOS 17, /,
    desktop: /^Завершить сеанс Firefox 133, Windows 10, /,
    endOthers: 'Завершить все другие сеансы',
    alone: 'Вход выполнен только в этом браузере.',
    activity: 'Недавние события безопасности',
    logged: [
      'Завершены сеансы во всех других браузерах',
      'Завершён сеанс в другом браузере',
      'Вход по паролю',
      'Завершён сеанс в другом браузере',
    ],
  },
} as const;

let counter = 0;
/** Another browser of the account, signed in through the API with its own User-Agent. */
async function alsoSignedIn(email: string, userAgent: string): Promise<BrowserContext> {
  const context = await chromium.newContext({ userAgent });
  counter += 1;
  const answer = await context.request.post('/api/auth/login/', {
    form: { login: email, password },
    headers: { ...(await csrfHeader(context)), 'X-Forwarded-For': `203.0.113.${counter % 250}` },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return context;
}

const signedInStill = async (context: BrowserContext) =>
  (await context.request.get('/api/v1/profile/')).status() === 200;

describe.each(['en', 'ru'] as const)('security page in %s', (locale) => {
  const t = texts[locale];

  it('lists the browsers, signs one out, takes one ended elsewhere off, then all others', async () => {
    const context = await chromium.newContext({ locale: t.browserLocale });
    const email = uniqueEmail(`security-${locale}`);
    await newAccount(context, email, password);
    const phone = await alsoSignedIn(email, SAFARI_IPHONE);
    const desktop = await alsoSignedIn(email, FIREFOX_WINDOWS);
    const page: Page = await context.newPage();

    await page.goto(`/${locale}/profile`);
    await page.getByRole('navigation').getByRole('link', { name: t.nav }).first().click();
    await page.waitForURL(`**/${locale}/security`);
    const section = page.getByRole('heading', { name: t.section }).locator('..');
    const rows = section.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(3);
    await rows.first().getByText(t.thisBrowser).waitFor();
    expect(await rows.first().getByRole('button').count()).toBe(0);
    await expectAccessible(page);

    // Sign the phone out: it leaves the list, and its next page is the sign-in.
    await section.getByRole('button', { name: t.phone }).click();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await signedInStill(phone)).toBe(false);
    const phonePage = await phone.newPage();
    await phonePage.goto(`/${locale}/profile`);
    await phonePage.waitForURL(`**/${locale}/login/1**`);

    // The desktop is signed out from elsewhere meanwhile: ending it here finds it gone,
    // and it simply leaves the list, with no error.
    const elsewhere = await alsoSignedIn(email, SAFARI_IPHONE);
    const listed = (await (await elsewhere.request.get('/api/v1/sessions/')).json()) as {
      id: string;
      browser: string | null;
    }[];
    const desktopId = listed.find((s) => s.browser === 'Firefox 133')?.id;
    const ended = await elsewhere.request.delete(`/api/v1/sessions/${desktopId}/`, {
      headers: await csrfHeader(elsewhere),
    });
    expect(ended.status()).toBe(204);
    await section.getByRole('button', { name: t.desktop }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await section.getByRole('alert').count()).toBe(0);

    // The one signed in meanwhile shows after a reload; Sign out of all others ends it.
    await page.reload();
    await expect.poll(() => rows.count()).toBe(2);
    await section.getByRole('button', { name: t.endOthers }).click();
    await section.getByText(t.alone).waitFor();
    expect(await rows.count()).toBe(1);
    expect(await signedInStill(elsewhere)).toBe(false);
    expect(await signedInStill(context)).toBe(true);
    expect(await page.title()).toMatch(new RegExp(`^${t.nav}`));

    // The security log tells it all, newest first, down to the sign-up by the mailed code.
    await page.reload();
    const log = page.getByRole('heading', { name: t.activity }).locator('..');
    const logged = log.getByRole('listitem');
    await expect.poll(() => logged.count()).toBe(7);
    const said = await logged.evaluateAll((items) =>
      items.map((item) => item.firstElementChild?.textContent),
    );
    expect(said.slice(0, 4)).toEqual(t.logged);
    await expectAccessible(page);
    for (const other of [phone, desktop, elsewhere, context]) await other.close();
  });
});

/*
 * Re-authentication (decision 0215): a user whose sign-in is older than 10 minutes signs
 * another browser out; the app's dialog asks for the password, says a wrong one at the
 * field, and with the right one the sign-out goes through without another click. A
 * cancelled dialog leaves the other browser signed in and says why under the list.
 */
const reauthTexts = {
  en: {
    dialog: "Confirm it's you",
    password: 'Password',
    confirm: 'Confirm',
    cancel: 'Cancel',
    wrong: 'The password is incorrect',
    refused: 'For your security, confirm it is you: enter your password again.',
  },
  ru: {
    dialog: 'Подтвердите, что это вы',
    password: 'Пароль',
    confirm: 'Подтвердить',
    cancel: 'Отмена',
    wrong: 'Неверный пароль',
    refused: 'В целях безопасности подтвердите, что это вы: введите пароль ещё раз.',
  },
} as const;

/**
 * A new account signed in here and on a phone, whose sign-in here is 11 minutes old as
 * far as the server knows: its sensitive actions ask who it is first.
 */
async function signedInLongAgo(name: string, browserLocale: string) {
  const context = await chromium.newContext({ locale: browserLocale });
  const email = uniqueEmail(name);
  await newAccount(context, email, password);
  const phone = await alsoSignedIn(email, SAFARI_IPHONE);
  const aged = await context.request.post('/api/dev/session/age/', {
    headers: await csrfHeader(context),
  });
  expect(aged.status()).toBe(204);
  return { context, email, phone };
}

describe.each(['en', 'ru'] as const)('re-authentication in %s', (locale) => {
  const t = { ...texts[locale], ...reauthTexts[locale] };

  it('asks for the password before signing another browser out, then signs it out', async () => {
    const { context, phone } = await signedInLongAgo(`reauth-${locale}`, t.browserLocale);
    const page = await context.newPage();
    await page.goto(`/${locale}/security`);
    const section = page.getByRole('heading', { name: t.section }).locator('..');
    const rows = section.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);

    // Cancelled: the phone stays signed in, and the list says why.
    await section.getByRole('button', { name: t.phone }).click();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await dialog.getByLabel(t.password).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: t.cancel }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await section.getByText(t.refused).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await signedInStill(phone)).toBe(true);

    // Again: a wrong password is said at the field; the right one ends the phone's session.
    await section.getByRole('button', { name: t.phone }).click();
    const field = dialog.getByLabel(t.password);
    await field.fill('Not-the-pass-1');
    await dialog.getByRole('button', { name: t.confirm }).click();
    await dialog.getByText(t.wrong).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await signedInStill(phone)).toBe(true);
    await field.fill(password);
    await dialog.getByRole('button', { name: t.confirm }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.count()).toBe(1);
    expect(await signedInStill(phone)).toBe(false);
    expect(await section.getByText(t.refused).count()).toBe(0);
    for (const other of [phone, context]) await other.close();
  });
});

/*
 * Changing the password (decision 0216) on /security, with a sign-in older than 10
 * minutes: the re-auth dialog asks first and the change goes on; the other browser is
 * signed out, the notice mailed in the page's language, and the old password no longer
 * signs in. A wrong current password is said at its field.
 */
const passwordTexts = {
  en: {
    current: 'Current password',
    next: 'New password',
    change: 'Change password',
    done: 'Your password was changed. Every other browser was signed out.',
    mail: 'Your password was changed',
  },
  ru: {
    current: 'Текущий пароль',
    next: 'Новый пароль',
    change: 'Изменить пароль',
    done: 'Пароль изменён. Во всех других браузерах выполнен выход.',
    mail: 'Пароль изменён',
  },
} as const;

describe.each(['en', 'ru'] as const)('changing the password in %s', (locale) => {
  const t = { ...texts[locale], ...reauthTexts[locale], ...passwordTexts[locale] };

  it('asks who it is, changes it, signs the others out and mails a notice', async () => {
    const { context, email, phone } = await signedInLongAgo(`password-${locale}`, t.browserLocale);
    const page = await context.newPage();
    await page.goto(`/${locale}/security`);
    const form = page.getByRole('form', { name: t.change });
    const changed = 'Changed-pass-42';
    await form.getByLabel(t.current).fill(password);
    await form.getByLabel(t.next).fill(changed);
    await form.getByRole('button', { name: t.change }).click();

    // The sign-in is old: the dialog asks first, then the change goes on by itself.
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await dialog.getByLabel(t.password).fill(password);
    await dialog.getByRole('button', { name: t.confirm }).click();
    await page.getByRole('status').filter({ hasText: t.done }).waitFor();
    expect(await form.getByLabel(t.current).inputValue()).toBe('');
    expect(await signedInStill(phone)).toBe(false);
    expect(await signedInStill(context)).toBe(true);
    const notice = await latestMail(context.request, email, (mail) => mail.subject === t.mail);
    expect(notice.subject).toBe(t.mail);
    const old = await chromium.newContext();
    const refused = await old.request.post('/api/auth/login/', {
      form: { login: email, password },
      headers: await csrfHeader(old),
    });
    expect(refused.status()).toBe(400);

    // Within 10 minutes now: a wrong current password is said at its field.
    await form.getByLabel(t.current).fill('Not-the-pass-1');
    await form.getByLabel(t.next).fill('Another-pass-43');
    await form.getByRole('button', { name: t.change }).click();
    await form.getByText(t.wrong).waitFor();
    expect(await form.getByLabel(t.current).getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.count()).toBe(0);
    await expectAccessible(page);
    for (const other of [phone, old, context]) await other.close();
  });
});

const deviceTexts = {
  en: {
    login: 'Username or email',
    password: 'Password',
    signIn: 'Sign in',
    subject: 'New sign-in to your profile',
    told: 'a browser it has not used before',
  },
  ru: {
    login: 'Имя пользователя или эл. почта',
    password: 'Пароль',
    signIn: 'Войти',
    subject: 'Вход в ваш профиль с нового устройства',
    told: 'из браузера, который раньше не использовался',
  },
} as const;

describe.each(['en', 'ru'] as const)('a sign-in from a new browser in %s', (locale) => {
  const t = { ...texts[locale], ...deviceTexts[locale] };

  it("mails the account a notice naming the browser, whose link lists where it's signed in", async () => {
    // An account made in this language: its mails are in it.
    const { context: home, email } = await signedIn(chromium, {
      browserLocale: t.browserLocale,
      prefix: `device-${locale}`,
      password,
      languageHeader: true,
    });

    // Another computer signs in on the sign-in page.
    const other = await chromium.newContext({
      locale: t.browserLocale,
      userAgent: FIREFOX_WINDOWS,
    });
    const page = await other.newPage();
    await page.goto(`/${locale}/login/1`);
    await page.getByLabel(t.login).fill(email);
    await page.getByLabel(t.password, { exact: false }).fill(password);
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe(`/${locale}/login/1`);

    const notice = await latestMail(home.request, email, (mail) => mail.subject === t.subject);
    expect(notice.text).toContain(t.told);
    expect(notice.text).toContain('Firefox 133');
    expect(notice.text).toContain('Windows 10');
    const link = /https?:\/\/\S+\/security\b/.exec(notice.text)?.[0] ?? '';
    expect(new URL(link).pathname).toBe(`/${locale}/security`);

    // The link, opened at home, lists both browsers: the new one can be signed out there.
    const homePage = await home.newPage();
    await homePage.goto(new URL(link).pathname);
    const section = homePage.getByRole('heading', { name: t.section }).locator('..');
    await section.getByRole('button', { name: t.desktop }).waitFor();
    expect(await section.getByRole('listitem').count()).toBe(2);
  });
});
