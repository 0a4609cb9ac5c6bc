import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { useChromium } from './chromium.ts';
import { passkeyBlockTexts, virtualAuthenticator } from './webauthn.ts';

/*
 * "Passkeys" on /security (decision 0219), against the real server, with Chromium's
 * virtual authenticator (CDP WebAuthn) standing in for the device's own: a passkey is
 * added under a name, listed, renamed, signs in through the server's passkey sign-in,
 * and is removed after a confirmation.
 */

const password = 'Passkeys-pass-1';
const chromium = useChromium();

const texts = {
  en: {
    browserLocale: 'en-US',
    ...passkeyBlockTexts.en,
    newName: 'New name of the passkey',
    rename: (name: string) => `Rename ${name}`,
    save: 'Save',
    notUsed: 'not used yet',
    lastUsed: 'last used',
    logged: 'Passkey added',
  },
  ru: {
    browserLocale: 'ru-RU',
    ...passkeyBlockTexts.ru,
    newName: 'Новое название ключа доступа',
    rename: (name: string) => `Переименовать ${name}`,
    save: 'Сохранить',
    notUsed: 'ещё не использовался',
    lastUsed: 'последний вход',
    logged: 'Ключ доступа добавлен',
  },
} as const;

/**
 * The server's passkey sign-in from the page, as the sign-in page will do it: options,
 * navigator.credentials.get() with no account named, the assertion posted back.
 */
function passkeySignIn(page: Page): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async () => {
    const csrf = document.cookie.match(/(?:^|; )(?:__Host-)?csrftoken=([^;]+)/)?.[1] ?? '';
    const headers = { 'Content-Type': 'application/json', 'X-CSRFToken': csrf };
    const options = await fetch('/api/auth/passkey/options/', { method: 'POST', headers });
    const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(await options.json());
    const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential;
    const answer = await fetch('/api/auth/passkey/', {
      method: 'POST',
      headers,
      body: JSON.stringify({ credential: credential.toJSON() }),
    });
    return { status: answer.status, body: await answer.json() };
  });
}

describe.each(['en', 'ru'] as const)('passkeys in %s', (locale) => {
  const t = texts[locale];

  it('adds a passkey, renames it, signs in with it and removes it', async () => {
    const { context, page } = await signedIn(chromium, {
      browserLocale: t.browserLocale,
      prefix: `passkeys-${locale}`,
      password,
    });
    const authenticator = await virtualAuthenticator(page);
    await page.goto(`/${locale}/security`);
    const section = page.getByRole('heading', { name: t.section, exact: true }).locator('..');
    await section.getByText(t.none).waitFor();
    await expectAccessible(page);

    // A name, then Add: the authenticator makes a discoverable passkey, the list shows it.
    await section.getByLabel(t.name).fill('Laptop');
    await section.getByRole('button', { name: t.add }).click();
    const rows = section.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByText('Laptop', { exact: true }).waitFor();
    await rows.first().getByText(t.notUsed, { exact: false }).waitFor();
    expect(await section.getByLabel(t.name).inputValue()).toBe('');
    const [made] = await authenticator.credentials();
    expect(made?.isResidentCredential).toBe(true);

    // Renamed in place.
    await section.getByRole('button', { name: t.rename('Laptop') }).click();
    await section.getByLabel(t.newName).fill('Work laptop');
    await section.getByRole('button', { name: t.save }).click();
    await rows.first().getByText('Work laptop', { exact: true }).waitFor();
    await expectAccessible(page);

    // The passkey signs in through the server: a new session, and the list says it was used.
    const signIn = await passkeySignIn(page);
    expect(signIn).toEqual({ status: 200, body: { next: `/${locale}/profile` } });
    await page.reload();
    await rows.first().getByText(t.lastUsed, { exact: false }).waitFor();
    const log = await (await context.request.get('/api/v1/security/events/')).json();
    expect((log as { kind: string; method: string | null }[]).slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'sign_in', method: 'passkey' }),
      expect.objectContaining({ kind: 'passkey_added' }),
    ]);
    await page.getByText(t.logged).first().waitFor();

    // Removed after the confirmation.
    await section.getByRole('button', { name: t.remove('Work laptop') }).click();
    const dialog = page.getByRole('alertdialog', { name: t.confirmTitle });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: t.confirm, exact: true }).click();
    await section.getByText(t.none).waitFor();
    expect(await rows.count()).toBe(0);
    expect((await passkeySignIn(page)).status).toBe(400);
    await context.close();
  });
});
