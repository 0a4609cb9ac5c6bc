import { describe, expect, it } from 'vitest';
import { signedIn, uniqueEmail } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { useChromium } from './chromium.ts';
import { description } from './fields.ts';
import { latestMail } from './mailbox.ts';

/*
 * The consultation request of the on-premise page against the real server (decision
 * 0702): prefilled from the profile, a bad e-mail refused at its field first, then
 * sent; the thank-you names the address, the requester gets the confirmation in the
 * page's language and the sales address (SALES_EMAIL's default) the request.
 */

const password = 'Consult-pass-1';
const SALES = 'sales@example.com';
const chromium = useChromium();

const texts = {
  en: {
    browserLocale: 'en-US',
    heading: 'Request a consultation',
    name: /^Name/,
    email: /^Email/,
    phone: /^Phone/,
    industry: 'Industry',
    comment: 'Comment',
    send: 'Send request',
    badEmail: 'Please enter a valid email address',
    thanks: 'Thank you! Your request has been sent.',
    sentTo: (email: string) => `A confirmation has been sent to ${email}.`,
    mailSubject: 'We received your consultation request',
  },
  ru: {
    browserLocale: 'ru-RU',
    heading: 'Запросить консультацию',
    name: /^Имя/,
    email: /^Эл\. почта/,
    phone: /^Телефон/,
    industry: 'Отрасль',
    comment: 'Комментарий',
    send: 'Отправить запрос',
    badEmail: 'Введите корректный адрес эл. почты',
    thanks: 'Спасибо! Ваш запрос отправлен.',
    sentTo: (email: string) => `Подтверждение отправлено на ${email}.`,
    mailSubject: 'Запрос консультации получен',
  },
} as const;

describe.each(['en', 'ru'] as const)('consultation request in %s', (locale) => {
  const t = texts[locale];

  it('refuses a bad e-mail at its field, then sends the request and both mails', async () => {
    const account = { browserLocale: t.browserLocale, prefix: `consult-${locale}`, password };
    const { context, page, email: accountEmail } = await signedIn(chromium, account);
    await page.goto(`/${locale}/myngidonpremises`);
    const form = page.getByRole('form', { name: t.heading });
    await page.getByRole('heading', { name: t.heading, level: 2 }).waitFor();

    // Prefilled from the profile (the sign-up's details).
    const name = form.getByRole('textbox', { name: t.name });
    const email = form.getByRole('textbox', { name: t.email });
    expect(await name.inputValue()).toBe('Test Person');
    expect(await email.inputValue()).toBe(accountEmail);
    await expectAccessible(page);

    await email.fill('contact@');
    await form.getByRole('button', { name: t.send }).click();
    await expect.poll(() => description(email)).toContain(t.badEmail);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => email.evaluate((input) => input === document.activeElement)).toBe(true);
    await expectAccessible(page);

    const contact = uniqueEmail(`consult-contact-${locale}`);
    await email.fill(contact);
    await expect.poll(() => description(email)).not.toContain(t.badEmail);
    await form.getByRole('textbox', { name: t.phone }).fill('+7 495 123-45-67');
    await form.getByRole('combobox', { name: t.industry }).selectOption('mining');
    await form.getByRole('textbox', { name: t.comment }).fill('20 seats inside our network');
    await form.getByRole('button', { name: t.send }).click();

    await page.getByRole('status').filter({ hasText: t.thanks }).waitFor();
    await page.getByText(t.sentTo(contact)).waitFor();
    expect(await page.getByRole('form', { name: t.heading }).count()).toBe(0);
    await expectAccessible(page);

    const confirmation = await latestMail(context.request, contact);
    expect(confirmation.subject).toBe(t.mailSubject);
    const sales = await latestMail(context.request, SALES, (mail) =>
      mail.text.includes(`Email: ${contact}`),
    );
    expect(sales.subject).toBe('Consultation request from Test Person');
    expect(sales.text).toContain('Industry: mining');
    expect(sales.text).toContain('Comment: 20 seats inside our network');
    expect(sales.text).toContain(`Language: ${locale}`);
    // The bad address never reached the server.
    const refused = await context.request.get(`/api/dev/mails/?to=${encodeURIComponent(SALES)}`);
    const all = (await refused.json()) as { text: string }[];
    expect(all.filter((mail) => mail.text.includes('Email: contact@\n'))).toEqual([]);
    await context.close();
  });
});
