import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buyPremium, csrfHeader, newAccount, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { useChromium } from './chromium.ts';

/*
 * Teams as new users meet them, against the real server: a premium owner adds a member
 * by username (an unknown one is refused at the field), the member sees the team on the
 * member tab and Premium in the header with its tooltip; the owner's limit lowered with
 * the development switch shows the red dot and takes the member's Premium away until a
 * user is removed; a free user is offered the upgrade.
 */

const password = 'Teams-pass-1';
const chromium = useChromium();

const texts = {
  en: {
    browserLocale: 'en-US',
    ownerTitle: /^My team — /,
    memberTitle: /^Teams I am in — /,
    username: 'Username',
    add: 'Add',
    save: 'Save',
    saved: 'The team is saved.',
    owner: 'Owner',
    notFound: 'There is no user with this username',
    remove: (name: string) => `Remove ${name}`,
    teamOf: (name: string) => `Team of ${name}`,
    twoUsers: '2 users',
    seats: (count: number, max: number) => `${count} of ${max} user${max === 1 ? '' : 's'}`,
    memberTab: 'Teams I am in',
    tooltip: 'Team plan: Premium. Your plan: Free',
    free: 'Free',
    offer: 'A team is a Premium feature',
    upgrade: 'Upgrade to Premium',
    selected: 'You selected',
    none: /You are not a member of anyone else's team yet/,
  },
  ru: {
    browserLocale: 'ru-RU',
    ownerTitle: /^Моя команда — /,
    memberTitle: /^Команды, в которых я состою — /,
    username: 'Имя пользователя',
    add: 'Добавить',
    save: 'Сохранить',
    saved: 'Команда сохранена.',
    owner: 'Владелец',
    notFound: 'Пользователя с таким именем нет',
    remove: (name: string) => `Удалить ${name}`,
    teamOf: (name: string) => `Команда ${name}`,
    twoUsers: '2 пользователя',
    seats: (count: number, max: number) =>
      `${count} из ${max} ${max === 1 ? 'пользователя' : 'пользователей'}`,
    memberTab: 'Команды, в которых я состою',
    tooltip: 'Тариф команды: Premium. Ваш тариф: Бесплатный',
    free: 'Бесплатный',
    offer: 'Команда доступна на тарифе Premium',
    upgrade: 'Перейти на Premium',
    selected: 'Вы выбрали',
    none: /Вы пока не состоите ни в одной чужой команде/,
  },
} as const;
type Locale = keyof typeof texts;

interface Account {
  context: BrowserContext;
  page: Page;
  email: string;
  username: string;
}

/** A new signed-in account in `locale`, and a page of it. */
async function account(locale: Locale, prefix: string): Promise<Account> {
  const context = await chromium.newContext({ locale: texts[locale].browserLocale });
  const email = uniqueEmail(prefix);
  await newAccount(context, email, password);
  const profile = await context.request.get('/api/v1/profile/');
  const { username } = (await profile.json()) as { username: string };
  return { context, page: await context.newPage(), email, username };
}

