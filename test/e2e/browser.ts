// One place for how Chromium is launched, shared by the e2e tests and the bundle
// benchmark. Debian's /usr/bin/chromium, never a Playwright download (those fail here).
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// No sandbox: tests run as root in containers. The rest keep Chromium from calling
// home during a run (component updates, sync, QUIC probes), which would add noise
// to measurements and network-idle waits.
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function hasChromium(): boolean {
  return existsSync(chromiumPath);
}

export function launchChromium(): Promise<Browser> {
  if (!hasChromium()) {
    throw new Error(
      `No Chromium at ${chromiumPath}: apt-get install -y chromium, or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
}
