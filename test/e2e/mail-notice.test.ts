import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeader } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { useChromium } from './chromium.ts';
import { startServer, type RunningServer } from './server.ts';

const chromium = useChromium();

const texts = {
  en: {
    notice: 'An e-mail to demo@example.com did not arrive',
    dismiss: 'Dismiss',
    refused: "Couldn't dismiss the notice. Please try again.",
  },
  ru: {
    notice: 'Письмо на адрес demo@example.com не дошло',
    dismiss: 'Скрыть',
    refused: 'Не удалось скрыть уведомление. Попробуйте ещё раз.',
  },
} as const;

/**
 * A server whose mail server refuses every connection, and gives a mail up at its first
 * failure (MAIL_RETRIES=0): the demo account's reset mail never arrives.
 */
describe('a mail that never arrived', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_RETRIES: '0' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const undeliveredAt = async (context: BrowserContext) =>
    (
      (await (await context.request.get('/api/v1/profile/')).json()) as {
        mail_undelivered_at: unknown;
      }
    ).mail_undelivered_at;

  /** Signed in as the demo account, whose reset mail has failed for good. */
  async function afterFailedMail(
    locale: 'en' | 'ru',
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await chromium.newContext({ baseURL: server.url });
    const headers = await csrfHeader(context);
    const reset = await context.request.post('/api/auth/password/reset/', {
      form: { email: 'demo@example.com', locale },
      headers,
    });
    expect(reset.status()).toBe(200);
    const login = await context.request.post('/api/auth/login/', {
      form: { login: 'demo', password: 'Demo-pass-1' },
      headers,
    });
    expect(login.status(), await login.text()).toBe(200);
    await expect.poll(() => undeliveredAt(context), { timeout: 30_000 }).not.toBeNull();
    return { context, page: await context.newPage() };
  }

  it.each(['en', 'ru'] as const)(
    'is told on every signed-in page until dismissed; a failed dismiss keeps it, in %s',
    async (locale) => {
      const t = texts[locale];
      const { context, page } = await afterFailedMail(locale);
      await page.goto(`/${locale}/profile`);
      const notice = page.getByText(t.notice);
      await notice.waitFor();
      await expectAccessible(page);
      await page.goto(`/${locale}/software`);
      await notice.waitFor();

      // The server does not answer the dismissal: the notice stays and says so.
      await page.route('**/api/v1/profile/mail-notice/', (route) =>
        route.fulfill({
          status: 503,
          headers: { 'Retry-After': '5' },
          body: '{"code":"server_busy"}',
        }),
      );
      await page.getByRole('button', { name: t.dismiss }).click();
      await page.getByText(t.refused).waitFor();
      expect(await notice.isVisible()).toBe(true);
      expect(await undeliveredAt(context)).not.toBeNull();

      await page.unroute('**/api/v1/profile/mail-notice/');
      await page.getByRole('button', { name: t.dismiss }).click();
      await notice.waitFor({ state: 'detached' });
      expect(await undeliveredAt(context)).toBeNull();
      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByText(t.notice).count()).toBe(0);
    },
  );
});
