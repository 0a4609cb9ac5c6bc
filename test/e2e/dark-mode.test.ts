import type { Page } from 'playwright-core';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { Webgis } from '../../contract/webgis.ts';
import { buyPremium, newAccount, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { networkIdle, useChromium } from './chromium.ts';
import { luminance } from './colours.ts';

const chromium = useChromium();

/** The page's background, as the relative luminance of html's computed colour (0 black, 1 white). */
const backgroundLuminance = async (page: Page) =>
  luminance(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor));

/** The page settles dark, and axe finds nothing serious in its dark colours. */
async function darkAndAccessible(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await networkIdle(page);
  expect(await page.evaluate(() => document.documentElement.className)).toContain('dark');
  expect(await backgroundLuminance(page), `${path} background`).toBeLessThan(0.05);
  await expectAccessible(page);
}

describe.each(['en', 'ru'] as const)('in the dark colour mode, in %s', (locale) => {
  it('follows the system setting on every page, with axe clean', async () => {
    const context = await chromium.newContext({ locale, colorScheme: 'dark' });
    const page = await context.newPage();
    for (const path of ['login/1', 'signup/0', 'password/reset', 'terms', 'no-such-page']) {
      await darkAndAccessible(page, `/${locale}/${path}`);
    }
    const email = uniqueEmail(`dark-${locale}`);
    await newAccount(context, email, 'Dark-pass-1');
    await buyPremium(context, email);
    for (const path of [
      'profile',
      'subscription',
      'subscription/update',
      'subscription/update?plan=mini&period=yearly',
      'webgis/create',
      'software',
      'security',
      'teammanage/owner',
      'myngidonpremises',
    ]) {
      await darkAndAccessible(page, `/${locale}/${path}`);
    }
    // The web GIS settings page of a started instance, made through the API.
    const token = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const created = await context.request.post('/api/v1/webgis/', {
      data: { subdomain_name: `dark-${locale}`, language: locale, location_id: 'eu-central' },
      headers: { 'X-CSRFToken': token },
    });
    expect(created.status(), await created.text()).toBe(201);
    await expect
      .poll(
        async () =>
          v.parse(Webgis, await (await context.request.get('/api/v1/webgis/my/')).json()).state,
        { timeout: 30_000 },
      )
      .toBe('started');
    await darkAndAccessible(page, `/${locale}/webgis`);
    // The system setting changes while the page is open: the page follows it.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.className))
      .toContain('light');
    await expect.poll(() => backgroundLuminance(page)).toBeGreaterThan(0.9);
    await context.close();
  });
});
