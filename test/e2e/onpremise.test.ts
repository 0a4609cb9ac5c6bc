import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buyPremium, csrfHeader, signedIn } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { drewAWait, watchForWaits } from './first-draw.ts';
import { useChromium } from './chromium.ts';
import { description } from './fields.ts';

/*
 * The on-premise page against the real server: the 'not available' notice on the free
 * plan; on premium (bought in the sandbox) the offering and the binding of an
 * identifier: a malformed one refused at its field, one bound to another account
 * refused at its field, one bound and unbound after the confirmation; and a member of a
 * premium team, who gets the page through the team.
 */

const password = 'Onprem-pass-1';
const chromium = useChromium();

const texts = {
  en: {
    browserLocale: 'en-US',
    heading: 'On-premise',
    notAvailable: 'On-premise is not available on your plan',
    upgrade: 'Upgrade to Premium',
    offering: 'The platform on your own servers',
    viaTeam: "Your team's Premium plan gives you access to on-premise.",
    identifier: 'Identifier',
    label: 'Label',
    bind: 'Bind',
    malformed:
      'Enter the identifier as setup prints it: eight groups of four letters or digits separated by hyphens',
    taken: 'This identifier is already bound to an account',
    none: 'No identifiers are bound yet.',
    counter: (n: number) => `${n} of 5 identifiers bound`,
    bound: 'The identifier is bound',
    unbindRow: (id: string) => `Unbind ${id}`,
    dialog: 'Unbind the identifier?',
    unbind: 'Unbind',
    cancel: 'Cancel',
    unbound: 'The identifier is unbound',
    list: 'Bound identifiers',
  },
  ru: {
    browserLocale: 'ru-RU',
    heading: 'Коробочная версия',
    notAvailable: 'Коробочная версия недоступна на вашем тарифе',
    upgrade: 'Перейти на Premium',
    offering: 'Платформа на ваших серверах',
    viaTeam: 'Тариф Premium вашей команды даёт вам доступ к коробочной версии.',
    identifier: 'Идентификатор',
    label: 'Название',
    bind: 'Привязать',
    malformed:
      'Введите идентификатор так, как его выводит установка: восемь групп по четыре буквы или цифры через дефис',
    taken: 'Этот идентификатор уже привязан к аккаунту',
    none: 'Пока нет привязанных идентификаторов.',
    counter: (n: number) => `Привязано идентификаторов: ${n} из 5`,
    bound: 'Идентификатор привязан',
    unbindRow: (id: string) => `Отвязать ${id}`,
    dialog: 'Отвязать идентификатор?',
    unbind: 'Отвязать',
    cancel: 'Отмена',
    unbound: 'Идентификатор отвязан',
    list: 'Привязанные идентификаторы',
  },
} as const;
type Locale = keyof typeof texts;

/** A fresh identifier in the format setup prints. */
function newIdentifier(): string {
  const chars = randomBytes(32)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .padEnd(32, '7')
    .slice(0, 32);
  return chars.match(/.{4}/g)?.join('-') ?? '';
}

/** A signed-in account in `locale`, and a page of it. */
const account = (locale: Locale, prefix: string) =>
  signedIn(chromium, { browserLocale: texts[locale].browserLocale, prefix, password });

async function openPage(page: Page, locale: Locale) {
  await page.goto(`/${locale}/myngidonpremises`);
  await page.getByRole('heading', { name: texts[locale].heading, level: 1 }).waitFor();
}

