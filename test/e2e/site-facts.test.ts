import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, uniqueEmail } from './accounts.ts';
import { useChromium } from './chromium.ts';

/*
 * The operator's support address and web GIS links (SITE_FILE) are what the pages show:
 * the e2e server runs with test/e2e/fixtures/site.json (global-setup.ts), not the
 * shipped examples.
 */

let context: BrowserContext;
let page: Page;
useChromium({ set: (c, p) => ((context = c), (page = p)) });

const operator = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, 'fixtures/site.json'), 'utf8'),
) as {
  support_email: string;
  webgis_links: Record<'video' | 'demo' | 'docs' | 'data', Record<'en' | 'ru', string>>;
};

describe.each(['en', 'ru'] as const)('the operator’s addresses in %s', (locale) => {
  it('the footer’s contact and the web GIS page’s related links', async () => {
    await page.goto(`/${locale}/login/1`);
    const contact = page.locator('footer').getByRole('link', { name: operator.support_email });
    expect(await contact.getAttribute('href')).toBe(`mailto:${operator.support_email}`);
    expect(await page.locator('footer').innerText()).not.toContain('example.com');

    await newAccount(context, uniqueEmail(`site-${locale}`), 'Site-pass-1');
    await page.goto(`/${locale}/webgis/create`);
    const panel = page.getByRole('complementary');
    await panel.getByRole('link').first().waitFor();
    const hrefs = await panel
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const { video, demo, docs, data } = operator.webgis_links;
    expect(hrefs).toEqual([video[locale], demo[locale], docs[locale], data[locale]]);
  });
});
