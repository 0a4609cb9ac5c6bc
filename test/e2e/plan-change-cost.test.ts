import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { buyer, buyMiniInSandbox, checkoutTexts } from './checkout.ts';
import { useChromium } from './chromium.ts';

const chromium = useChromium();

/**
 * A paying user opens a change to Premium: the checkout shows what it charges now, the
 * credit for the unused part of Mini and the next payment, before anything is charged;
 * then Pay charges exactly that, as the payment history shows.
 */
const walks = {
  en: {
    ...checkoutTexts.en,
    updated: 'Subscription updated',
    chargedNow: /^Charged now: (.+)$/,
    credit: /^Credit for the unused part of your current plan: €\d+, adds \d+ days?$/,
    next: /^Next payment: (.+) on \w+ \d{1,2}, \d{4}$/,
    history: 'Payment history',
    row: (amount: string) => `Premium, monthly · ${amount}`,
  },
  ru: {
    ...checkoutTexts.ru,
    updated: 'Подписка изменена',
    chargedNow: /^Спишем сейчас: (.+)$/,
    credit:
      /^Зачёт за неиспользованную часть текущего тарифа: \d+\s₽, добавит \d+ (день|дня|дней)$/,
    next: /^Следующий платёж: (.+), \d{1,2} \S+ \d{4}/,
    history: 'История платежей',
    row: (amount: string) => `Premium, помесячно · ${amount}`,
  },
} as const;

describe.each(['en', 'ru'] as const)('the cost of a plan change in %s', (locale) => {
  const w = walks[locale];

  it('is shown before paying, and is what the change charges', async () => {
    const { context, page } = await buyer(chromium, locale, `change-${locale}`);
    await buyMiniInSandbox(page, locale);

    await page.goto(`/${locale}/subscription/update?plan=premium&period=monthly`);
    const charged = page.getByText(w.chargedNow);
    await charged.waitFor();
    const shown = w.chargedNow.exec((await charged.innerText()).trim())?.[1] ?? '';
    expect(shown).not.toBe('');
    await page.getByText(w.credit).waitFor();
    const next = w.next.exec((await page.getByText(w.next).innerText()).trim())?.[1];
    // The next period is charged at the plan's full price, as now (no promo code).
    expect(next).toBe(shown);
    await expectAccessible(page);

    await page.getByRole('button', { name: w.pay }).click();
    await page
      .getByRole('dialog')
      .getByRole('heading', { name: w.updated })
      .waitFor({ timeout: 40_000 });
    await page.getByRole('button', { name: w.ok }).click();
    const history = page
      .locator('section, div')
      .filter({ has: page.getByRole('heading', { level: 2, name: w.history }) })
      .last();
    const rows = history.getByRole('listitem');
    await rows.nth(1).waitFor();
    const newest = (await rows.first().innerText()).replaceAll('\u00a0', ' ');
    expect(newest.startsWith(w.row(shown.replaceAll('\u00a0', ' ')))).toBe(true);
    await context.close();
  });
});
