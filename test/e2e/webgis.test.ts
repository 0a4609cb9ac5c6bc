import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { drewAWait, watchForWaits } from './first-draw.ts';
import { networkIdle, useChromium } from './chromium.ts';
import { latestMail } from './mailbox.ts';
import { startServer, type RunningServer } from './server.ts';

/*
 * The web GIS as a new user meets it, against the real server and its sandbox
 * provisioner (5 s to create): the default subdomain, the domain rule, a taken name,
 * the blocking dialog, /webgis with its success modal, the sandbox's own page at the
 * address; a location told to fail and one told to overrun the 60-second poll; and a
 * server restarted while the instance is being created.
 */

const password = 'Webgis-pass-1';
let context: BrowserContext;
let page: Page;
const chromium = useChromium();

const texts = {
  en: {
    browserLocale: 'en-US',
    title: 'Create Web GIS',
    field: 'Domain name',
    create: 'Create',
    rule: 'Only alphabetic, numeric characters and hyphen are allowed. At least 4 characters are needed',
    taken: 'This domain name is already taken',
    dialog: 'Your Web GIS is being created',
    ready: 'Your Web GIS is ready',
    upgrade: 'Upgrade',
    goTo: /Go to Web GIS/,
    close: 'Close',
    sections: 'Account sections',
    webgis: 'Web GIS',
    failed: 'Your Web GIS could not be created. Try again, or choose another data center.',
    failLocation: 'Sandbox: creation fails',
    overrunLocation: 'Sandbox: takes longer than a minute',
    beingCreated: /We will send a message to (\S+@example\.com) when it is ready/,
    mail: 'Your Web GIS is ready',
  },
  ru: {
    browserLocale: 'ru-RU',
    title: 'Создать Веб ГИС',
    field: 'Доменное имя',
    create: 'Создать',
    rule: 'Допускаются только буквы, цифры и дефис. Нужно не менее 4 символов',
    taken: 'Это доменное имя уже занято',
    dialog: 'Ваша Веб ГИС создаётся',
    ready: 'Ваша Веб ГИС готова',
    upgrade: 'Повысить тариф',
    goTo: /Перейти в Веб ГИС/,
    close: 'Закрыть',
    sections: 'Разделы аккаунта',
    webgis: 'Веб ГИС',
    failed: 'Не удалось создать вашу Веб ГИС. Попробуйте ещё раз или выберите другой дата-центр.',
    failLocation: 'Песочница: создание не удаётся',
    overrunLocation: 'Песочница: дольше минуты',
    beingCreated: /мы отправим письмо на (\S+@example\.com)/,
    mail: 'Ваша Веб ГИС готова',
  },
} as const;
type Locale = keyof typeof texts;

/** A new account in `locale`, on `baseURL` (the shared server unless told otherwise). */
async function open(locale: Locale, prefix: string, baseURL?: string) {
  context = await chromium.newContext({
    locale: texts[locale].browserLocale,
    ...(baseURL ? { baseURL } : {}),
  });
  page = await context.newPage();
  const email = uniqueEmail(prefix);
  await newAccount(context, email, password);
  const profile = await context.request.get('/api/v1/profile/');
  const { username } = (await profile.json()) as { username: string };
  return { email, username };
}

/** Section 2's rule for the default: _ and . to -, no leading digits or hyphens. */
const expectedDefault = (username: string) =>
  username
    .toLowerCase()
    .replace(/[_.]/g, '-')
    .replace(/^[\d-]+/, '');

const domainField = (locale: Locale) => page.getByRole('textbox', { name: texts[locale].field });
const createButton = (locale: Locale) =>
  page.getByRole('button', { name: texts[locale].create, exact: true });
const headerCreate = (locale: Locale) =>
  page.getByRole('banner').getByRole('link', { name: texts[locale].title });
const sidebar = (locale: Locale) => page.getByRole('navigation', { name: texts[locale].sections });

async function openCreatePage(locale: Locale) {
  await page.goto(`/${locale}/webgis/create`);
  await page.getByRole('heading', { name: texts[locale].title, level: 1 }).waitFor();
  await domainField(locale).waitFor();
}

