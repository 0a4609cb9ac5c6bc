import type { Page } from 'playwright-core';

/**
 * Watches the page, from before its first script on, for a wait it draws: a spinner
 * with its status ("Loading…"). A page whose HTML brought its reads starts its machines
 * from them (decision 0034) and draws none. Call before the page is opened.
 */
export async function watchForWaits(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('#root [role="status"] .chakra-spinner'))
        document.documentElement.dataset['drewWait'] = 'yes';
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Whether the page drew a wait since `watchForWaits`. */
export const drewAWait = async (page: Page): Promise<boolean> =>
  (await page.evaluate(() => document.documentElement.dataset['drewWait'])) === 'yes';
