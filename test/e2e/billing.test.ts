import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { latestMail } from './mailbox.ts';
import { buyer, checkoutTexts } from './checkout.ts';
import { useChromium } from './chromium.ts';
import { drewAWait, watchForWaits } from './first-draw.ts';

let context: BrowserContext;
let page: Page;
const chromium = useChromium();

/**
 * The same walks in each language. An account in Germany pays with the
 * international provider (back with success or failed, in euros); one in Russia
 * with the Russian one (back with status unknown, so the 11-second poll decides; in roubles).
 */
const walks = {
  en: {
    ...checkoutTexts.en,
    firstName: 'First name',
    billingPeriod: 'Billing period',
    notCreated: 'Subscription not created',
    lastPaymentFailed: 'Your last payment failed',
    updated: 'Subscription updated',
    cancelled: 'Subscription cancelled',
    restored: 'Subscription restored',
    cancel: 'Cancel subscription',
    countryRefused: 'This country is not available. Please choose another country.',
    invalidInput: 'Entered data is not valid. Please check your input and try again.',
    activeUntil: /Active until/,
    restore: 'Restore',
    havePromo: 'I have a promo code',
    promoField: 'Promo code',
    apply: 'Apply',
    promo: {
      empty: 'Please enter your promo code',
      unknown: 'This promo code does not exist',
      expired: 'This promo code has expired',
      overLimit: 'Promo code does not apply to this item',
      applied: /Promo code was applied successfully! Your discount: 10%/,
    },
  },
  ru: {
    ...checkoutTexts.ru,
    firstName: 'Имя',
    billingPeriod: 'Период оплаты',
    notCreated: 'Подписка не оформлена',
    lastPaymentFailed: 'Последний платёж не прошёл',
    updated: 'Подписка изменена',
    cancelled: 'Подписка отменена',
    restored: 'Подписка восстановлена',
    cancel: 'Отменить подписку',
    countryRefused: 'Эта страна недоступна. Выберите другую страну.',
    invalidInput: 'Введённые данные некорректны. Проверьте их и попробуйте ещё раз.',
    activeUntil: /Активна до/,
    restore: 'Восстановить',
    havePromo: 'У меня есть промокод',
    promoField: 'Промокод',
    apply: 'Применить',
    promo: {
      empty: 'Введите промокод',
      unknown: 'Такого промокода не существует',
      expired: 'Срок действия промокода истёк',
      overLimit: 'Промокод не применяется к этому тарифу',
      applied: /Промокод успешно применён! Ваша скидка: 10%/,
    },
  },
} as const;
type Locale = keyof typeof walks;

async function open(locale: Locale, prefix: string) {
  ({ context, page } = await buyer(chromium, locale, prefix));
}

/** The checkout of `/subscription/update?…`, its payer form filled from the profile. */
async function openCheckout(locale: Locale, query: string) {
  const w = walks[locale];
  await page.goto(`/${locale}/subscription/update?${query}`);
  await page.getByText(w.selected).waitFor();
  // newAccount signed up as Test Person in the walk's country.
  expect(await page.getByLabel(w.firstName).inputValue()).toBe('Test');
  expect(await page.locator('select[name="country"]').inputValue()).toBe(w.country);
}

/** Pay, then the sandbox provider's choice, then back on /subscription. */
async function payInSandbox(locale: Locale, choice: RegExp) {
  await page.getByRole('button', { name: walks[locale].pay }).click();
  await page.waitForURL('**/sandbox/pay/**');
  await page.getByRole('button', { name: choice }).click();
  await page.waitForURL(`**/${locale}/subscription**`);
}

/** The outcome dialog whose title is `title`. */
const dialogTitled = (title: string) =>
  page.getByRole('dialog').getByRole('heading', { name: title });

async function outcome(locale: Locale, title: string) {
  await dialogTitled(title).waitFor({ timeout: 40_000 });
  await page.getByRole('button', { name: walks[locale].ok }).click();
}

