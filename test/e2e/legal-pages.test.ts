import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { useChromium } from './chromium.ts';

let context: BrowserContext;
let page: Page;
useChromium({ set: (c, p) => ((context = c), (page = p)) });

const texts = {
  en: {
    terms: 'Terms of service',
    privacy: 'Privacy policy',
    section: 'Your account',
    site: 'GIS Account',
    create: 'Create an account',
  },
  ru: {
    terms: 'Условия использования',
    privacy: 'Политика конфиденциальности',
    section: 'Ваш аккаунт',
    site: 'Аккаунт ГИС',
    create: 'Создать аккаунт',
  },
};

/** The page a link with target=_blank opened. */
async function opened(link: ReturnType<Page['getByRole']>): Promise<Page> {
  const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await popup.waitForLoadState();
  return popup;
}

describe.each(['en', 'ru'] as const)('the legal pages in %s', (locale) => {
  const t = texts[locale];

  it('open from the footer for a visitor, titled, readable and accessible', async () => {
    await page.goto(`/${locale}/signup/0`);
    await page.locator('footer').getByRole('link', { name: t.terms }).click();
    await page.waitForURL(`**/${locale}/terms`);
    await page.getByRole('heading', { level: 1, name: t.terms }).waitFor();
    await page.getByRole('heading', { level: 2, name: t.section }).waitFor();
    expect(await page.locator('article li').count()).toBeGreaterThan(0);
    await expect.poll(() => page.title()).toBe(`${t.terms} — ${t.site}`);
    // A visitor: the header offers to sign in and come back here.
    const href = await page.locator('header a[href*="/login/1"]').getAttribute('href');
    expect(new URL(href ?? '', 'http://x').searchParams.get('next')).toBe(`/${locale}/terms`);
    await expectAccessible(page);

    await page.locator('footer').getByRole('link', { name: t.privacy }).click();
    await page.waitForURL(`**/${locale}/privacy`);
    await page.getByRole('heading', { level: 1, name: t.privacy }).waitFor();
    await expect.poll(() => page.title()).toBe(`${t.privacy} — ${t.site}`);
    await expectAccessible(page);
  });

  it('open from the sign-up checkbox and the social dialog in a new tab', async () => {
    await page.goto(`/${locale}/signup/0`);
    const form = page.getByRole('form', { name: t.create });
    const terms = await opened(form.getByRole('link', { name: /terms of service|условия/i }));
    expect(new URL(terms.url()).pathname).toBe(`/${locale}/terms`);
    await terms.getByRole('heading', { level: 1, name: t.terms }).waitFor();
    // The form stays where it was.
    expect(new URL(page.url()).pathname).toBe(`/${locale}/signup/0`);

    await page.getByRole('button', { name: 'Yandex' }).click();
    const dialog = page.getByRole('alertdialog');
    const privacy = await opened(dialog.getByRole('link', { name: /privacy policy|политик/i }));
    expect(new URL(privacy.url()).pathname).toBe(`/${locale}/privacy`);
    await privacy.getByRole('heading', { level: 1, name: t.privacy }).waitFor();
  });
});

describe('the legal pages for a signed-in user', () => {
  it('keep the account menu and answer 404 for an unknown document', async () => {
    await newAccount(context, uniqueEmail('legal'), 'Legal-pass-1');
    await page.goto('/en/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    const unknown = await page.request.get('/api/v1/legal/cookies/en/');
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'not_found' });
  });
});
