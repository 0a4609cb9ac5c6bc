import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { useChromium } from './chromium.ts';

const PHONE = { width: 390, height: 844 };
const texts = {
  en: {
    sections: 'Account sections',
    menu: 'Menu',
    subscription: 'Subscription',
    service: 'GIS Account',
  },
  ru: {
    sections: 'Разделы аккаунта',
    menu: 'Меню',
    subscription: 'Подписка',
    service: 'Аккаунт ГИС',
  },
} as const;
const chromium = useChromium();

/** The page's heading is shown, nothing sticks out sideways, and axe finds nothing serious. */
async function fitsPhone(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Loading states settle (spinners, then the data) before the page is judged.
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
}

describe.each(['en', 'ru'] as const)('on a phone, in %s', (locale) => {
  it('fits every page of the portal built so far', async () => {
    const context = await chromium.newContext({ viewport: PHONE, locale });
    const page = await context.newPage();
    for (const path of ['login/1', 'signup/0', 'password/reset']) {
      await fitsPhone(page, `/${locale}/${path}`);
    }
    await newAccount(context, uniqueEmail(`phone-${locale}`), 'Phone-pass-1');
    for (const path of [
      'profile',
      'subscription',
      'subscription/update',
      'subscription/update?plan=premium&period=yearly',
      'subscription/update?plan=free&period=monthly',
      'software',
    ]) {
      await fitsPhone(page, `/${locale}/${path}`);
    }
    // The sections are behind the header's menu button, in a drawer, not beside the page.
    const sections = page.getByRole('navigation', { name: texts[locale].sections });
    expect(await sections.count()).toBe(0);
    await page.getByRole('button', { name: texts[locale].menu, exact: true }).click();
    await sections.getByRole('link', { name: texts[locale].subscription }).click();
    await page.waitForURL(`**/${locale}/subscription`);
    await sections.waitFor({ state: 'detached' });
    // The service name stays in the header.
    await page.getByRole('banner').getByText(texts[locale].service).waitFor();
  });
});
