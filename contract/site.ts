import * as v from 'valibot';

/*
 * The operator's own addresses: the support e-mail the shell shows and the web GIS
 * page's related-info links. Operator data, read by the server from SITE_FILE at start
 * and written into the page it serves (docs/decisions/0018), like the promotions.
 */

const Email = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(254, 'expected at most 254 characters'),
  v.email('expected an e-mail address'),
);
// An absolute http(s) address: the links open in a new tab, away from the portal.
const Href = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2000, 'expected at most 2000 characters'),
  v.regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'expected an http(s) address'),
);
const Localized = v.strictObject({ en: Href, ru: Href });

export const SiteFacts = v.strictObject({
  support_email: Email,
  webgis_links: v.strictObject({
    video: Localized,
    demo: Localized,
    docs: Localized,
    data: Localized,
  }),
});
export type SiteFacts = v.InferOutput<typeof SiteFacts>;

/**
 * The examples the portal ships (site.json) and falls back to: example.com addresses,
 * which a deployment replaces with its own.
 */
export const EXAMPLE_SITE_FACTS: SiteFacts = {
  support_email: 'support@example.com',
  webgis_links: {
    video: { en: 'https://example.com/webgis/video', ru: 'https://example.com/ru/webgis/video' },
    demo: { en: 'https://demo.example.com/', ru: 'https://demo.example.com/?lang=ru' },
    docs: { en: 'https://docs.example.com/webgis/', ru: 'https://docs.example.com/ru/webgis/' },
    data: { en: 'https://example.com/webgis/data', ru: 'https://example.com/ru/webgis/data' },
  },
};

/**
 * `<meta name="portal-errors">`: where the SPA reports its unexpected errors (SENTRY_DSN),
 * with the build's release and the environment; empty when reporting is off.
 */
export const ErrorReporting = v.object({
  dsn: v.pipe(v.string(), v.url()),
  release: v.string(),
  environment: v.string(),
});
export type ErrorReporting = v.InferOutput<typeof ErrorReporting>;