describe.each(['en', 'ru'] as const)('billing in %s', (locale) => {
  const w = walks[locale];

  it('buys mini monthly (created), changes to premium yearly (updated), cancels and restores', async () => {
    await open(locale, `buyer-${locale}`);
    await openCheckout(locale, 'plan=mini&period=monthly');
    await expectAccessible(page);
    await payInSandbox(locale, /^Pay [€$\d]/);
    // The spinner with the payment system's text while the status is polled.
    await page.getByText(/payment system|платёжной системы/).waitFor();
    await dialogTitled(w.created).waitFor({ timeout: 40_000 });
    await expectAccessible(page);
    // The address no longer carries the payment attempt.
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: w.ok }).click();

    // 'annually' is read as yearly: the premium yearly checkout opens.
    await openCheckout(locale, 'plan=premium&period=annually');
    await page
      .getByText(locale === 'en' ? /Premium.*\/year/ : /Premium.*\/год/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: w.pay }).click();
    await outcome(locale, w.updated);
    // The header's plan label shows the new plan without a reload.
    await page.getByRole('banner').getByRole('link', { name: 'Premium', exact: true }).waitFor();

    await page.goto(`/${locale}/subscription/update?plan=free&period=monthly`);
    await page.getByRole('button', { name: w.cancel }).click();
    await outcome(locale, w.cancelled);
    await page.getByText(w.activeUntil).first().waitFor();

    await page.getByRole('button', { name: w.restore }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: new RegExp(w.restore) })
      .click();
    await dialogTitled(w.restored).waitFor({ timeout: 40_000 });
  });

  it('draws the checkout the address preselects, and the cards, without a wait', async () => {
    await open(locale, `first-draw-${locale}`);
    // The page's HTML brought the subscription, the plans and what the checkout of a new
    // payment reads: the free user's checkout of Premium draws its form at once.
    await watchForWaits(page);
    await openCheckout(locale, 'plan=premium&period=monthly');
    await page.getByRole('button', { name: w.pay }).waitFor();
    expect(await drewAWait(page)).toBe(false);
    // Without plan and period, the cards, from the subscription and the plans it brought.
    await page.goto(`/${locale}/subscription/update`);
    await page.getByRole('group', { name: w.billingPeriod }).waitFor();
    expect(await drewAWait(page)).toBe(false);
    await expectAccessible(page);
  });

  it('shows creation_failed for a declined card', async () => {
    await open(locale, `declined-${locale}`);
    await openCheckout(locale, 'plan=mini&period=monthly');
    await payInSandbox(locale, /^Decline/);
    await outcome(locale, w.notCreated);
    if (locale === 'ru') {
      // Back with status unknown, the page polled the autopayment: it says why too.
      await page.getByText(w.lastPaymentFailed).waitFor();
      await page.getByText(/The card was declined \(sandbox\)/).waitFor();
    }
    await expectAccessible(page);
  });

  it('refuses a country the list does not offer at the country, not in a toast', async () => {
    await open(locale, `country-${locale}`);
    await openCheckout(locale, 'plan=mini&period=monthly');
    let starts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/autopayment/')) starts += 1;
    });
    // A page older than the list, or a hand-made form: a country the server does not know.
    await page.evaluate(() => {
      const option = document.createElement('option');
      option.value = 'ZZ';
      option.textContent = 'ZZ';
      document.querySelector('select[name="country"]')?.append(option);
    });
    await page.locator('select[name="country"]').selectOption('ZZ');
    const pay = page.getByRole('button', { name: w.pay });
    await pay.click();
    const refusal = page.getByText(w.countryRefused);
    await refusal.waitFor();
    expect(starts).toBe(1);
    expect(await page.getByText(w.invalidInput).count()).toBe(0);
    await expectAccessible(page);
    // Pay again: the old refusal goes first, and the server's answer brings it back.
    await pay.click();
    await expect.poll(() => starts).toBe(2);
    await refusal.waitFor();
    // Choosing a country of the list takes it away, and the payment goes ahead.
    await page.locator('select[name="country"]').selectOption(w.country);
    expect(await refusal.count()).toBe(0);
    await pay.click();
    await page.waitForURL('**/sandbox/pay/**');
  });

  it('says what each promo code does', async () => {
    await open(locale, `promo-${locale}`);
    await openCheckout(locale, 'plan=premium&period=monthly');
    await page.getByRole('button', { name: w.havePromo }).click();
    const cases: [string, string | RegExp][] = [
      ['', w.promo.empty],
      ['NOSUCHCODE', w.promo.unknown],
      ['EXPIRED', w.promo.expired],
      ['SMALL5', w.promo.overLimit],
      ['WELCOME10', w.promo.applied],
    ];
    for (const [code, text] of cases) {
      await page.getByLabel(w.promoField, { exact: true }).fill(code);
      await page.getByRole('button', { name: w.apply }).click();
      await page.getByText(text).waitFor();
    }
    await expectAccessible(page);
  });
});

