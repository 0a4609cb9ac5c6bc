import type { Locator, Page } from 'playwright-core';

/** The texts tied to `input` (its error message, its description), as assistive technology reads them. */
export async function description(page: Page, input: Locator): Promise<string> {
  const refs = await Promise.all(
    ['aria-errormessage', 'aria-describedby'].map((name) => input.getAttribute(name)),
  );
  const ids = refs.join(' ').split(/\s+/).filter(Boolean);
  const parts = await Promise.all(
    ids.map(async (id) => {
      const element = page.locator(`[id="${id}"]`);
      return (await element.count()) > 0 ? ((await element.textContent()) ?? '') : '';
    }),
  );
  return parts.join(' ');
}
