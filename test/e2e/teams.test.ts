import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buyPremium, csrfHeader, signedIn, signOutFromMenu } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { drewAWait, watchForWaits } from './first-draw.ts';
import { useChromium } from './chromium.ts';
import { latestMail } from './mailbox.ts';

/*
 * Teams as new users meet them, against the real server: a premium owner adds a member
 * by username (an unknown one is refused at the field), the member sees the team on the
 * member tab and Premium in the header with its tooltip; the owner's limit lowered with
 * the development switch shows the red dot and takes the member's Premium away until a
 * user is removed; a free user is offered the upgrade. A member leaves a team through
 * the confirmation (the owner is told by mail), and leaving a team the owner has just
 * removed them from only takes it off the list.
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
    leave: 'Leave team',
    leaveTitle: 'Leave the team?',
    leaveQuestion: (name: string) => `You will leave the team of ${name}`,
    cancel: 'Cancel',
    leftSubject: (name: string) => `${name} left your team`,
    leaveFailed: "Couldn't leave the team. Please try again.",
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
    leave: 'Выйти из команды',
    leaveTitle: 'Выйти из команды?',
    leaveQuestion: (name: string) => `Вы выйдете из команды ${name}`,
    cancel: 'Отмена',
    leftSubject: (name: string) => `${name} покинул(а) вашу команду`,
    leaveFailed: 'Не удалось выйти из команды. Попробуйте ещё раз.',
  },
} as const;
type Locale = keyof typeof texts;

type Account = Awaited<ReturnType<typeof signedIn>>;

/**
 * A new signed-in account in `locale`, and a page of it. The API calls of sign-up carry
 * the language too: the account's mails (the owner's notice of a member who left) are in it.
 */
const account = (locale: Locale, prefix: string): Promise<Account> =>
  signedIn(chromium, {
    browserLocale: texts[locale].browserLocale,
    prefix,
    password,
    languageHeader: true,
  });

/** Keyboard focus moved with Tab until it reaches `target`. */
async function tabTo(page: Page, target: Locator) {
  for (let step = 0; step < 30; step++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('Tab never reached the element');
}

/** The owner's team becomes exactly `members` (by username), through the API. */
async function setMembers(owner: Account, members: Account[]) {
  const headers = await csrfHeader(owner.context);
  const guids: string[] = [];
  for (const member of members) {
    const found = await owner.context.request.get(
      `/api/v1/users/?username=${encodeURIComponent(member.username)}`,
    );
    guids.push(((await found.json()) as { portal_guid: string }).portal_guid);
  }
  const saved = await owner.context.request.patch('/api/v1/team/', {
    data: { users: guids },
    headers,
  });
  expect(saved.status(), await saved.text()).toBe(200);
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

    // /teammanage opens the owner tab, with the team and invitations its HTML brought:
    // no wait drawn.
    await watchForWaits(page);
    await page.goto(`/${locale}/teammanage`);
    await page.waitForURL(`**/${locale}/teammanage/owner`);
    await expect.poll(() => page.title()).toMatch(t.ownerTitle);
    await page.getByRole('cell', { name: owner.username, exact: true }).waitFor();
    expect(await drewAWait(page)).toBe(false);
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

  it('a member leaves a team after confirming; the owner is told by mail', async () => {
    const owner = await account(locale, `team-left-${locale}`);
    const member = await account(locale, `team_leaver.${locale}`);
    await buyPremium(owner.context, owner.email);
    await setMembers(owner, [member]);
    const { page } = member;

    await page.goto(`/${locale}/teammanage/member`);
    const card = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: t.teamOf(owner.username) }),
    });
    await card.waitFor();
    await planLabel(page, 'Premium').waitFor();

    // Cancel keeps the team.
    await card.getByRole('button', { name: t.leave }).click();
    const dialog = page.getByRole('alertdialog', { name: t.leaveTitle });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(t.leaveQuestion(owner.username));
    await expectAccessible(page);
    await dialog.getByRole('button', { name: t.cancel }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await card.count()).toBe(1);

    // Confirmed: the team goes, and with it the Premium through it.
    await card.getByRole('button', { name: t.leave }).click();
    await dialog.getByRole('button', { name: t.leave }).click();
    await page.getByText(t.none).waitFor();
    await planLabel(page, t.free).waitFor();
    await expectAccessible(page);
    await page.reload();
    await page.getByText(t.none).waitFor();

    // The notice is a durable job: waited for by its subject, not taken as the owner's
    // latest mail, which until the job runs is an earlier one (the payment's).
    const mail = await latestMail(
      owner.context.request,
      owner.email,
      (sent) => sent.subject === t.leftSubject(member.username),
    );
    expect(mail.text).toContain(`/${locale}/teammanage/owner`);

    // The owner adds the member again, then removes them while their page is open:
    // Leave team then finds no membership (404) and only takes the team off the list.
    await setMembers(owner, [member]);
    await page.reload();
    await card.waitFor();
    await setMembers(owner, []);
    await card.getByRole('button', { name: t.leave }).click();
    await dialog.getByRole('button', { name: t.leave }).click();
    await page.getByText(t.none).waitFor();
    expect(await page.getByText(t.leaveFailed).count()).toBe(0);
    expect(await page.getByText(/Nothing found|Ничего не найдено/).count()).toBe(0);
    // No second mail: nobody left this time.
    const mails = await owner.context.request.get(
      `/api/dev/mails/?to=${encodeURIComponent(owner.email)}`,
    );
    expect(
      ((await mails.json()) as { subject: string }[]).filter(
        (m) => m.subject === t.leftSubject(member.username),
      ),
    ).toHaveLength(1);
  }, 120_000);
});

describe('a team edit made in a tab whose session ended in another', () => {
  it('is kept through sign-in and offered back: Restore, then Save', async () => {
    const owner = await account('en', 'team-draft-owner');
    const member = await account('en', 'team-draft-member');
    await buyPremium(owner.context, owner.email);
    const tabA = await owner.context.newPage();
    await tabA.goto('/en/profile');
    const { page } = owner;
    await page.goto('/en/teammanage/owner');
    await page.getByRole('cell', { name: owner.username, exact: true }).waitFor();

    // Tab B adds the member, unsaved; tab A signs out.
    await page.getByRole('textbox', { name: 'Username' }).fill(member.username);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('cell', { name: member.username, exact: true }).waitFor();
    await signOutFromMenu(tabA);
    // The sign-in page, with the page in `next` when a read of tab A's heard the 401 first.
    await tabA.waitForURL(/\/en\/login\/1(\?|$)/);
    await tabA.close();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL('**/en/login/1?**');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/en/teammanage/owner');

    await page.getByLabel('Username or email').fill(owner.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/en/teammanage/owner');
    await page.getByText('You have unsaved changes from before you were signed out').waitFor();
    await page.getByRole('cell', { name: owner.username, exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: member.username, exact: true }).count()).toBe(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('cell', { name: member.username, exact: true }).waitFor();
    await page.getByText('You have unsaved changes.').waitFor();
    // Restored, not saved: the server still has the owner alone.
    const before = await page.request.get('/api/v1/team/');
    expect(((await before.json()) as { users: unknown[] }).users).toHaveLength(1);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The team is saved.').waitFor();
    const after = await page.request.get('/api/v1/team/');
    expect(
      ((await after.json()) as { users: { username: string }[] }).users.map((u) => u.username),
    ).toEqual([owner.username, member.username]);
    expect(
      await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes('draft'))),
    ).toEqual([]);
  }, 120_000);
});
