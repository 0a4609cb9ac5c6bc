import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { csrfHeader, newAccount, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { useChromium } from './chromium.ts';
import { passkeyBlockTexts, virtualAuthenticator } from './webauthn.ts';

/*
 * A passkey on the sign-in page and in the re-auth dialog (decisions 0215, 0219), against
 * the real server, with Chromium's virtual authenticator: a passkey added on /security
 * signs in from /login/1's button; after the sign-in grew old, it proves who the user is
 * before its own removal; a passkey the server no longer knows is refused with a message
 * while the password form still signs in.
 */

const password = 'Loginkey-pass-1';
const chromium = useChromium();

const texts = {
  en: {
    browserLocale: 'en-US',
    ...passkeyBlockTexts.en,
    login: 'Username or email',
    password: 'Password',
    signIn: 'Sign in',
    withPasskey: 'Sign in with a passkey',
    notAccepted: 'The passkey was not accepted. Try again, or sign in with your password.',
    cancelled:
      'No passkey was used: it was cancelled or took too long. You can sign in with your password.',
    dialog: "Confirm it's you",
    usePasskey: 'Use a passkey',
  },
  ru: {
    browserLocale: 'ru-RU',
    ...passkeyBlockTexts.ru,
    login: 'Имя пользователя или эл. почта',
    password: 'Пароль',
    signIn: 'Войти',
    withPasskey: 'Войти с ключом доступа',
    notAccepted: 'Ключ доступа не принят. Попробуйте ещё раз или войдите с паролем.',
    cancelled:
      'Ключ доступа не использован: вход отменён или занял слишком много времени. Вы можете войти с паролем.',
    dialog: 'Подтвердите, что это вы',
    usePasskey: 'Использовать ключ доступа',
  },
} as const;

let addresses = 0;

/**
 * A new account signed in within a context of its own, whose page calls come from an
 * address of their own (the server trusts the proxy header in these tests), so the
 * sign-in page's passkey challenges count against no other test's.
 */
async function account(locale: 'en' | 'ru') {
  addresses += 1;
  const context = await chromium.newContext({
    locale: texts[locale].browserLocale,
    extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${100 + addresses}` },
  });
  const email = uniqueEmail(`loginkey-${locale}`);
  await newAccount(context, email, password);
  const page = await context.newPage();
  // `?autofill=off` plays a browser whose autofill offers no passkeys: Chromium's virtual
  // authenticator answers the autofill's request at once, before any button is pressed.
  // `?json=off` plays a browser that does not read WebAuthn's JSON itself: the page takes
  // the library's way then (decision 0039).
  await page.addInitScript(() => {
    const query = new URLSearchParams(window.location.search);
    if (query.get('autofill') === 'off') {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    }
    if (query.get('json') === 'off') {
      Reflect.deleteProperty(PublicKeyCredential, 'parseRequestOptionsFromJSON');
    }
  });
  return { context, page, email, authenticator: await virtualAuthenticator(page) };
}

async function signOut(context: BrowserContext) {
  const answer = await context.request.post('/api/auth/logout/', {
    headers: await csrfHeader(context),
  });
  expect(answer.ok()).toBe(true);
}

async function addPasskey(page: Page, locale: 'en' | 'ru', name: string) {
  const t = texts[locale];
  await page.goto(`/${locale}/security`);
  const section = page.getByRole('heading', { name: t.section, exact: true }).locator('..');
  await section.getByText(t.none).waitFor();
  await section.getByLabel(t.name).fill(name);
  await section.getByRole('button', { name: t.add }).click();
  await section.getByRole('listitem').getByText(name, { exact: true }).waitFor();
  return section;
}

describe.each(['en', 'ru'] as const)('passkey sign-in and re-authentication in %s', (locale) => {
  const t = texts[locale];

  it('signs in with the button, proves who the user is before a removal, and is refused once gone', async () => {
    const { context, page, email } = await account(locale);
    const section = await addPasskey(page, locale, 'Laptop');

    // Signed out, /login/1 signs in with the passkey's button.
    await signOut(context);
    await page.goto(`/${locale}/login/1?autofill=off`);
    const login = page.getByLabel(t.login);
    expect(await login.getAttribute('autocomplete')).toBe('username webauthn');
    await expectAccessible(page);
    await page.getByRole('button', { name: t.withPasskey }).click();
    await page.waitForURL(`**/${locale}/profile`);

    // Where the browser's autofill offers passkeys, the one picked there signs in: the
    // virtual authenticator picks it at once. The browser reads the options itself, so the
    // WebAuthn library never loads; where it cannot, the library does it.
    // Counted where the browser fetches it: routing turns the browser's caches off, so a
    // library kept from the button's sign-in above cannot load unseen.
    const library: string[] = [];
    await page.route('**/webauthn-sign-in*', (route) => {
      library.push(route.request().url());
      return route.continue();
    });
    for (const [query, loaded] of [
      ['', 0],
      ['?json=off', 1],
    ] as const) {
      await signOut(context);
      library.length = 0;
      await page.goto(`/${locale}/login/1${query}`);
      await page.waitForURL(`**/${locale}/profile`);
      expect(library).toHaveLength(loaded);
    }

    // Eleven minutes later as far as the server knows: removing the passkey asks first,
    // and the passkey itself is the proof.
    const aged = await context.request.post('/api/dev/session/age/', {
      headers: await csrfHeader(context),
    });
    expect(aged.status()).toBe(204);
    await page.goto(`/${locale}/security`);
    await section.getByRole('button', { name: t.remove('Laptop') }).click();
    await page
      .getByRole('alertdialog', { name: t.confirmTitle })
      .getByRole('button', { name: t.confirm, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await dialog.getByRole('button', { name: t.usePasskey }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: t.usePasskey }).click();
    await dialog.waitFor({ state: 'hidden' });
    await section.getByText(t.none).waitFor();
    const log = await (await context.request.get('/api/v1/security/events/')).json();
    expect((log as { kind: string; method: string | null }[]).slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'passkey_removed' }),
      expect.objectContaining({ kind: 'reauthenticated', method: 'passkey' }),
    ]);

    // The device still holds the passkey the server no longer knows: refused, told, and
    // the password form signs in with what was typed.
    await signOut(context);
    await page.goto(`/${locale}/login/1?autofill=off`);
    await login.fill(email);
    await page.getByLabel(t.password).fill(password);
    await page.getByRole('button', { name: t.withPasskey }).click();
    await page.getByRole('alert').getByText(t.notAccepted).waitFor();
    await expectAccessible(page);
    expect(await login.inputValue()).toBe(email);
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    await page.waitForURL(`**/${locale}/profile`);
    await context.close();
  });

  it('tells a passkey the device could not verify its user, and the form still works', async () => {
    const { context, page, email, authenticator } = await account(locale);
    await addPasskey(page, locale, 'Phone');
    await signOut(context);
    // The device's own check (a fingerprint, a PIN) fails from now on.
    await authenticator.userVerified(false);
    await page.goto(`/${locale}/login/1`);
    await page.getByLabel(t.login).fill(email);
    await page.getByRole('button', { name: t.withPasskey }).click();
    await page.getByRole('alert').getByText(t.cancelled).waitFor();
    await page.getByLabel(t.password).fill(password);
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    await page.waitForURL(`**/${locale}/profile`);
    await context.close();
  });
});
