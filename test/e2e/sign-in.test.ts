import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newAccount, signOutFromMenu, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { useChromium } from './chromium.ts';

let context: BrowserContext;
let page: Page;
const chromium = useChromium({ set: (c, p) => ((context = c), (page = p)) });

async function signIn(
  login: string,
  password: string,
  labels = { login: 'Username or email', password: 'Password', submit: 'Sign in' },
) {
  await page.getByLabel(labels.login).fill(login);
  await page.getByLabel(labels.password, { exact: false }).fill(password);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

describe('sign-in in English', () => {
  it('goes from / to the sign-in page, refuses bad input at its fields, then signs in', async () => {
    await page.goto('/');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/en/login/1');
    await expect.poll(() => page.title()).toBe('Sign in — GIS Account');
    await expectAccessible(page);

    let posts = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/login/')) posts += 1;
    });
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByText('This field is required').count()).toBe(2);
    expect(posts).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('login');
    await expectAccessible(page);

    await signIn('nobody@example.com', 'Whatever-1');
    await page.getByText('There is no profile with this email').waitFor();
    await signIn('demo', 'Wrong-pass-1');
    await page.getByText('The password is incorrect').waitFor();
    expect(await page.getByText('There is no profile with this email').count()).toBe(0);
    expect(await page.getByLabel('Username or email').inputValue()).toBe('demo');

    await signIn('  DEMO@example.com ', 'Demo-pass-1');
    await page.waitForURL('**/en/profile');
    await page.getByText('demo@example.com').waitFor();
    await expect.poll(() => page.title()).toBe('Profile — GIS Account');
    await expectAccessible(page);
  });

  it('sends an unsigned visitor of a protected page to sign in, keeping the query, and back', async () => {
    await page.goto('/en/subscription?plan=mini');
    await page.waitForURL('**/en/login/1?**');
    const url = new URL(page.url());
    expect(url.searchParams.get('plan')).toBe('mini');
    expect(url.searchParams.get('next')).toBe('/en/subscription?plan=mini');
    await signIn('demo', 'Demo-pass-1');
    await page.waitForURL('**/en/subscription?plan=mini');
    await page.getByRole('heading', { name: 'Subscription' }).waitFor();
  });

  it('carries the query to the reset page and sends the browser timezone after sign-in', async () => {
    context = await chromium.newContext({ timezoneId: 'Asia/Tokyo' });
    page = await context.newPage();
    await page.goto('/en/login/1?next=%2Fen%2Fsoftware&utm=mail');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/en/password/reset?**');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/en/software');
    expect(new URL(page.url()).searchParams.get('utm')).toBe('mail');
    await page.goBack();
    await signIn('demo', 'Demo-pass-1');
    await page.waitForURL('**/en/software');
    await expect
      .poll(async () => (await (await page.request.get('/api/v1/profile/')).json()).timezone)
      .toEqual({ ianaName: 'Asia/Tokyo', offset: 540 });
  });

  it('redirects a path without a locale prefix, shows 404 for unknown pages, signs out', async () => {
    await page.goto('/profile');
    await page.waitForURL('**/en/login/1?**');
    await signIn('demo', 'Demo-pass-1');
    await page.waitForURL('**/en/profile');

    await page.goto('/en/no-such-page');
    await page.getByRole('heading', { name: 'Page does not exist' }).waitFor();
    expect(await page.getByRole('button', { name: 'Go back' }).count()).toBe(1);
    const report = await page
      .getByRole('link', { name: 'Report the problem by e-mail' })
      .getAttribute('href');
    expect(decodeURIComponent(report ?? '')).toContain('/en/no-such-page');
    await expectAccessible(page);

    await page.goto('/en/profile');
    await signOutFromMenu(page);
    await page.waitForURL('**/en/login/1');
    const profile = await page.request.get('/api/v1/profile/');
    expect(profile.status()).toBe(401);
  });
});

describe('sign-in in Russian', () => {
  it('switches the language, shows Russian texts and errors, and signs in', async () => {
    await page.goto('/en/login/1');
    const languages = page.getByRole('navigation', { name: 'Language' });
    expect(
      await languages.getByRole('link', { name: 'English' }).getAttribute('aria-current'),
    ).toBe('true');
    await languages.getByRole('link', { name: 'Русский' }).click();
    await page.waitForURL('**/ru/login/1');
    await expect.poll(() => page.title()).toBe('Войти — Аккаунт ГИС');
    const ru = { login: 'Имя пользователя или эл. почта', password: 'Пароль', submit: 'Войти' };
    await signIn('demo', 'Неверный-1', ru);
    await page.getByText('Неверный пароль').waitFor();
    await expectAccessible(page);
    await signIn('demo', 'Demo-pass-1', ru);
    await page.waitForURL('**/ru/profile');
    await page.getByRole('heading', { name: 'Профиль' }).waitFor();
    // The saved choice makes Russian the default for addresses without a prefix.
    await page.goto('/software');
    await page.waitForURL('**/ru/software');
  });
});

