import type { Page } from 'playwright-core';
import { signedIn } from './accounts.ts';
import type { Chromium } from './chromium.ts';

/**
 * The checkout's texts in each language, and the country of a buyer there: an account in
 * Germany pays with the international provider (in euros), one in Russia with the
 * Russian one (in roubles).
 */
export const checkoutTexts = {
  en: {
    browserLocale: 'en-US',
    country: 'DE',
    selected: 'You selected',
    pay: /^Pay \S/,
    created: 'Subscription created',
    ok: 'OK',
  },
  ru: {
    browserLocale: 'ru-RU',
    country: 'RU',
    selected: 'Вы выбрали',
    pay: /^Оплатить \S/,
    created: 'Подписка оформлена',
    ok: 'ОК',
  },
} as const;
export type CheckoutLocale = keyof typeof checkoutTexts;

/** A new account in the country of `locale`, signed in within a context of that language. */
export const buyer = (chromium: Chromium, locale: CheckoutLocale, prefix: string) =>
  signedIn(chromium, {
    browserLocale: checkoutTexts[locale].browserLocale,
    prefix,
    password: 'Buyer-pass-1',
    country: checkoutTexts[locale].country,
  });

/**
 * Mini monthly bought through the pages: the checkout, Pay, the sandbox provider's Pay,
 * back on /subscription until the outcome dialog says it was created; then OK.
 */
export async function buyMiniInSandbox(page: Page, locale: CheckoutLocale) {
  const w = checkoutTexts[locale];
  await page.goto(`/${locale}/subscription/update?plan=mini&period=monthly`);
  await page.getByText(w.selected).waitFor();
  await page.getByRole('button', { name: w.pay }).click();
  await page.waitForURL('**/sandbox/pay/**');
  await page.getByRole('button', { name: /^Pay [€$\d]/ }).click();
  await page.waitForURL(`**/${locale}/subscription**`);
  await page
    .getByRole('dialog')
    .getByRole('heading', { name: w.created })
    .waitFor({ timeout: 40_000 });
  await page.getByRole('button', { name: w.ok }).click();
}
