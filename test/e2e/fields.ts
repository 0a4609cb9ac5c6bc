import type { Locator } from 'playwright-core';

/**
 * The texts tied to `input` (its error message, its description), as assistive technology
 * reads them. Read in one step inside the page: a message that replaces the description
 * between two reads from here would leave the second waiting for an element that is gone.
 */
export async function description(input: Locator): Promise<string> {
  return input.evaluate((element) =>
    ['aria-errormessage', 'aria-describedby']
      .flatMap((name) => (element.getAttribute(name) ?? '').split(/\s+/))
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}
