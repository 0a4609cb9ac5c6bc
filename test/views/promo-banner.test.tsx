import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppShell } from '../../src/components/app-shell.tsx';
import type { HeaderSession } from '../../src/components/header-session.ts';
import { currentPromotion, pagePromotions } from '../../src/components/site.ts';
import { demoUser } from '../fixtures/users.ts';
import { Providers } from '../render/providers.tsx';

afterEach(cleanup);

const winterSale = {
  from: '2026-12-20',
  to: '2027-01-10',
  text: { en: 'Winter sale: 30% off Premium', ru: 'Зимняя распродажа: скидка 30% на Premium' },
  href: 'https://example.com/blog/winter-sale',
};

/** A page as the server writes it: the promotions in a meta, escaped for the attribute. */
function pageWith(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.head.innerHTML =
    content === null ? '' : `<meta name="portal-promotions" content="${content}" />`;
  return doc;
}
const served = (list: unknown) =>
  pageWith(JSON.stringify(list).replace(/&/g, '&amp;').replace(/"/g, '&quot;'));

const signedIn: HeaderSession = { status: 'signedIn', user: demoUser, signingOut: false };

async function shell(locale: 'en' | 'ru', day: string, session: HeaderSession = signedIn) {
  const promotion = currentPromotion(
    new Date(`${day}T12:00:00Z`),
    pagePromotions(served([winterSale])),
  );
  render(
    <Providers locale={locale}>
      <AppShell session={session} pathname={`/${locale}/profile`} promotion={promotion}>
        <p>page</p>
      </AppShell>
    </Providers>,
  );
  const header = await screen.findByRole('banner');
  return { header, position: getComputedStyle(header).position };
}

describe.each(['en', 'ru'] as const)('the seasonal banner in %s', (locale) => {
  const text = winterSale.text[locale];

  it.each(['2026-12-20', '2026-12-31', '2027-01-10'])(
    'shows on %s, linking to its blog page, and the header is not fixed',
    async (day) => {
      const { position } = await shell(locale, day);
      const link = await screen.findByRole('link', { name: text });
      expect(link.getAttribute('href')).toBe(winterSale.href);
      // In the flow of the page: it scrolls away with the banner.
      expect(position).toBe('relative');
    },
  );

  it.each(['2026-12-19', '2027-01-11'])('is absent on %s, and the header is fixed', async (day) => {
    const { position } = await shell(locale, day);
    expect(screen.queryByText(text)).toBeNull();
    expect(position).toBe('sticky');
  });

  it('is not shown to a visitor', async () => {
    const { position } = await shell(locale, '2026-12-31', { status: 'signedOut' });
    expect(screen.queryByText(text)).toBeNull();
    expect(position).toBe('sticky');
  });
});

describe('the promotions the page carries', () => {
  it('reads them from the meta the server wrote, and nothing from a missing or bad one', () => {
    expect(pagePromotions(served([winterSale]))).toEqual([winterSale]);
    expect(pagePromotions(pageWith(null))).toEqual([]);
    expect(pagePromotions(pageWith('not json'))).toEqual([]);
    expect(pagePromotions(served([{ ...winterSale, to: 'soon' }]))).toEqual([]);
  });
});
