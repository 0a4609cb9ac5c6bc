// npm run screenshots [-- --out <folder>] [-- --only <page>] [-- --dark]: every page
// of the portal as a visitor and as the demo account sees it, desktop (1280 × 800) and
// phone (390 × 844), in English and Russian, from a fresh build on the real server in
// Debian's Chromium, in the light colour mode or, with --dark, the dark one. The demo
// account's web GIS is made (through the API) after the other pages, for its settings
// page, the last one taken. Writes
// <out>/<page>.<locale>.<device>[.dark].png (full page) and prints the folder. For
// reviewing the look beside other account portals.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../test/e2e/browser.ts';
import { startServer } from '../test/e2e/server.ts';
import { demoSession, demoWebgis } from './demo-session.ts';
import { buildSpa } from './lib/build.ts';

const pages = [
  { name: 'login', path: '/login/1', signedIn: false },
  { name: 'signup', path: '/signup/0', signedIn: false },
  { name: 'password-reset', path: '/password/reset', signedIn: false },
  { name: 'terms', path: '/terms', signedIn: false },
  { name: 'not-found', path: '/no-such-page', signedIn: false },
  { name: 'profile', path: '/profile', signedIn: true },
  { name: 'subscription', path: '/subscription', signedIn: true },
  { name: 'plans', path: '/subscription/update', signedIn: true },
  { name: 'checkout', path: '/subscription/update?plan=premium&period=yearly', signedIn: true },
  { name: 'webgis-create', path: '/webgis/create', signedIn: true },
  { name: 'software', path: '/software', signedIn: true },
  { name: 'security', path: '/security', signedIn: true },
  { name: 'teams', path: '/teammanage/owner', signedIn: true },
  { name: 'onpremise', path: '/myngidonpremises', signedIn: true },
  { name: 'webgis', path: '/webgis', signedIn: true, webgis: true },
] as const;
type Entry = (typeof pages)[number];
const devices = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
const locales = ['en', 'ru'] as const;

const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const out = path.resolve(option('--out') ?? 'screenshots');
const only = option('--only');
const dark = process.argv.includes('--dark');
mkdirSync(out, { recursive: true });

buildSpa();

// The sandbox starts an instance at once instead of after 5 s.
const server = await startServer({ WEBGIS_PROVISION_SECONDS: '0' });
const browser = await launchChromium();
try {
  const { cookie, csrf } = await demoSession(server.url);
  const { hostname } = new URL(server.url);
  const cookies = cookie.split('; ').map((pair) => {
    const [name = '', value = ''] = pair.split('=');
    return { name, value, domain: hostname, path: '/' };
  });
  const shoot = async (entries: readonly Entry[]) => {
    for (const [device, viewport] of Object.entries(devices)) {
      for (const signedIn of [false, true]) {
        const shown = entries.filter((p) => p.signedIn === signedIn);
        if (shown.length === 0) continue;
        const context = await browser.newContext({
          viewport,
          deviceScaleFactor: 1,
          reducedMotion: 'reduce',
          colorScheme: dark ? 'dark' : 'light',
          isMobile: device === 'phone',
          hasTouch: device === 'phone',
        });
        if (signedIn) await context.addCookies(cookies);
        const page = await context.newPage();
        for (const locale of locales) {
          for (const entry of shown) {
            await page.goto(`${server.url}/${locale}${entry.path}`, { waitUntil: 'networkidle' });
            const file = path.join(
              out,
              `${entry.name}.${locale}.${device}${dark ? '.dark' : ''}.png`,
            );
            await page.screenshot({ path: file, fullPage: true });
          }
        }
        await context.close();
      }
    }
  };
  const wanted = pages.filter((p) => !only || p.name === only);
  await shoot(wanted.filter((p) => !('webgis' in p)));
  const withWebgis = wanted.filter((p) => 'webgis' in p);
  if (withWebgis.length > 0) {
    await demoWebgis(server.url, { cookie, csrf });
    await shoot(withWebgis);
  }
  console.log(out);
} finally {
  await browser.close();
  await server.stop();
}
