import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, signOutFromMenu, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { drewAWait, watchForWaits } from './first-draw.ts';
import { useChromium } from './chromium.ts';
import { latestMail, linkOf } from './mailbox.ts';

const password = 'Test-pass-1';
let context: BrowserContext;
let page: Page;
useChromium({
  options: { acceptDownloads: true },
  set: (c, p) => ((context = c), (page = p)),
});

describe('profile', () => {
  it('signs in through the sandbox Yandex provider and lists it among the social accounts', async () => {
    const email = uniqueEmail('yandex');
    await page.goto('/en/login/1');
    await page.getByRole('link', { name: 'Yandex' }).click();
    await page.getByRole('heading', { name: 'Sign in with Yandex' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Allow' }).click();
    // An identity new here agrees to the terms before its account is made.
    await page
      .getByRole('alertdialog', { name: 'Sign up with Yandex' })
      .getByRole('button', { name: 'Agree', exact: true })
      .click();
    await page.waitForURL('**/en/profile');
    const social = page.getByRole('heading', { name: 'Social accounts' }).locator('..');
    await social.getByText(email).waitFor();
    expect(await social.getByText('Yandex', { exact: true }).count()).toBe(1);
    // The provider's picture is the userpic: the sandbox's, drawn by this server.
    const userpic = page.getByRole('button', { name: /^Account menu of/ }).locator('img');
    await userpic.waitFor();
    expect(await userpic.getAttribute('src')).toMatch(
      /\/sandbox\/idp\/yandex\/picture\/[0-9a-f]{16}\.svg$/,
    );
    await page.waitForFunction(
      (image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0,
      await userpic.elementHandle(),
    );
    await expectAccessible(page);
  });

  it('refuses a bad phone at its field, then saves the profile', async () => {
    const email = uniqueEmail('phone');
    await newAccount(context, email, password);
    await page.goto('/en/profile');
    const phone = page.getByLabel('Phone');
    await phone.fill('12-34');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText('Please enter a valid phone number with an international country code')
      .waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('phone');
    await expectAccessible(page);
    await phone.fill('+49 30 1234567');
    await page.getByLabel('Company').fill('Map Works');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Changes saved').waitFor();
    const profile = await (await page.request.get('/api/v1/profile/')).json();
    expect(profile).toMatchObject({ phone: '+49 30 1234567', company: 'Map Works' });
  });

  it('exports every personal datum into a file holding the e-mail', async () => {
    const email = uniqueEmail('export');
    await newAccount(context, email, password);
    await page.goto('/en/profile');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export data' }).click();
    const file = await download;
    const content = await readFile(await file.path(), 'utf8');
    expect(content).toContain(email);
    await page.getByText(/Your data is ready/).waitFor();
    await expectAccessible(page);

    // The export notice can be unsubscribed from through its signed link.
    const notice = await latestMail(page.request, email, (m) => m.text.includes('/unsubscribe/'));
    await page.goto(linkOf(notice, '/unsubscribe/'));
    await page.getByText(`Stop sending account notices`, { exact: false }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText(`${email} will no longer receive account notices.`).waitFor();
  });

  it("draws with the scripts its HTML names: none is asked for after another's run", async () => {
    await newAccount(context, uniqueEmail('scripts'), password);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const html = (await (await page.goto('/en/profile'))?.text()) ?? '';
    await page.getByLabel('Phone').waitFor();
    await page.getByRole('button', { name: /^Account menu of / }).waitFor();
    // The signed-in pages' code comes in chunks the HTML preloads (decision 0009); a
    // script asked for only once another has run is a round trip more before the page.
    const named = [...html.matchAll(/(?:src|href)="(\/assets\/[\w.-]+\.js)"/g)].map(
      (match) => match[1],
    );
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((script) => !named.includes(script))).toEqual([]);
  });

  it('asks for none of the reads its HTML answered; what a lapsed session warmed is not reused', async () => {
    const email = uniqueEmail('warm');
    await newAccount(context, email, password);
    const reads: string[] = [];
    page.on('request', (request) => void reads.push(new URL(request.url()).pathname));
    const count = (path: string) => reads.filter((read) => read === path).length;
    await watchForWaits(page);
    await page.goto('/en/profile');
    await page.getByLabel('Phone').waitFor();
    await page.getByRole('button', { name: /^Account menu of / }).waitFor();
    // The server answered the session's and the page's first reads inside the HTML
    // (decision 0009): the page draws without asking for them, and its machines start
    // from them (decision 0034), so its first draw is the form, not a wait.
    for (const path of ['profile/', 'teams/', 'countries/', 'profile/social/'])
      expect(count(`/api/v1/${path}`)).toBe(0);
    expect(await drewAWait(page)).toBe(false);

    // The session cookie names no session (the hint still says it may): the page warms
    // its reads, is sent to sign in, and after signing in reads them again instead of
    // taking what it warmed.
    const session = (await context.cookies()).find((cookie) => cookie.name === 'sessionid');
    expect(session).toBeDefined();
    await context.addCookies([{ ...session!, value: 'ended' }]);
    reads.length = 0;
    await page.goto('/en/profile');
    await page.waitForURL('**/en/login/1?**');
    await page.getByLabel('Username or email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/en/profile');
    await page.getByLabel('Phone').waitFor();
    const social = page.getByRole('heading', { name: 'Social accounts' }).locator('..');
    await social.getByText('No social accounts are linked.').waitFor();
    expect(count('/api/v1/countries/')).toBe(2);
    expect(count('/api/v1/profile/social/')).toBe(2);
  });

  it('removes the profile after the confirmation; its credentials then fail', async () => {
    const email = uniqueEmail('remove');
    await newAccount(context, email, password);
    await page.goto('/en/profile');
    await page.getByRole('button', { name: 'Delete profile' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to delete profile?').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/en/login/1?**');
    await page.getByText('Your profile was deleted.').waitFor();
    await page.getByLabel('Username or email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('There is no profile with this email').waitFor();
  });
});

describe('an edit made in a tab whose session ended in another', () => {
  it('is kept through sign-in and offered back: Restore, then Save', async () => {
    const email = uniqueEmail('draft');
    await newAccount(context, email, password);
    const tabA = await context.newPage();
    await tabA.goto('/en/profile');
    await page.goto('/en/profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();

    // Tab A signs out; tab B still shows the form.
    await signOutFromMenu(tabA);
    // The sign-in page, with the page in `next` when a read of tab A's heard the 401 first.
    await tabA.waitForURL(/\/en\/login\/1(\?|$)/);
    await tabA.close();

    await page.getByLabel('Company').fill('Draft Works');
    await page.getByLabel('Phone').fill('+49 30 7654321');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/en/login/1?**');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/en/profile');

    await page.getByLabel('Username or email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/en/profile');
    await page.getByText('You have unsaved changes from before you were signed out').waitFor();
    expect(await page.getByLabel('Company').inputValue()).toBe('');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Restore' }).click();
    expect(await page.getByLabel('Company').inputValue()).toBe('Draft Works');
    expect(await page.getByLabel('Phone').inputValue()).toBe('+49 30 7654321');
    // Restored, not saved: the server still has the old values.
    expect(await (await page.request.get('/api/v1/profile/')).json()).toMatchObject({
      company: '',
    });

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Changes saved').waitFor();
    expect(await (await page.request.get('/api/v1/profile/')).json()).toMatchObject({
      company: 'Draft Works',
      phone: '+49 30 7654321',
    });
    expect(
      await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes('draft'))),
    ).toEqual([]);
  });
});