describe.each(['en', 'ru'] as const)('on-premise in %s', (locale) => {
  const t = texts[locale];

  it('shows a free user that it is not available, with the way to upgrade', async () => {
    const { page } = await account(locale, `onprem-free-${locale}`);
    await openPage(page, locale);
    await page.getByText(t.notAvailable).waitFor();
    expect(await page.getByRole('heading', { name: t.offering }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: t.identifier }).count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: t.upgrade }).click();
    await page.waitForURL(new RegExp(`/${locale}/subscription/update`));
  });

  it('binds and unbinds an identifier for a premium user, refusing a malformed one at its field', async () => {
    const { context, page, email } = await account(locale, `onprem-premium-${locale}`);
    await buyPremium(context, email);
    // Its HTML brought the plan and the identifiers: the page draws them without a wait.
    await watchForWaits(page);
    await openPage(page, locale);
    await page.getByRole('heading', { name: t.offering, level: 2 }).waitFor();
    await page.getByText(t.none).waitFor();
    await page.getByText(t.counter(0)).waitFor();
    expect(await drewAWait(page)).toBe(false);
    await expectAccessible(page);

    const field = page.getByRole('textbox', { name: t.identifier });
    const bindButton = page.getByRole('button', { name: t.bind, exact: true });
    await field.fill('ABCD-1234');
    await bindButton.click();
    await expect.poll(() => description(field)).toContain(t.malformed);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);

    const identifier = newIdentifier();
    // Typed in lower case with spaces around: the page binds it as setup printed it.
    await field.fill(` ${identifier.toLowerCase()} `);
    await page.getByRole('textbox', { name: t.label }).fill('Head office');
    await bindButton.click();
    await page.getByRole('status').filter({ hasText: t.bound }).waitFor();
    const list = page.getByRole('list', { name: t.list });
    await list.getByText(identifier).waitFor();
    await list.getByText('Head office').waitFor();
    await page.getByText(t.counter(1)).waitFor();
    // A fresh form for the next one.
    expect(await field.inputValue()).toBe('');
    await expectAccessible(page);

    // Still bound after a reload: it is the server's.
    await page.reload();
    await page.getByRole('list', { name: t.list }).getByText(identifier).waitFor();

    await page.getByRole('button', { name: t.unbindRow(identifier) }).click();
    const dialog = page.getByRole('alertdialog', { name: t.dialog });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: t.cancel }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('list', { name: t.list }).getByText(identifier).count()).toBe(1);

    await page.getByRole('button', { name: t.unbindRow(identifier) }).click();
    await dialog.getByRole('button', { name: t.unbind, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: t.unbound }).waitFor();
    await page.getByText(t.none).waitFor();
    const mine = await context.request.get('/api/v1/onpremise/bindings/');
    expect(await mine.json()).toEqual({ bindings: [], max: 5 });
  });

  it("gives a premium team's member the page, and refuses an identifier bound to another account at its field", async () => {
    const owner = await account(locale, `onprem-owner-${locale}`);
    await buyPremium(owner.context, owner.email);
    const member = await account(locale, `onprem-member-${locale}`);
    const lookup = await owner.context.request.get(
      `/api/v1/users/?username=${encodeURIComponent(member.username)}`,
    );
    expect(lookup.status()).toBe(200);
    const { portal_guid } = (await lookup.json()) as { portal_guid: string };
    const saved = await owner.context.request.patch('/api/v1/team/', {
      data: { users: [portal_guid] },
      headers: await csrfHeader(owner.context),
    });
    expect(saved.status(), await saved.text()).toBe(200);

    // The owner's install: bound to the owner's account already.
    const identifier = newIdentifier();
    const ownerBinds = await owner.context.request.post('/api/v1/onpremise/bindings/', {
      data: { identifier, label: 'Owner' },
      headers: await csrfHeader(owner.context),
    });
    expect(ownerBinds.status(), await ownerBinds.text()).toBe(201);

    const { page } = member;
    await openPage(page, locale);
    await page.getByText(t.viaTeam).waitFor();
    await page.getByRole('heading', { name: t.offering, level: 2 }).waitFor();
    const field = page.getByRole('textbox', { name: t.identifier });
    await field.fill(identifier);
    await page.getByRole('button', { name: t.bind, exact: true }).click();
    await expect.poll(() => description(field)).toContain(t.taken);
    expect(await page.getByText(t.none).count()).toBe(1);
    await expectAccessible(page);

    // Editing the field clears the server's message.
    await field.fill(newIdentifier());
    await expect.poll(() => description(field)).not.toContain(t.taken);
    await page.getByRole('button', { name: t.bind, exact: true }).click();
    await page.getByRole('status').filter({ hasText: t.bound }).waitFor();
    await page.getByText(t.counter(1)).waitFor();
  });
});
