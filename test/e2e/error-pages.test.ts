import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { useChromium } from './chromium.ts';

let page: Page;
const chromium = useChromium({ set: (_, p) => void (page = p) });

/**
 * One page frame: one header, one footer, one error heading. (Counted as elements: a
 * header drawn again inside the page is no longer a banner landmark.)
 */
async function expectOneFrame() {
  await page.getByRole('heading', { name: 'Page does not exist' }).waitFor();
  expect(await page.locator('header').count()).toBe(1);
  expect(await page.locator('footer').count()).toBe(1);
  expect(await page.getByRole('heading', { name: 'Page does not exist' }).count()).toBe(1);
  await expectAccessible(page);
}

describe('the 404 page', () => {
  it('is drawn once in the frame, signed out and signed in', async () => {
    await page.goto('/en/no-such-page');
    await expectOneFrame();
    const context = await chromium.newContext();
    page = await context.newPage();
    await newAccount(context, uniqueEmail('not-found'), 'Not-found-pass-1');
    await page.goto('/en/no/such/page');
    await expectOneFrame();
  });
});

const pages = {
  en: { bad: 'Bad request', forbidden: 'The access to this page is forbidden', profile: 'Profile' },
  ru: {
    bad: 'Неверный запрос',
    forbidden: 'Доступ к этой странице запрещён',
    profile: 'Профиль',
  },
};

/** The error page with its code and heading, once, inside the frame. */
async function expectErrorPage(code: number, heading: string) {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  expect(await page.getByText(String(code), { exact: true }).count()).toBe(1);
  expect(await page.locator('header').count()).toBe(1);
  expect(await page.locator('footer').count()).toBe(1);
  await expectAccessible(page);
}

describe.each(['en', 'ru'] as const)('the 400 page in %s', (locale) => {
  const t = pages[locale];
  it('shows for a malformed reset or unsubscribe link and a query the route refuses', async () => {
    await page.goto(`/${locale}/password/set/cut-short`);
    await expectErrorPage(400, t.bad);
    await page.goto(`/${locale}/unsubscribe/12.account_notices.abc`);
    await expectErrorPage(400, t.bad);
    // `next` must be a text, not a number.
    await page.goto(`/${locale}/login/1?next=123`);
    await expectErrorPage(400, t.bad);
    // A well-formed token is no malformed link: the page itself says what it can.
    await page.goto(`/${locale}/password/set/${'a'.repeat(43)}`);
    await page.locator('input[name="password"]').waitFor();
    expect(await page.getByRole('heading', { name: t.bad }).count()).toBe(0);
  });
});

describe.each(['en', 'ru'] as const)('the 403 page in %s', (locale) => {
  const t = pages[locale];
  it('replaces a page whose data the server refuses, until the user goes elsewhere', async () => {
    const context = await chromium.newContext();
    page = await context.newPage();
    await newAccount(context, uniqueEmail(`forbidden-${locale}`), 'Forbidden-pass-1');
    // The real server refuses no page data of a signed-in user today: this stands in for
    // an answer of its access checks, in the section-8 shape it gives them.
    await page.route('**/api/v1/releases?**', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'permission_denied',
          detail: "You don't have permission to perform this action.",
        }),
      }),
    );
    // Reached from another page: the software page's own HTML brings its read.
    await page.goto(`/${locale}/profile`);
    await page.locator(`nav a[href="/${locale}/software"]`).first().click();
    await expectErrorPage(403, t.forbidden);
    await page.locator(`nav a[href="/${locale}/profile"]`).click();
    await page.waitForURL(`**/${locale}/profile`);
    await page.getByRole('heading', { level: 1, name: t.profile }).waitFor();
    expect(await page.getByRole('heading', { name: t.forbidden }).count()).toBe(0);
  });
});