/** Keyboard focus moved with Tab until it reaches `target`. */
async function tabTo(page: Page, target: Locator) {
  for (let step = 0; step < 30; step++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('Tab never reached the element');
}

const dot = (page: Page) => page.getByTestId('over-limit-dot');
const planLabel = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('link', { name, exact: true });

describe.each(['en', 'ru'] as const)('teams in %s', (locale) => {
  const t = texts[locale];

  it('a premium owner adds a member, who gets Premium; the limit and the red dot', async () => {
    const owner = await account(locale, `team-owner-${locale}`);
    const member = await account(locale, `team_member.${locale}`);
    await buyPremium(owner.context, owner.email);
    const { page } = owner;

    // /teammanage opens the owner tab.
    await page.goto(`/${locale}/teammanage`);
    await page.waitForURL(`**/${locale}/teammanage/owner`);
    await expect.poll(() => page.title()).toMatch(t.ownerTitle);
    await page.getByRole('cell', { name: owner.username, exact: true }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: owner.username }).innerText()).toContain(
      t.owner,
    );
    // The owner cannot be removed.
    expect(await page.getByRole('button', { name: t.remove(owner.username) }).count()).toBe(0);
    expect(await dot(page).count()).toBe(0);
    await expectAccessible(page);

    // An unknown username: the message at the field.
    const field = page.getByRole('textbox', { name: t.username });
    await field.fill(`nobody-${Date.now().toString(36)}`);
    await page.getByRole('button', { name: t.add, exact: true }).click();
    await page.getByText(t.notFound).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);

    await field.fill(member.username);
    await field.press('Enter');
    await page.getByRole('cell', { name: member.username, exact: true }).waitFor();
    expect(await page.getByText(t.notFound).count()).toBe(0);
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await page.getByText(t.saved).waitFor();
    expect(await page.getByTestId('team-seats').innerText()).toBe(t.seats(2, 5));

    // The member: the team on the member tab, Premium in the header with the tooltip.
    const seen = member.page;
    await seen.goto(`/${locale}/teammanage/member`);
    await expect.poll(() => seen.title()).toMatch(t.memberTitle);
    const card = seen.getByRole('listitem').filter({
      has: seen.getByRole('heading', { name: t.teamOf(owner.username) }),
    });
    await card.waitFor();
    expect(await card.innerText()).toContain(t.twoUsers);
    const label = planLabel(seen, 'Premium');
    await label.waitFor();
    expect(new URL((await label.getAttribute('href')) ?? '', 'http://x').pathname).toBe(
      `/${locale}/subscription`,
    );
    await tabTo(seen, label);
    await seen.getByRole('tooltip').getByText(t.tooltip).waitFor();
    await expectAccessible(seen);

    // The development switch lowers the limit below the team: the red dot.
    const lowered = await owner.context.request.post('/api/dev/teams/max-size', {
      data: { max_size: 1 },
      headers: await csrfHeader(owner.context),
    });
    expect(lowered.status(), await lowered.text()).toBe(200);
    await page.reload();
    await page.getByRole('cell', { name: member.username, exact: true }).waitFor();
    await dot(page).waitFor();
    expect(await page.getByTestId('team-seats').innerText()).toBe(t.seats(2, 1));
    // The dot stays on the owner tab while the member tab is open.
    await page.getByRole('link', { name: t.memberTab }).click();
    await page.waitForURL(`**/${locale}/teammanage/member`);
    expect(await dot(page).count()).toBe(1);
    await expectAccessible(page);
    await page.goBack();
    await page.waitForURL(`**/${locale}/teammanage/owner`);

    // Over the limit, the member's Premium is withheld.
    await seen.reload();
    await planLabel(seen, t.free).waitFor();

    await page.getByRole('button', { name: t.remove(member.username) }).click();
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await page.getByText(t.saved).waitFor();
    expect(await dot(page).count()).toBe(0);
    expect(await page.getByRole('cell', { name: member.username, exact: true }).count()).toBe(0);
    expect(await page.getByTestId('team-seats').innerText()).toBe(t.seats(1, 1));
    await expectAccessible(page);

    await seen.reload();
    await seen.getByText(t.none).waitFor();
    await planLabel(seen, t.free).waitFor();
  }, 120_000);

  it('offers a free user the upgrade instead of a team', async () => {
    const { page } = await account(locale, `team-free-${locale}`);
    await page.goto(`/${locale}/teammanage/owner`);
    await page.getByText(t.offer).waitFor();
    expect(await page.getByRole('textbox', { name: t.username }).count()).toBe(0);
    await expectAccessible(page);
    const upgrade = page.getByRole('link', { name: t.upgrade });
    expect(await upgrade.getAttribute('href')).toBe(
      `/${locale}/subscription/update?plan=premium&period=monthly`,
    );

    await page.getByRole('link', { name: t.memberTab }).click();
    await page.getByText(t.none).waitFor();
    await expectAccessible(page);

    await page.goBack();
    await page.getByRole('link', { name: t.upgrade }).click();
    await page.getByText(t.selected).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${locale}/subscription/update`);
  });
});
