import { describe, expect, it } from 'vitest';
import { pdfText } from '../server/pdf.ts';
import { expectAccessible } from './axe.ts';
import { buyer, buyMiniInSandbox } from './checkout.ts';
import { useChromium } from './chromium.ts';

const chromium = useChromium();

/**
 * A plan paid in the sandbox through the pages, then its row in the payment history and
 * its receipt. An account in Germany pays with the international provider in euros, one
 * in Russia with the Russian one in roubles. The e2e server's seller is that of
 * test/e2e/fixtures/site.json.
 */
const walks = {
  en: {
    history: 'Payment history',
    row: /^Mini, monthly · €9\s+Paid\s/,
    receipt: 'Receipt (PDF) (opens in a new tab)',
    said: ['Payment receipt', 'GIS Operator LLC', 'Plan: Mini, monthly', 'Amount paid: €9'],
  },
  ru: {
    history: 'История платежей',
    row: /^Mini, помесячно · 790\s₽\s+Оплачен\s/,
    receipt: 'Квитанция (PDF) (откроется в новой вкладке)',
    said: [
      'Квитанция об оплате',
      'ООО «ГИС Оператор»',
      'Тариф: Mini, помесячно',
      'Оплачено: 790 ₽',
    ],
  },
} as const;

describe.each(['en', 'ru'] as const)('payment history in %s', (locale) => {
  const w = walks[locale];

  it('shows a plan paid in the sandbox, with its receipt as a PDF', async () => {
    const { context, page } = await buyer(chromium, locale, `history-${locale}`);

    await page.goto(`/${locale}/subscription`);
    await page.getByRole('heading', { level: 2, name: w.history }).waitFor();
    await page.getByText(locale === 'en' ? 'No payments yet.' : 'Платежей пока нет.').waitFor();

    await buyMiniInSandbox(page, locale);

    const history = page.locator('section, div').filter({
      has: page.getByRole('heading', { level: 2, name: w.history }),
    });
    const row = history.last().getByRole('listitem');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.first().innerText()).toMatch(w.row);
    const link = row.first().getByRole('link', { name: w.receipt });
    expect(await link.getAttribute('target')).toBe('_blank');
    const href = await link.getAttribute('href');
    expect(href).toMatch(new RegExp(`^/api/v1/payments/co_[\\w-]+/receipt/\\?locale=${locale}$`));
    await expectAccessible(page);

    // The link's document, with this browser's cookies: a PDF saying what was bought.
    const receipt = await context.request.get(href ?? '');
    expect(receipt.status()).toBe(200);
    expect(receipt.headers()['content-type']).toBe('application/pdf');
    const text = await pdfText(await receipt.body());
    for (const said of w.said) expect(text).toContain(said);
    // Another browser, not signed in, gets nothing of it.
    const stranger = await chromium.newContext();
    expect((await stranger.request.get(href ?? '')).status()).toBe(401);
  });
});
