import axe from 'axe-core';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Lets every finite animation end (a dialog fading in, a toast sliding): axe would
 * otherwise measure colour contrast through a half-transparent element, which depends
 * on how fast the machine is. Spinners run forever and are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Axe's violations on the page once its finite animations end. Axe is put in a document
 * once and run in it, with only the violations described (our pages have no frames): a
 * page that changes its route, or a story preview that switches stories, is not given
 * axe again. Should another run of axe be going (Storybook's accessibility addon), this
 * waits for it.
 */
export async function axeViolations(page: Page): Promise<Result[]> {
  await settleAnimations(page);
  const present = await page.evaluate(
    (version) => (window as { axe?: { version?: string } }).axe?.version === version,
    axe.version,
  );
  if (!present) await page.evaluate(axe.source);
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.evaluate(async () => {
        const { axe: inPage } = window as unknown as { axe: typeof axe };
        const results = await inPage.run(document, { resultTypes: ['violations'] });
        return results.violations;
      });
    } catch (error) {
      const busy = error instanceof Error && error.message.includes('Axe is already running');
      if (!busy || attempt === 50) throw error;
      await page.waitForTimeout(100);
    }
  }
}

/** Fails on any serious or critical accessibility violation of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const serious = (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')})`,
    );
  expect(serious, `axe on ${page.url()}`).toEqual([]);
}
