import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { drewAWait, watchForWaits } from './first-draw.ts';
import { useChromium } from './chromium.ts';
import { startServer, type RunningServer } from './server.ts';

/*
 * /software as a new user meets it, against the real server and the seeded releases
 * folder (./releases): every product, a real download, the store and QGIS links per
 * locale; and a second server whose releases folder is empty.
 */

const password = 'Test-pass-1';
let context: BrowserContext;
let page: Page;
const chromium = useChromium({
  options: { acceptDownloads: true },
  set: (c, p) => ((context = c), (page = p)),
});

const texts = {
  en: {
    title: 'Software',
    network: 'Network installer',
    standalone: 'Standalone installer',
    windows: 'Windows (64-bit)',
    store: 'Get it on Google Play',
    failed: "Couldn't load software data",
    empty: 'Product installers list is empty',
    retry: 'Try again',
    system: 'Something went wrong. Try again later.',
  },
  ru: {
    title: 'Программы',
    network: 'Сетевой установщик',
    standalone: 'Автономный установщик',
    windows: 'Windows (64 бит)',
    store: 'Установить из Google Play',
    failed: 'Не удалось загрузить данные о программах',
    empty: 'Список установщиков продуктов пуст',
    retry: 'Попробовать ещё раз',
    system: 'Что-то пошло не так. Попробуйте позже.',
  },
} as const;

const escapeRegex = (text: string) => text.replace(/[()]/g, '\\$&');
const product = (name: string) => page.getByRole('region', { name, exact: true });
const downloads = (region: Locator, system: string, text: string) =>
  region.getByRole('link', { name: new RegExp(`${escapeRegex(system)}: ${text}`) });

/**
 * The error toast shows the text, away from the header and its user menu; the page,
 * toast included, passes axe; then the toast closes and is gone.
 */
async function checkToast(on: Page, text: string) {
  const toast = on.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text });
  await toast.waitFor();
  const [box, header] = await Promise.all([
    toast.boundingBox(),
    on.locator('header').boundingBox(),
  ]);
  expect(box && header && box.y >= header.y + header.height).toBe(true);
  await expectAccessible(on);
  await toast.locator('[data-part="close-trigger"]').click();
  await toast.waitFor({ state: 'detached' });
}

async function signedInAt(url: string, prefix: string) {
  await newAccount(context, uniqueEmail(prefix), password);
  await page.goto(url);
}

