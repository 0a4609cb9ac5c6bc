import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from './chromium.ts';
import { luminance } from './colours.ts';

/*
 * A visitor's page comes drawn by the server (decision 0034): its first screen is in the
 * HTML, painted before any script runs, and React takes it over as it is (useChromium
 * fails a test whose page React had to draw again).
 */

let page: Page;
const chromium = useChromium({ set: (_, p) => (page = p) });

const { support_email: supportEmail } = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, 'fixtures/site.json'), 'utf8'),
) as { support_email: string };

const html = async (address: string, cookie?: string) =>
  (await fetch(new URL(address, inject('baseUrl')), { headers: cookie ? { cookie } : {} })).text();
const rootOf = (page: string) =>
  /<div id="root"[^>]*>([\s\S]*)<\/div>\s*<\/body>/.exec(page)?.[1] ?? '';

const signIn = {
  en: { title: 'Sign in — GIS Account', heading: 'Sign in', login: 'Username or email' },
  ru: { title: 'Войти — Аккаунт ГИС', heading: 'Войти', login: 'Имя пользователя или эл. почта' },
} as const;

describe.each(['en', 'ru'] as const)('the sign-in page in %s', (locale) => {
  const texts = signIn[locale];

  it('comes with its screen: heading, fields, the operator’s address, its title', async () => {
    const page = await html(`/${locale}/login/1`);
    const root = rootOf(page);
    expect(root).toContain(`>${texts.heading}</h1>`);
    expect(root).toContain(`>${texts.login}<`);
    expect(root).toContain('name="password"');
    expect(root).toContain(`mailto:${supportEmail}`);
    expect(page).toMatch(new RegExp(`<title>${texts.title}</title>\\s*</head>`));
    // The scripts come after what paints it.
    expect(page).toMatch(/<script type="module" fetchpriority="low"/);
  });

  it('is painted without its scripts, and inert until they have come', async () => {
    const context = await chromium.newContext({ javaScriptEnabled: false });
    const bare = await context.newPage();
    await bare.goto(`/${locale}/login/1`);
    expect(await bare.title()).toBe(texts.title);
    expect(await bare.getByRole('main').evaluate((main) => main.textContent)).toContain(
      texts.heading,
    );
    // Nothing typed, clicked or sent by the browser itself (a form by GET would put its
    // fields, the password among them, in the address).
    expect(await bare.locator('#root').getAttribute('inert')).toBe('');
    const focused = await bare.evaluate(() => {
      const field = document.querySelector<HTMLInputElement>('input[name="login"]');
      field?.focus();
      return field !== null && document.activeElement === field;
    });
    expect(focused).toBe(false);
    await bare.keyboard.press('Enter');
    expect(new URL(bare.url()).search).toBe('');
  });

  it('is painted in the system’s colour mode before its scripts', async () => {
    for (const [colorScheme, dark] of [
      ['dark', true],
      ['light', false],
    ] as const) {
      const context = await chromium.newContext({ javaScriptEnabled: false, colorScheme });
      const bare = await context.newPage();
      await bare.goto(`/${locale}/login/1`);
      const colours = await bare.evaluate(() => ({
        background: getComputedStyle(document.documentElement).backgroundColor,
        heading: getComputedStyle(document.querySelector('h1')!).color,
        scheme: getComputedStyle(document.documentElement).colorScheme,
      }));
      expect(luminance(colours.background) < 0.1, `${colorScheme}: ${colours.background}`).toBe(
        dark,
      );
      expect(luminance(colours.heading) > 0.5, `${colorScheme}: ${colours.heading}`).toBe(dark);
      expect(colours.scheme).toBe(dark ? 'dark' : 'normal');
      await context.close();
    }
  });
});

describe('React takes the drawn page over', () => {
  it('once its scripts have come, and not before', async () => {
    let release = () => {};
    const scripts = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await scripts;
      await route.continue();
    });
    await page.goto('/en/login/1', { waitUntil: 'commit' });
    await page.getByRole('main').getByText('Sign in', { exact: true }).first().waitFor();
    expect(await page.locator('#root').getAttribute('inert')).toBe('');
    release();
    await expect.poll(() => page.locator('#root').getAttribute('inert')).toBeNull();
    await page.getByLabel('Username or email').fill('someone');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByText('This field is required').count()).toBe(1);
  });

  it.each([
    '/en/login/1',
    '/ru/login/1?notice=profile_removed',
    '/en/signup/0',
    '/ru/password/reset',
    '/en/terms',
    '/ru/no-such-page',
  ])('%s, whose links work', async (address) => {
    expect(rootOf(await html(address))).toMatch(/^<.+/);
    await page.goto(address);
    await page.getByRole('main').waitFor();
    // A link the router follows without loading a page (the logo's, to the profile, which
    // sends a visitor to sign in): the app took the page over.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const english = address.startsWith('/en');
    await page
      .getByRole('banner')
      .getByRole('link', { name: english ? 'GIS Account' : 'Аккаунт ГИС' })
      .click();
    await page.waitForURL(/\/login\/1\?next=%2F(en|ru)%2Fprofile$/);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
  });
});

describe('a page goes without its screen, and the browser draws it', () => {
  it('for a signed-in user, and where a visitor is sent to sign in', async () => {
    // A session cookie: the page carries the user's reads instead (what it names does
    // not matter here, nor is an account made: sign-ups count against the test
    // machine's limits).
    expect(rootOf(await html('/en/login/1', 'sessionid=anything'))).toBe('');
    expect(rootOf(await html('/en/profile'))).toBe('');
    await page.goto('/en/profile');
    await page.waitForURL(/\/en\/login\/1\?next=%2Fen%2Fprofile$/);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });
});
