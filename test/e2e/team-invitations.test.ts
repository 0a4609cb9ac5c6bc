import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buyPremium, csrfHeader, signedIn, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { useChromium } from './chromium.ts';
import { latestMail, linkOf } from './mailbox.ts';

/*
 * Team invitations by e-mail (decision 0602) through the UI, against the real server: the
 * owner invites an address in the chosen language, the invitee reads the mail in the
 * development mailbox and accepts with the invited account (another account gets its
 * own page), then shows on the owner's table; a revoked link shows the "no longer works"
 * page, an expired one the "expired" page (its 7 days ended by the development aid).
 * Both pages pass axe.
 */

const password = 'Invite-pass-1';
const chromium = useChromium();

const texts = {
  en: {
    browserLocale: 'en-US',
    email: 'E-mail address',
    language: 'Language of the mail',
    invite: 'Invite',
    sent: (to: string) => `Invitation sent to ${to}.`,
    pending: 'Pending',
    subject: 'invites you to a team',
    accept: 'Accept',
    joined: (owner: string) => `You joined the team of ${owner}.`,
    other: 'Sign out and continue',
    revoke: (to: string) => `Revoke the invitation to ${to}`,
    used: /This invitation link no longer works/,
    expiredRow: 'Expired',
    expired: /This invitation has expired: its link works for 7 days/,
    signInToAccept: 'Sign in to accept',
    login: 'Username or email',
    password: 'Password',
    signIn: 'Sign in',
  },
  ru: {
    browserLocale: 'ru-RU',
    email: 'Адрес электронной почты',
    language: 'Язык письма',
    invite: 'Пригласить',
    sent: (to: string) => `Приглашение отправлено на ${to}.`,
    pending: 'Ожидает ответа',
    subject: 'приглашает вас в команду',
    accept: 'Принять',
    joined: (owner: string) => `Вы вступили в команду ${owner}.`,
    other: 'Выйти и продолжить',
    revoke: (to: string) => `Отозвать приглашение на ${to}`,
    used: /Эта ссылка больше не действует/,
    expiredRow: 'Истекло',
    expired: /Срок приглашения истёк: ссылка действует 7 дней/,
    signInToAccept: 'Войти и принять',
    login: 'Имя пользователя или эл. почта',
    password: 'Пароль',
    signIn: 'Войти',
  },
} as const;
type Locale = keyof typeof texts;

type Account = Awaited<ReturnType<typeof signedIn>>;

const account = (locale: Locale, prefix: string): Promise<Account> =>
  signedIn(chromium, { browserLocale: texts[locale].browserLocale, prefix, password });

/** The owner tab's invite form: the address, the mail's language, Invite. */
async function invite(page: Page, locale: Locale, to: string) {
  const t = texts[locale];
  await page.getByRole('textbox', { name: t.email }).fill(to);
  await page.getByRole('combobox', { name: t.language }).selectOption(locale);
  await page.getByRole('button', { name: t.invite, exact: true }).click();
  await page.getByText(t.sent(to)).waitFor();
}

