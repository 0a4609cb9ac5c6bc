import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { newAccount, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { launchChromium } from './browser.ts';

const baseURL = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  context = await browser.newContext({ baseURL, locale: 'en-US' });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

async function fillPayer() {
  await page.getByLabel('First name').fill('Test');
  await page.getByLabel('Last name').fill('Buyer');
  await page.getByLabel('Country').selectOption('DE');
}

/** From the checkout of /subscription/update: the payer, Pay, then the sandbox provider's choice. */
async function payInSandbox(choice: RegExp) {
  await fillPayer();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL('**/sandbox/pay/**');
  await page.getByRole('button', { name: choice }).click();
  await page.waitForURL('**/en/subscription**');
}

describe('billing in English', () => {
  it('buys mini monthly (created), changes to premium yearly (updated), cancels and restores', async () => {
    await newAccount(context, uniqueEmail('buyer'), 'Buyer-pass-1');
    await page.goto('/en/subscription/update?plan=mini&period=monthly');
    await page.getByText('You selected').waitFor();
    await expectAccessible(page);
    await payInSandbox(/^Pay /);
    await page.getByText('Subscription created').waitFor({ timeout: 40_000 });
    await expectAccessible(page);
    // The address no longer carries the payment attempt.
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: 'OK' }).click();

    await page.goto('/en/subscription/update?plan=premium&period=annually');
    await page.getByText('You selected').waitFor();
    await fillPayer();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText('Subscription updated').waitFor({ timeout: 40_000 });
    await page.getByRole('button', { name: 'OK' }).click();

    await page.goto('/en/subscription/update?plan=free&period=monthly');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText('Subscription cancelled').waitFor({ timeout: 40_000 });
    await page.getByRole('button', { name: 'OK' }).click();
    await page
      .getByText(/Active until/)
      .first()
      .waitFor();

    await page.getByRole('button', { name: 'Restore' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /Restore/ })
      .click();
    await page.getByText('Subscription restored').waitFor({ timeout: 40_000 });
  });

  it('shows creation_failed for a declined card', async () => {
    await newAccount(context, uniqueEmail('declined'), 'Buyer-pass-1');
    await page.goto('/en/subscription/update?plan=mini&period=monthly');
    await page.getByText('You selected').waitFor();
    await payInSandbox(/^Decline/);
    await page.getByText('Subscription not created').waitFor({ timeout: 40_000 });
  });

  it('says what each promo code does', async () => {
    await newAccount(context, uniqueEmail('promo'), 'Buyer-pass-1');
    await page.goto('/en/subscription/update?plan=premium&period=monthly');
    await page.getByText('You selected').waitFor();
    await page.getByRole('button', { name: 'I have a promo code' }).click();
    const cases: [string, string | RegExp][] = [
      ['', 'Please enter your promo code'],
      ['NOSUCHCODE', 'This promo code does not exist'],
      ['EXPIRED', 'This promo code has expired'],
      ['SMALL5', 'Promo code does not apply to this item'],
      ['WELCOME10', /Promo code was applied successfully! Your discount:/],
    ];
    for (const [code, text] of cases) {
      await page.getByLabel('Promo code').fill(code);
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText(text).waitFor();
    }
    await expectAccessible(page);
  });
});

describe('billing in Russian', () => {
  it('requests an invoice as a legal entity, refusing a bad phone at its field first', async () => {
    await newAccount(context, uniqueEmail('invoice'), 'Buyer-pass-1');
    await page.goto('/ru/subscription/update?plan=premium&period=yearly');
    await page.getByText('Вы выбрали').waitFor();
    await page.getByRole('button', { name: 'Юридическое лицо (счёт)' }).click();
    await page.getByLabel('Название компании').fill('ООО Карта');
    await page.getByLabel('Контактное лицо').fill('Анна Смирнова');
    await page.getByLabel('Контактный e-mail').fill('anna@example.com');
    await page.getByLabel('Контактный телефон').fill('12-34');
    await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
    await page
      .getByText('Введите корректный номер телефона с международным кодом страны')
      .waitFor();
    await expectAccessible(page);
    await page.getByLabel('Контактный телефон').fill('+7 495 123-45-67');
    await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
    await page.getByText('Счёт запрошен').waitFor({ timeout: 40_000 });
  });
});

describe('one checkout', () => {
  it('starts a single checkout however often Pay is clicked', async () => {
    await newAccount(context, uniqueEmail('double'), 'Buyer-pass-1');
    let starts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/autopayment/')) starts += 1;
    });
    await page.goto('/en/subscription/update?plan=mini&period=monthly');
    await page.getByText('You selected').waitFor();
    await fillPayer();
    await page.getByRole('button', { name: 'Pay', exact: true }).dblclick();
    await page.waitForURL('**/sandbox/pay/**');
    expect(starts).toBe(1);
  });
});
