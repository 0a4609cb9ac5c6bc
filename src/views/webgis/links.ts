import type { Locale } from '../../i18n/locale.ts';

/** The related-info panel's links (section 2): one place to change them. */
export const relatedLinks = {
  video: { en: 'https://example.com/webgis/video', ru: 'https://example.com/ru/webgis/video' },
  demo: { en: 'https://demo.example.com/', ru: 'https://demo.example.com/?lang=ru' },
  docs: { en: 'https://docs.example.com/webgis/', ru: 'https://docs.example.com/ru/webgis/' },
  data: { en: 'https://example.com/webgis/data', ru: 'https://example.com/ru/webgis/data' },
} as const satisfies Record<string, Record<Locale, string>>;