describe('a social sign-in cancelled at the provider', () => {
  it('returns to the Russian sign-in page it started from, in Russian', async () => {
    // The saved choice says English: only the page says Russian.
    await context.addCookies([{ name: 'locale', value: 'en', url: inject('baseUrl') }]);
    await page.goto('/ru/login/1');
    await page.getByRole('heading', { level: 1, name: 'Войти' }).waitFor();
    await page.getByRole('link', { name: 'Yandex' }).click();
    await page.getByRole('heading', { name: 'Sign in with Yandex' }).waitFor();
    await page.getByRole('button', { name: 'Deny' }).click();

    await page.waitForURL('**/ru/login/1?**');
    expect(new URL(page.url()).searchParams.get('error')).toBe('social_denied');
    await page.getByText('Вход через провайдера отменён.').waitFor();
    await page.getByRole('button', { name: 'Войти', exact: true }).waitFor();
    await expect.poll(() => page.title()).toBe('Войти — Аккаунт ГИС');
    expect((await page.request.get('/api/v1/profile/')).status()).toBe(401);
    await expectAccessible(page);
  });
});

describe('the header Sign in button', () => {
  it('is not on the sign-in page, and elsewhere brings the user back after sign-in', async () => {
    await page.goto('/en/login/1');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await page.locator('header').getByRole('link', { name: 'Sign in' }).count()).toBe(0);

    await page.goto('/en/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
    await page.locator('header').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/en/login/1?**');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/en/privacy');
    expect(await page.locator('header').getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    await signIn('demo', 'Demo-pass-1');
    await page.waitForURL('**/en/privacy');
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
  });
});

describe('a session ended on the server', () => {
  it('sends the user to sign in with the page in next, and back after', async () => {
    const email = uniqueEmail('ended');
    await newAccount(context, email, 'Ended-pass-1');
    await page.goto('/en/profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();

    // Signed out in another tab: this tab still shows the user.
    const other = await context.newPage();
    await other.goto('/en/silent_logout');
    await other.waitForURL('**/en/login/1');
    await other.close();
    expect((await page.request.get('/api/v1/profile/')).status()).toBe(401);

    await page.locator('nav a[href="/en/subscription"]').click();
    await page.waitForURL('**/en/login/1?**');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/en/subscription');
    await page.getByText('You need to sign in to continue').waitFor();
    expect(await page.getByRole('button', { name: /Account menu/ }).count()).toBe(0);
    await expectAccessible(page);

    await signIn(email, 'Ended-pass-1');
    await page.waitForURL('**/en/subscription');
    await page.getByRole('heading', { level: 1, name: 'Subscription' }).waitFor();
    expect(await page.getByText("Couldn't load your subscription").count()).toBe(0);
  });
});

describe('social sign-in of an identity new here', () => {
  /** The sandbox provider's page: who the visitor is there, then Allow. */
  async function allowAtProvider(email: string) {
    await page.getByRole('heading', { name: 'Sign in with Yandex' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Allow' }).click();
  }

  it('asks for the terms before an account is made: decline, then agree', async () => {
    const email = uniqueEmail('social-new');
    await page.goto('/en/login/1?next=%2Fen%2Fsoftware');
    await page.getByRole('link', { name: 'Yandex' }).click();
    await allowAtProvider(email);

    await page.waitForURL('**/en/login/1?**');
    expect(new URL(page.url()).searchParams.get('consent')).toBe('yandex');
    const dialog = page.getByRole('alertdialog', { name: 'Sign up with Yandex' });
    await dialog.getByText(/please agree to the/).waitFor();
    expect((await page.request.get('/api/v1/profile/')).status()).toBe(401);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Disagree', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => new URL(page.url()).searchParams.get('consent')).toBeNull();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/en/software');
    expect((await page.request.get('/api/v1/profile/')).status()).toBe(401);

    await page.getByRole('link', { name: 'Yandex' }).click();
    await allowAtProvider(email);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Agree', exact: true }).click();
    await page.waitForURL('**/en/software');
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    const profile = await (await page.request.get('/api/v1/profile/')).json();
    expect(profile).toMatchObject({ email, has_password: false });
  });

  it('says so when the held sign-in is gone, and creates nothing', async () => {
    // No sign-in came back to this browser: the question in the address is all there is.
    await page.goto('/en/login/1?consent=github');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Agree', exact: true }).click();
    await page.getByText('The sign-in with the provider took too long').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('error')).toBe('token_not_found');
    expect(new URL(page.url()).searchParams.get('consent')).toBeNull();
    expect((await page.request.get('/api/v1/profile/')).status()).toBe(401);
    await expectAccessible(page);
  });
});