/** Another user's instance, made through the API, so its name is taken. */
async function takeName(locale: Locale, name: string) {
  const other = await chromium.newContext();
  await newAccount(other, uniqueEmail(`webgis-owner-${locale}`), password);
  const token = (await other.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const answer = await other.request.post('/api/v1/webgis/', {
    data: { subdomain_name: name, language: locale, location_id: 'eu-central' },
    headers: { 'X-CSRFToken': token },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

describe.each(['en', 'ru'] as const)('web GIS in %s', (locale) => {
  const t = texts[locale];

  it('offers the default subdomain and refuses bad and taken names', async () => {
    const { username } = await open(locale, `9_web.gis-${locale}`);
    await page.goto(`/${locale}/profile`);
    await headerCreate(locale).waitFor();
    await sidebar(locale).getByRole('link', { name: t.title }).waitFor();
    expect(await sidebar(locale).getByRole('link', { name: t.title }).count()).toBe(1);

    await openCreatePage(locale);
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${t.title} — `));
    expect(await headerCreate(locale).count()).toBe(0);
    const fallback = expectedDefault(username);
    expect(fallback).toMatch(/^web-gis-/);
    expect(await domainField(locale).inputValue()).toBe(fallback);
    expect(await page.getByTestId('domain-suffix').textContent()).toBe('.localhost');
    await expectAccessible(page);

    for (const bad of ['abc', '1abc', '-abcd', 'abcd-', `a${'b'.repeat(64)}`]) {
      await domainField(locale).fill(bad);
      await createButton(locale).click();
      await page.getByText(t.rule).waitFor();
      expect(await page.getByRole('alertdialog').count(), bad).toBe(0);
    }
    await expectAccessible(page);

    const taken = `taken-${locale}-${Date.now().toString(36)}`;
    await takeName(locale, taken);
    await domainField(locale).fill(taken.toUpperCase());
    await createButton(locale).click();
    await page.getByText(t.taken).waitFor();
    expect(await page.getByText(t.rule).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/${locale}/webgis/create`);
  });

  it('creates behind the blocking dialog, lands on the success modal and opens the address', async () => {
    const { email, username } = await open(locale, `web_gis-${locale}`);
    await openCreatePage(locale);
    const subdomain = expectedDefault(username);
    await createButton(locale).click();
    const dialog = page.getByRole('alertdialog', { name: t.dialog });
    await dialog.waitFor();
    await expectAccessible(page);
    // The sandbox takes 5 s; the page polls once a second.
    await page.waitForURL(/\/webgis\/?\?webgis-status=started/, { timeout: 20_000 });
    const modal = page.getByRole('dialog', { name: t.ready });
    await modal.waitFor();
    expect(await dialog.count()).toBe(0);
    const goTo = modal.getByRole('link', { name: t.goTo });
    expect(await goTo.getAttribute('href')).toMatch(
      new RegExp(`^http://${subdomain}\\.localhost:\\d+/login/oauth/$`),
    );
    await expectAccessible(page);
    // The mail the being-created message promises (in the account's language).
    const mail = await latestMail(context.request, email, (m) => m.text.includes(subdomain));
    expect([texts.en.mail, texts.ru.mail]).toContain(mail.subject);

    // Free: the upgrade action leads to the plans.
    await modal.getByRole('link', { name: t.upgrade }).click();
    await page.waitForURL(new RegExp(`/${locale}/subscription/update`));
    await page.goBack();
    await modal.waitFor();
    await modal.getByRole('button', { name: t.close }).click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).search).toBe('');
    // The user has an address now: no header button, the edit item in the sidebar.
    await sidebar(locale).getByRole('link', { name: t.webgis, exact: true }).waitFor();
    expect(await sidebar(locale).getByRole('link', { name: t.title }).count()).toBe(0);
    expect(await headerCreate(locale).count()).toBe(0);

    // Issue 31: with an instance, the create page goes on to /webgis, as it is.
    await page.goto(`/${locale}/webgis/create`);
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toMatch(new RegExp(`^/${locale}/webgis/?$`));
    await page.getByRole('link', { name: new RegExp(`${subdomain}\\.localhost`) }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await domainField(locale).count()).toBe(0);
    expect(await page.getByRole('dialog', { name: t.ready }).count()).toBe(0);

    const address = page.getByRole('link', { name: new RegExp(`${subdomain}\\.localhost`) });
    const href = (await address.getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`^http://${subdomain}\\.localhost:\\d+/$`));
    const [opened] = await Promise.all([context.waitForEvent('page'), address.click()]);
    await opened.waitForLoadState();
    expect(await opened.title()).toMatch(new RegExp(subdomain));
    expect(await opened.getByRole('heading', { level: 1 }).textContent()).toContain(subdomain);
    await expectAccessible(opened);
  });

  it('shows the error path for a location told to fail', async () => {
    await open(locale, `webgis-fail-${locale}`);
    await openCreatePage(locale);
    await page.getByRole('radio', { name: t.failLocation }).check();
    await createButton(locale).click();
    await page.getByRole('alertdialog', { name: t.dialog }).waitFor();
    await page.getByText(t.failed).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/${locale}/webgis/create`);
    await expectAccessible(page);
  });

  it('shows the timeout path for a location told to overrun the 60-second poll', async () => {
    const { email } = await open(locale, `webgis-slow-${locale}`);
    // The page's clock: 60 s pass in a jump, the server's 95 s do not.
    await page.clock.install();
    await openCreatePage(locale);
    await page.getByRole('radio', { name: t.overrunLocation }).check();
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/webgis/'),
    );
    await createButton(locale).click();
    expect((await created).status()).toBe(201);
    await page.getByRole('alertdialog', { name: t.dialog }).waitFor();
    // A poll or two at real speed, then the rest of the minute in one jump.
    await page.waitForRequest((r) => r.url().endsWith('/api/v1/webgis/my/'));
    await page.clock.fastForward('01:01');
    await page.waitForURL(/webgis-status=wait_for_create&webgis-transition-status=wait_for_create/);
    const message = page.getByText(t.beingCreated);
    await message.waitFor();
    expect((await message.textContent()) ?? '').toContain(email);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectAccessible(page);
  });
});

describe.each(['en', 'ru'] as const)('web GIS on a 390 px phone in %s', (locale) => {
  it('fits the create page and the web GIS page', async () => {
    const phone = { width: 390, height: 844 };
    context = await chromium.newContext({ viewport: phone, locale: texts[locale].browserLocale });
    page = await context.newPage();
    await newAccount(context, uniqueEmail(`webgis-phone-${locale}`), password);
    await watchForWaits(page);
    for (const path of ['webgis/create', 'webgis']) {
      await page.goto(`/${locale}/${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await networkIdle(page);
      // The web GIS page knows from the profile its HTML brought that there is none.
      if (path === 'webgis') expect(await drewAWait(page)).toBe(false);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(phone.width);
      await expectAccessible(page);
    }
  });
});

