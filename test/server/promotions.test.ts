import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPromotions } from '../../server/promotions/promotions.ts';
import { localizeHtml } from '../../server/spa.ts';
import { useTestServer } from './harness.ts';
import { metaJson, operatorFiles } from './operator-files.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const INDEX = `<!doctype html><html lang="en"><head>
<meta name="portal-locale" content="en" />
<meta name="portal-card-providers" content="yookassa stripe" />
<meta name="portal-promotions" content="[]" />
</head><body><div id="root"></div></body></html>`;
const { dir, staticDir, file } = operatorFiles('promotions', INDEX);

// Two days from now until four days from now, by the test clock (it starts now).
const sale = {
  from: dayOf(Date.now() + 2 * DAY_MS),
  to: dayOf(Date.now() + 4 * DAY_MS),
  text: { en: 'Winter sale: "30%" off & more', ru: 'Зимняя распродажа: скидка 30% <Premium>' },
  href: 'https://example.com/blog/winter-sale',
};
const server = useTestServer({
  env: { STATIC_DIR: staticDir, PROMOTIONS_FILE: file('sale.json', [sale]) },
});

/** The promotions the served page carries, as the SPA reads them. */
async function pagePromotions(urlPath: string): Promise<unknown> {
  const html = await (await server().client().get(urlPath)).text();
  return metaJson(html, 'portal-promotions');
}

describe('PROMOTIONS_FILE', () => {
  it('reads a list of promotions with both texts', () => {
    expect(loadPromotions(file('good.json', [sale]))).toEqual([sale]);
    expect(loadPromotions(file('empty.json', []))).toEqual([]);
  });

  it('ships an empty or valid list, read when PROMOTIONS_FILE is not set', () => {
    expect(Array.isArray(loadPromotions(null))).toBe(true);
  });

  it('refuses a bad file with a message naming the file and each problem', () => {
    const bad = file('bad.json', [
      { ...sale, to: '2026-13-40' },
      { ...sale, text: { en: 'Only English' } },
      { ...sale, href: 'javascript:alert(1)' },
      { ...sale, from: '2027-02-01', to: '2027-01-01' },
    ]);
    expect(() => loadPromotions(bad)).toThrow(bad);
    const message = (() => {
      try {
        loadPromotions(bad);
        return '';
      } catch (error) {
        return String(error);
      }
    })();
    expect(message).toMatch(/0\.to: expected a date/);
    expect(message).toMatch(/1\.text\.ru/);
    expect(message).toMatch(/2\.href: expected an http\(s\) address or a path/);
    expect(message).toMatch(/expected from not after to/);
    expect(() => loadPromotions(file('broken.json', '[{'))).toThrow(/not JSON/);
    expect(() => loadPromotions(path.join(dir, 'missing.json'))).toThrow(/cannot be read/);
  });
});

describe('the page', () => {
  it('carries the promotion between its dates, both days included, and none outside', async () => {
    expect(await pagePromotions('/en/profile')).toEqual([]);
    server().clock.advance(2 * DAY_MS);
    expect(await pagePromotions('/en/profile')).toEqual([sale]);
    expect(await pagePromotions('/ru/subscription')).toEqual([sale]);
    server().clock.advance(2 * DAY_MS);
    expect(await pagePromotions('/ru/profile')).toEqual([sale]);
    server().clock.advance(DAY_MS);
    expect(await pagePromotions('/en/profile')).toEqual([]);
  });

  it('says which card providers take payments: both with the sandbox', async () => {
    const html = await (await server().client().get('/en/subscription/update')).text();
    expect(html).toContain('<meta name="portal-card-providers" content="yookassa stripe" />');
  });

  it('writes values safely into their attributes', () => {
    const html = localizeHtml(INDEX, 'en', true, { cardProviders: ['stripe'], promotions: [sale] });
    expect(html).toContain('<meta name="portal-card-providers" content="stripe" />');
    expect(html).toContain('\\&quot;30%\\&quot; off &amp; more');
    expect(html).toContain('&lt;Premium&gt;');
    expect(html).not.toContain('<Premium>');
  });
});