describe('billing in ru: invoice', () => {
  it('requests an invoice as a legal entity, refusing a bad phone at its field first', async () => {
    const made = await buyer(chromium, 'ru', 'invoice');
    ({ context, page } = made);
    const { email } = made;
    const contact = uniqueEmail('invoice-contact');
    // On a phone: nothing may stick out sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/ru/subscription/update?plan=premium&period=yearly');
    await page.getByText('Вы выбрали').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.getByRole('button', { name: 'Юридическое лицо (счёт)' }).click();
    // The minimum the server enforces (INVOICE_MINIMUM_RUB), Premium's year above it.
    await page.getByText(/^Оплата по счёту доступна для заказов от 20\s000\s₽\.$/).waitFor();
    await page.getByLabel('Название компании').fill('ООО Карта');
    await page.getByLabel('Контактное лицо').fill('Анна Смирнова');
    await page.getByLabel('Контактный e-mail').fill(contact);
    await page.getByLabel('Контактный телефон').fill('12-34');
    // An invoice request pays nothing yet: its button asks for the invoice.
    expect(await page.getByRole('button', { name: /^Оплатить/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Запросить счёт' }).click();
    await page
      .getByText('Введите корректный номер телефона с международным кодом страны')
      .waitFor();
    await expectAccessible(page);
    await page.getByLabel('Контактный телефон').fill('+7 495 123-45-67');
    await page.getByRole('button', { name: 'Запросить счёт' }).click();
    await dialogTitled('Счёт запрошен').waitFor({ timeout: 40_000 });
    // The dialog names the plan asked for, not the Free plan that stays until paid.
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Запрошенный тариф: Premium, оплата за год').waitFor();
    expect(await dialog.getByText(/Бесплатный/).count()).toBe(0);
    // The contact gets the request's details, the account holder a confirmation.
    const toContact = await latestMail(page.request, contact);
    expect(toContact.subject).toBe('Запрос счёта получен');
    expect(toContact.text).toContain('тариф Premium, оплата за год, 24 000 ₽');
    const toHolder = await latestMail(
      page.request,
      email,
      (m) => m.subject === 'Вы запросили счёт',
    );
    expect(toHolder.text).toContain(contact);
    await page.getByRole('button', { name: 'ОК' }).click();
  });

  it('does not offer an invoice for Mini for a year, below the minimum', async () => {
    await open('ru', 'invoice-mini');
    await page.goto('/ru/subscription/update?plan=mini&period=yearly');
    await page.getByText('Вы выбрали').waitFor();
    const entity = page.getByRole('button', { name: 'Юридическое лицо (счёт)' });
    expect(await entity.isDisabled()).toBe(true);
    await page.getByText(/^Оплата по счёту доступна для заказов от 20\s000\s₽\.$/).waitFor();
    expect(await page.getByRole('form', { name: 'Данные компании' }).count()).toBe(0);
    await page.getByRole('form', { name: 'Данные плательщика' }).waitFor();
    await expectAccessible(page);
  });
});

describe('a promo code used up while paying', () => {
  /** Another payer, through the API: starts a checkout with `coupon` and leaves it open. */
  async function anotherPayerStarts(coupon: string) {
    const other = await chromium.newContext();
    const email = uniqueEmail('other-payer');
    await newAccount(other, email, 'Buyer-pass-1', 'DE');
    const token = (await other.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const answer = await other.request.post('/api/autopayment/', {
      data: {
        provider: 'stripe',
        plan: 'mini',
        interval: 'monthly',
        coupon,
        user_data: { first_name: 'Test', second_name: 'Person', email, country: 'DE' },
        options: { success_url: '/en/subscription', cancel_url: '/en/subscription' },
      },
      headers: { 'X-CSRFToken': token },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  it('is refused at the promo code, not in a toast; without it the payment goes ahead', async () => {
    await open('en', 'promo-race');
    await openCheckout('en', 'plan=mini&period=monthly');
    await page.getByRole('button', { name: 'I have a promo code' }).click();
    const code = page.getByLabel('Promo code', { exact: true });
    await code.fill('TWICE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(/Promo code was applied successfully! Your discount: 10%/).waitFor();
    // Meanwhile two other payers take the code's two redemptions.
    await anotherPayerStarts('TWICE');
    await anotherPayerStarts('TWICE');
    await page.getByRole('button', { name: /^Pay \S/ }).click();
    await page.getByText('This promo code has expired').waitFor();
    expect(await page.getByText(/Promo code was applied successfully/).count()).toBe(0);
    expect(await page.getByText(walks.en.invalidInput).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/en/subscription/update');
    await expectAccessible(page);
    // Editing the code takes the refusal away; without a code the payment starts.
    await code.fill('');
    expect(await page.getByText('This promo code has expired').count()).toBe(0);
    await page.getByRole('button', { name: /^Pay \S/ }).click();
    await page.waitForURL('**/sandbox/pay/**');
  });
});

describe('calls whose answer is known', () => {
  it('asks a visitor for no profile, and a free plan for no autopayment or web GIS', async () => {
    context = await chromium.newContext();
    page = await context.newPage();
    const asked: string[] = [];
    const refused: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET') asked.push(new URL(r.url()).pathname);
    });
    // What the console shows as a failed resource.
    page.on('response', (r) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await page.goto('/en/login/1');
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    expect(asked).not.toContain('/api/v1/profile/');

    await newAccount(context, uniqueEmail('known'), 'Buyer-pass-1', 'DE');
    await page.goto('/en/subscription');
    await page.getByRole('link', { name: 'Upgrade' }).waitFor();
    // Signed in: the profile and the subscription came with the page (decisions 0009,
    // 0034), and the free plan says there is no autopayment: none is asked for.
    expect(asked).not.toContain('/api/v1/profile/');
    expect(asked).not.toContain('/api/subscription/');
    expect(asked).not.toContain('/api/autopayment/');
    // The profile says there is no web GIS: get_webgis is not asked for.
    expect(asked).not.toContain('/api/v1/webgis/my/');
    // Neither the spec's 401 (no session) nor its 404s (no autopayment, no web GIS) was needed.
    expect(refused.filter((r) => /profile|autopayment|webgis/.test(r))).toEqual([]);
    expect(refused.filter((r) => r.startsWith('401'))).toEqual([]);
  });
});

describe('one checkout', () => {
  it('starts a single checkout however often Pay is clicked', async () => {
    await open('en', 'double');
    let starts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/autopayment/')) starts += 1;
    });
    await openCheckout('en', 'plan=mini&period=monthly');
    await page.getByRole('button', { name: /^Pay \S/ }).dblclick();
    await page.waitForURL('**/sandbox/pay/**');
    expect(starts).toBe(1);
  });
});

describe('a reload while the payment status is polled', () => {
  it('polls again after F5 and ends in the same outcome dialog', async () => {
    await open('en', 'reload');
    await openCheckout('en', 'plan=mini&period=monthly');
    await payInSandbox('en', /^Pay [€$\d]/);
    await page.getByText('waiting response from payment system').waitFor();
    // F5 while the payment system has not answered yet (it settles 3 s after Pay).
    await page.reload();
    await page.getByText('waiting response from payment system').waitFor();
    await dialogTitled(walks.en.created).waitFor({ timeout: 40_000 });
    // Once the outcome is known, the address no longer carries the payment attempt.
    expect(new URL(page.url()).search).toBe('');
  });
});

describe.each(['en', 'ru'] as const)('a payment cancelled on the payment page in %s', (locale) => {
  const texts = {
    en: { title: 'Payment cancelled', body: 'Nothing was charged.' },
    ru: { title: 'Оплата отменена', body: 'Деньги не списаны.' },
  }[locale];

  it('is told as cancelled, not as failed', async () => {
    await open(locale, `cancelled-${locale}`);
    await openCheckout(locale, 'plan=mini&period=monthly');
    await payInSandbox(locale, /^Cancel$/);
    await dialogTitled(texts.title).waitFor({ timeout: 40_000 });
    await page.getByRole('dialog').getByText(texts.body).waitFor();
    expect(await page.getByText(walks[locale].lastPaymentFailed).count()).toBe(0);
    await expectAccessible(page);
  });
});

describe('back from the payment page', () => {
  it('shows the checkout as it was, promo code included, at the price the open payment charges', async () => {
    await open('en', 'back');
    await openCheckout('en', 'plan=mini&period=monthly');
    await page.getByRole('button', { name: 'I have a promo code' }).click();
    await page.getByLabel('Promo code', { exact: true }).fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(/Promo code was applied successfully! Your discount: 10%/).waitFor();
    const total = async () =>
      (
        await page
          .getByRole('region', { name: 'Order summary' })
          .getByText(/^Total:/)
          .innerText()
      )
        .replace(/^Total:\s*/, '')
        .replace(/\/mo$/, '');
    const discounted = await total();
    await page.getByRole('button', { name: /^Pay \S/ }).click();
    await page.waitForURL('**/sandbox/pay/**');
    // The provider's page charges the discounted price.
    const charged = await page.locator('dt:text-is("Amount") + dd').innerText();
    expect(charged.replace(/\s/g, '')).toBe(discounted.replace(/\s/g, ''));

    await page.goBack();
    await page.waitForURL('**/en/subscription/update**');
    await page.getByText(/Promo code was applied successfully! Your discount: 10%/).waitFor();
    expect(await page.getByLabel('Promo code', { exact: true }).inputValue()).toBe('WELCOME10');
    expect(await total()).toBe(discounted);
    // Pay again: the open payment, at the same price.
    await page.getByRole('button', { name: /^Pay \S/ }).click();
    await page.waitForURL('**/sandbox/pay/**');
    expect(await page.locator('dt:text-is("Amount") + dd').innerText()).toBe(charged);
  });
});