describe('team invitations by e-mail', () => {
  for (const locale of ['en', 'ru'] as const) {
    const t = texts[locale];
    it(`the invitee accepts from the mail and joins the team (${locale})`, async () => {
      const owner = await account(locale, `invite-owner-${locale}`);
      const invitee = await account(locale, `invitee-${locale}`);
      const stranger = await account(locale, `stranger-${locale}`);
      await buyPremium(owner.context, owner.email);
      const { page } = owner;
      await page.goto(`/${locale}/teammanage/owner`);
      await page.getByRole('cell', { name: owner.username, exact: true }).waitFor();

      await invite(page, locale, invitee.email);
      const row = page.getByTestId('invitation-row').filter({ hasText: invitee.email });
      await row.getByText(t.pending).waitFor();
      await expectAccessible(page);

      const mail = await latestMail(owner.context.request, invitee.email, (m) =>
        m.subject.includes(t.subject),
      );
      const link = linkOf(mail, `/${locale}/invitation/`);

      // Another signed-in account holding the link cannot take it.
      await stranger.page.goto(link);
      await stranger.page.getByRole('button', { name: t.accept }).click();
      await stranger.page.getByRole('button', { name: t.other }).waitFor();
      await expectAccessible(stranger.page);

      // The invited account accepts.
      await invitee.page.goto(link);
      await invitee.page.getByRole('button', { name: t.accept }).click();
      await invitee.page.getByText(t.joined(owner.username)).waitFor();
      await expectAccessible(invitee.page);

      // The owner's table shows the new member; the invitation is gone.
      await page.reload();
      await page.getByRole('cell', { name: invitee.username, exact: true }).waitFor();
      expect(await page.getByTestId('invitation-row').count()).toBe(0);

      // The link replayed: no longer works.
      await invitee.page.goto(link);
      await invitee.page.getByText(t.used).waitFor();
    });

    it(`opened signed out, the link goes through sign-in and back (${locale})`, async () => {
      const owner = await account(locale, `signin-owner-${locale}`);
      const invitee = await account(locale, `signin-invitee-${locale}`);
      await buyPremium(owner.context, owner.email);
      await owner.page.goto(`/${locale}/teammanage/owner`);
      await owner.page.getByRole('cell', { name: owner.username, exact: true }).waitFor();
      await invite(owner.page, locale, invitee.email);
      const mail = await latestMail(owner.context.request, invitee.email, (m) =>
        m.subject.includes(t.subject),
      );
      const link = linkOf(mail, `/${locale}/invitation/`);

      // A browser where nobody is signed in.
      const browser = await chromium.newContext({ locale: t.browserLocale });
      const page = await browser.newPage();
      await page.goto(link);
      await page.getByRole('button', { name: t.accept }).click();
      await page.getByRole('link', { name: t.signInToAccept }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/${locale}/login/1`);
      await page.getByLabel(t.login).fill(invitee.email);
      await page.getByLabel(t.password, { exact: false }).fill(password);
      await page.getByRole('button', { name: t.signIn, exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(link);
      await page.getByRole('button', { name: t.accept }).click();
      await page.getByText(t.joined(owner.username)).waitFor();
    });

    it(`a revoked link shows that it no longer works (${locale})`, async () => {
      const owner = await account(locale, `revoke-owner-${locale}`);
      await buyPremium(owner.context, owner.email);
      const { page } = owner;
      await page.goto(`/${locale}/teammanage/owner`);
      await page.getByRole('cell', { name: owner.username, exact: true }).waitFor();
      const to = uniqueEmail(`revoked-${locale}`);
      await invite(page, locale, to);
      const mail = await latestMail(owner.context.request, to, (m) =>
        m.subject.includes(t.subject),
      );
      const link = linkOf(mail, `/${locale}/invitation/`);
      await page.getByRole('button', { name: t.revoke(to) }).click();
      await expect
        .poll(() => page.getByTestId('invitation-row').filter({ hasText: to }).count())
        .toBe(0);

      const visitor = await chromium.newContext({ locale: t.browserLocale });
      const visit = await visitor.newPage();
      await visit.goto(link);
      await visit.getByText(t.used).waitFor();
      await expectAccessible(visit);
    });

    it(`an expired link says so, and the owner's row shows it expired (${locale})`, async () => {
      const owner = await account(locale, `expired-owner-${locale}`);
      const invitee = await account(locale, `expired-invitee-${locale}`);
      await buyPremium(owner.context, owner.email);
      const { page } = owner;
      await page.goto(`/${locale}/teammanage/owner`);
      await page.getByRole('cell', { name: owner.username, exact: true }).waitFor();
      await invite(page, locale, invitee.email);
      const mail = await latestMail(owner.context.request, invitee.email, (m) =>
        m.subject.includes(t.subject),
      );
      const link = linkOf(mail, `/${locale}/invitation/`);

      // The 7 days end now (a development aid; absent in production).
      const ended = await owner.context.request.post('/api/dev/teams/invitations/expire', {
        headers: await csrfHeader(owner.context),
      });
      expect(ended.status(), await ended.text()).toBe(200);
      expect(await ended.json()).toEqual({ expired: 1 });

      // The invited account itself cannot accept it: the page says why and what to do.
      await invitee.page.goto(link);
      await invitee.page.getByText(t.expired).waitFor();
      expect(await invitee.page.getByRole('button', { name: t.accept }).count()).toBe(0);
      await expectAccessible(invitee.page);

      await page.reload();
      const row = page.getByTestId('invitation-row').filter({ hasText: invitee.email });
      await row.getByText(t.expiredRow, { exact: true }).waitFor();
      // Not joined: the owner's table has no row for the invitee.
      expect(await page.getByRole('cell', { name: invitee.username, exact: true }).count()).toBe(0);
    });
  }
});
