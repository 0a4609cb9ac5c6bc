import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buyPremium, csrfHeader, newAccount, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { networkIdle, useChromium } from './chromium.ts';

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
  await networkIdle(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
}

/**
 * Every button and link of the page's tables and lists is whole on the screen, and not
 * covered or cut by a box that scrolls: the point at its middle is the element itself.
 */
async function actionsWithinScreen(page: Page, path: string, where = 'main :is(table, ul, ol)') {
  const actions = page.locator(`${where} :is(button, a[href])`);
  const count = await actions.count();
  expect(count, `${path} has no table or list with actions`).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const action = actions.nth(index);
    if (!(await action.isVisible())) continue;
    await action.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const where = await action.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return {
        name: element.getAttribute('aria-label') ?? element.textContent ?? '',
        left: box.left,
        right: box.right,
        width: window.innerWidth,
        reached: hit !== null && element.contains(hit),
        scrolled: document.scrollingElement?.scrollLeft ?? 0,
      };
    });
    const label = `${path}: ${where.name} at ${where.left}–${where.right} of ${where.width}`;
    expect(where.left, label).toBeGreaterThanOrEqual(0);
    expect(where.right, label).toBeLessThanOrEqual(where.width);
    expect(where.reached, `${label} is covered or cut off`).toBe(true);
    expect(where.scrolled, label).toBe(0);
  }
}

/** A signed-in account on a phone; its username. */
async function phoneAccount(context: BrowserContext, prefix: string) {
  const email = uniqueEmail(prefix);
  await newAccount(context, email, 'Phone-pass-1');
  const profile = await context.request.get('/api/v1/profile/');
  const { username } = (await profile.json()) as { username: string };
  return { email, username };
}

describe.each(['en', 'ru'] as const)('on a phone, in %s', (locale) => {
  it('keeps every table and list of actions within the screen, every action visible', async () => {
    const owner = await chromium.newContext({ viewport: PHONE, locale });
    const member = await chromium.newContext({ viewport: PHONE, locale });
    const { email } = await phoneAccount(owner, `phone-owner-${locale}`);
    // As long a username as sign-up makes (30 characters), with no place to break it.
    const { username } = await phoneAccount(member, `phonememberwithaverylongname${locale}`);
    await buyPremium(owner, email);
    const lookup = await owner.request.get(`/api/v1/users/?username=${username}`);
    const { portal_guid } = (await lookup.json()) as { portal_guid: string };
    const headers = await csrfHeader(owner);
    const team = await owner.request.patch('/api/v1/team/', {
      data: { users: [portal_guid] },
      headers,
    });
    expect(team.status(), await team.text()).toBe(200);
    const identifier = (randomBytes(24).toString('hex').toUpperCase().match(/.{4}/g) ?? [])
      .slice(0, 8)
      .join('-');
    const bound = await owner.request.post('/api/v1/onpremise/bindings/', {
      data: { identifier, label: 'A server in the basement of the main office building' },
      headers,
    });
    expect(bound.status(), await bound.text()).toBe(201);

    const page = await owner.newPage();
    for (const path of ['teammanage/owner', 'myngidonpremises']) {
      await fitsPhone(page, `/${locale}/${path}`);
      await actionsWithinScreen(page, `/${locale}/${path}`);
    }
    // The software page lists its files as rows of buttons, not a table.
    await fitsPhone(page, `/${locale}/software`);
    await actionsWithinScreen(page, `/${locale}/software`, 'main');
    // The owner's table: the member's row with its Remove button.
    await page.goto(`/${locale}/teammanage/owner`);
    const remove = page.getByRole('button', { name: new RegExp(username) });
    await remove.waitFor();
    expect(await remove.isVisible()).toBe(true);
    await actionsWithinScreen(page, `/${locale}/teammanage/owner`);

    const seen = await member.newPage();
    await fitsPhone(seen, `/${locale}/teammanage/member`);
  }, 180_000);

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
      'security',
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
