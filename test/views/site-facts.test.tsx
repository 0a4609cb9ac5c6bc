import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXAMPLE_SUPPORT_EMAIL, EXAMPLE_WEBGIS_LINKS } from '../../contract/site.ts';
import { Footer } from '../../src/components/footer.tsx';
import { contactEmail } from '../../src/components/site.ts';
import { relatedLinks } from '../../src/views/webgis/links.ts';
import { RelatedInfoView } from '../../src/views/webgis/related-info.view.tsx';
import { operatorSiteFacts } from '../fixtures/site.ts';
import { Providers } from '../render/providers.tsx';

/** An operator's SITE_FILE, as the server writes it into the page (server/spa.ts). */
const operator = operatorSiteFacts;
const escaped = JSON.stringify(operator).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

let meta: HTMLMetaElement;
beforeEach(() => {
  document.head.insertAdjacentHTML('beforeend', `<meta name="portal-site" content="${escaped}" />`);
  meta = document.head.querySelector('meta[name="portal-site"]') as HTMLMetaElement;
});
afterEach(() => {
  cleanup();
  meta.remove();
});

describe('the operator’s support address and web GIS links', () => {
  it('are read from the page', () => {
    expect(relatedLinks()).toEqual(operator.webgis_links);
    expect(contactEmail()).toBe('help@gis.test');
  });

  it('fall back to the shipped examples when the page carries none or nonsense', () => {
    for (const nonsense of ['', '{', '{"support_email":"nope","webgis_links":{}}']) {
      meta.setAttribute('content', nonsense);
      expect(contactEmail()).toBe(EXAMPLE_SUPPORT_EMAIL);
      expect(relatedLinks()).toEqual(EXAMPLE_WEBGIS_LINKS);
    }
    // Each fact is read apart: a readable address is shown beside unreadable links.
    meta.setAttribute('content', '{"support_email":"help@gis.test"}');
    expect(contactEmail()).toBe('help@gis.test');
    expect(relatedLinks()).toEqual(EXAMPLE_WEBGIS_LINKS);
  });

  it.each(['en', 'ru'] as const)(
    'the footer shows the configured address in %s',
    async (locale) => {
      render(
        <Providers locale={locale}>
          <Footer year={2026} />
        </Providers>,
      );
      const link = await screen.findByRole('link', { name: 'help@gis.test' });
      expect(link.getAttribute('href')).toBe('mailto:help@gis.test');
      expect(screen.queryByText(/example\.com/)).toBeNull();
    },
  );

  it.each(['en', 'ru'] as const)(
    'the related-info panel links where configured in %s',
    async (locale) => {
      render(
        <Providers locale={locale}>
          <RelatedInfoView locale={locale} />
        </Providers>,
      );
      await screen.findAllByRole('link');
      const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
      expect(hrefs).toEqual([
        operator.webgis_links.video[locale],
        operator.webgis_links.demo[locale],
        operator.webgis_links.docs[locale],
        operator.webgis_links.data[locale],
      ]);
    },
  );
});
