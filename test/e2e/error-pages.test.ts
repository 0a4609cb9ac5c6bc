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