describe('a server restarted while the web GIS is being created', () => {
  let first: RunningServer;
  let second: RunningServer | undefined;
  beforeAll(async () => {
    first = await startServer({ WEBGIS_PROVISION_SECONDS: '8' }, { keepData: true });
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
  });

  it('still ends in started', async () => {
    const { username } = await open('en', 'webgis-restart', first.url);
    const subdomain = expectedDefault(username);
    await openCreatePage('en');
    await createButton('en').click();
    await page.getByRole('alertdialog', { name: texts.en.dialog }).waitFor();
    const mine = await context.request.get('/api/v1/webgis/my/');
    expect(await mine.json()).toMatchObject({ state: 'wait_for_create' });

    await first.stop();
    second = await startServer(
      { WEBGIS_PROVISION_SECONDS: '8' },
      { dataDir: first.dataDir, port: first.port },
    );
    // The same session, data and queue: the job left behind runs on the new process.
    await page.goto('/en/webgis');
    await page.getByRole('heading', { name: 'Web GIS', level: 1 }).waitFor();
    const address = page.getByRole('link', { name: new RegExp(`${subdomain}\\.localhost`) });
    await address.waitFor({ timeout: 30_000 });
    const instance = await context.newPage();
    const answer = await instance.goto(`http://${subdomain}.localhost:${first.port}/`);
    expect(answer?.status()).toBe(200);
    expect(await (await context.request.get('/api/v1/webgis/my/')).json()).toMatchObject({
      state: 'started',
      state_transition: null,
    });
  });
});