describe.each(['en', 'ru'] as const)('software in %s', (locale) => {
  const t = texts[locale];

  it('lists every product with its variants by system', async () => {
    // Its HTML brought the list: the page draws it without a wait.
    await watchForWaits(page);
    await signedInAt(`/${locale}/software`, `software-${locale}`);
    await page.getByRole('heading', { name: t.title, level: 1 }).waitFor();
    await product('Formbuilder').waitFor();
    expect(await drewAWait(page)).toBe(false);
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${t.title} — `));
    for (const name of ['QGIS', 'Formbuilder', 'Mobile', 'Collector', 'Tracker']) {
      expect(await product(name).count(), name).toBe(1);
    }
    const formbuilder = product('Formbuilder');
    for (const system of [t.windows, 'macOS']) {
      for (const variant of [t.network, t.standalone]) {
        expect(await downloads(formbuilder, system, variant).count(), system).toBe(1);
      }
    }
    for (const name of ['Collector', 'Tracker']) {
      for (const variant of [t.network, t.standalone]) {
        const link = downloads(product(name), 'iOS', variant);
        expect(await link.getAttribute('href')).toMatch(/^\/api\/v1\/releases\/\d+\/download\?/);
      }
    }
    await page
      .getByRole('heading', { name: locale === 'en' ? 'Plugin for QGIS' : 'Модуль для QGIS' })
      .waitFor();
    await expectAccessible(page);
  });

  it('links android to its store page and QGIS to its site or files, by locale', async () => {
    await signedInAt(`/${locale}/software`, `software-links-${locale}`);
    for (const name of ['Mobile', 'Collector', 'Tracker']) {
      const store = product(name).getByRole('link', { name: new RegExp(`Android: ${t.store}`) });
      expect(await store.getAttribute('href')).toBe(
        `https://play.google.com/store/apps/details?id=com.example.gis.${name.toLowerCase()}&hl=${locale}`,
      );
      expect(await store.getAttribute('target')).toBe('_blank');
    }
    const qgis = product('QGIS');
    if (locale === 'en') {
      const site = qgis.getByRole('link', { name: /Download from qgis\.org/ });
      expect(await site.getAttribute('href')).toBe('https://qgis.org/download/');
      expect(await qgis.getByRole('link', { name: /installer/ }).count()).toBe(0);
    } else {
      expect(await qgis.getByRole('link', { name: /qgis\.org/ }).count()).toBe(0);
      expect(await downloads(qgis, t.windows, t.standalone).getAttribute('href')).toBe(
        '/api/v1/releases/102/download?save_as=qgis-setup-win64-standalone.exe',
      );
    }
  });

  it('saves the real file under the requested name', async () => {
    await signedInAt(`/${locale}/software`, `software-download-${locale}`);
    // QGIS is a file in Russian only; Formbuilder is one everywhere.
    const [name, id, saved, source] =
      locale === 'ru'
        ? ['QGIS', 104, 'qgis-setup-mac-standalone.dmg', 'qgis/qgis-3.40.1-mac-standalone.dmg']
        : [
            'Formbuilder',
            204,
            'formbuilder-setup-mac-standalone.dmg',
            'formbuilder/formbuilder-2.6.0-mac-standalone.dmg',
          ];
    const link = downloads(product(name), 'macOS', t.standalone);
    expect(await link.getAttribute('href')).toBe(
      `/api/v1/releases/${id}/download?save_as=${saved}`,
    );
    const started = page.waitForEvent('download');
    await link.click();
    const download = await started;
    expect(download.suggestedFilename()).toBe(saved);
    const [got, expected] = await Promise.all([
      readFile(await download.path()),
      readFile(path.join('releases', source)),
    ]);
    expect(got.equals(expected)).toBe(true);
    // The page stays where it was.
    expect(new URL(page.url()).pathname).toBe(`/${locale}/software`);
  });

  it('shows the alert while the list fails, and the products after Try again', async () => {
    await newAccount(context, uniqueEmail(`software-fail-${locale}`), password);
    await page.route('**/api/v1/releases?**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'system', detail: 'Something went wrong. Try again later.' }),
      }),
    );
    // Reached from another page: the software page's own HTML brings its read.
    await page.goto(`/${locale}/profile`);
    await page.locator(`nav a[href="/${locale}/software"]`).first().click();
    await page.getByText(t.failed).waitFor();
    // The call's own error went to the toast.
    await checkToast(page, t.system);
    await page.unroute('**/api/v1/releases?**');
    await page.getByRole('button', { name: t.retry }).click();
    await product('Tracker').waitFor();
    expect(await page.getByText(t.failed).count()).toBe(0);
  });
});

describe('software with an empty releases folder', () => {
  let empty: RunningServer;
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'portal-no-releases-'));
    empty = await startServer({ RELEASES_DIR: folder });
  });
  afterAll(async () => {
    await empty?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it.each([
    ['en', 'desktop'],
    ['ru', 'phone'],
  ] as const)('shows the alert and the simple error in %s on a %s', async (locale, device) => {
    const t = texts[locale];
    const other = await chromium.newContext({
      baseURL: empty.url,
      acceptDownloads: true,
      ...(device === 'phone' && { viewport: { width: 390, height: 844 }, isMobile: true }),
    });
    const otherPage = await other.newPage();
    await newAccount(other, uniqueEmail(`software-empty-${locale}`), password);
    await otherPage.goto(`/${locale}/software`);
    await otherPage.getByText(t.failed).waitFor();
    // Section 8's simple error, as a toast.
    await checkToast(otherPage, t.empty);
    expect(await otherPage.getByRole('region', { name: 'QGIS', exact: true }).count()).toBe(0);
  });
});
