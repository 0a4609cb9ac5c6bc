import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { buyer, buyMiniInSandbox } from './checkout.ts';
import { useChromium } from './chromium.ts';
import { drewAWait, watchForWaits } from './first-draw.ts';

const chromium = useChromium();

/**
 * A plan paid in the sandbox with the provider's usual test card, then the card changed
 * to a Mastercard through the sandbox's card setup page. An account in Germany pays
 * with the international provider (Visa pre-selected), one in Russia with the Russian
 * one (Mir pre-selected).
 */
const walks = {
  en: {
    title: 'Payment card',
    history: 'Payment history',
    paid: 'Paid',
    first: 'Visa •••• 4242, expires 12/2030',
    change: 'Change card',
    saved: 'The new card is saved: the next payments are charged to it.',
    unconfirmed: 'The payment system has not confirmed the new card yet.',
    next: 'Mastercard •••• 4444, expires 11/2029',
  },
  ru: {
    title: 'Платёжная карта',
    history: 'История платежей',
    paid: 'Оплачен',
    first: 'Мир •••• 0004, действует до 09/2031',
    change: 'Сменить карту',
    saved: 'Новая карта сохранена: следующие платежи будут списываться с неё.',
    unconfirmed: 'Платёжная система ещё не подтвердила новую карту.',
    next: 'Mastercard •••• 4444, действует до 11/2029',
  },
} as const;

/** The card block's own section of the page. */
const cardBlock = (page: Page, title: string) =>
  page
    .locator('div')
    .filter({ has: page.getByRole('heading', { level: 2, name: title }) })
    .last();

describe.each(['en', 'ru'] as const)('the card on file in %s', (locale) => {
  const w = walks[locale];

  it('shows the card paid with, and changes it through the provider', async () => {
    const { context, page } = await buyer(chromium, locale, `card-${locale}`);
    await buyMiniInSandbox(page, locale);

    const block = cardBlock(page, w.title);
    await block.getByText(w.first).waitFor();
    await expectAccessible(page);

    // Opened again, its HTML brings the plan, the history and the card: the page draws
    // them without a wait (decision 0034), the payment just made in the history.
    await watchForWaits(page);
    await page.goto(`/${locale}/subscription`);
    await block.getByText(w.first).waitFor();
    await page.getByRole('heading', { level: 2, name: w.history }).waitFor();
    await page.getByRole('listitem').filter({ hasText: w.paid }).first().waitFor();
    expect(await drewAWait(page)).toBe(false);

    await block.getByRole('button', { name: w.change }).click();
    await page.waitForURL('**/sandbox/pay/**');
    await page.getByText('Save card', { exact: true }).waitFor();
    await page.getByLabel(/Mastercard 5555/).check();
    await page.getByRole('button', { name: 'Save card', exact: true }).click();
    await page.waitForURL(`**/${locale}/subscription**`);

    // The page polls the setup until the provider has settled it (the sandbox's delay).
    const saved = block.getByText(w.saved);
    const unconfirmed = block.getByText(w.unconfirmed, { exact: false });
    await saved.or(unconfirmed).waitFor({ timeout: 40_000 });
    if (await unconfirmed.isVisible()) {
      // Not settled within the page's poll: the next visit shows the card as it is then.
      await expect
        .poll(
          async () => {
            await page.reload();
            return cardBlock(page, w.title).getByText(w.next).isVisible();
          },
          { timeout: 40_000, interval: 2000 },
        )
        .toBe(true);
    } else {
      expect(await saved.getAttribute('role')).toBe('status');
      await block.getByText(w.next).waitFor();
    }
    await expect.poll(() => page.url()).not.toContain('card_setup');
    await expectAccessible(page);
    await context.close();
  });
});
