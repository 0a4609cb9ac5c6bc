import * as v from 'valibot';

/*
 * The operator's own addresses: the support e-mail the shell shows, the web GIS
 * page's related-info links, and the seller a receipt names. Operator data, read by the server from SITE_FILE at start
 * and written into the page it serves (docs/decisions/0018), like the promotions.
 */

/** The operator's support address. */
export const SupportEmail = v.pipe(
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

const Line = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('expected some text'),
  v.maxLength(300, 'expected at most 300 characters'),
);
const LocalizedLine = v.strictObject({ en: Line, ru: Line });

/**
 * The seller a receipt names: its name and address in each language, its tax id, and
 * the tax the prices include, if any (a receipt then shows the tax's share of the
 * amount, at `rate` percent, under `label`).
 */
export const Seller = v.strictObject({
  name: LocalizedLine,
  address: LocalizedLine,
  tax_id: Line,
  tax: v.optional(
    v.nullable(
      v.strictObject({
        label: LocalizedLine,
        rate: v.pipe(v.number(), v.minValue(0.01, 'expected more than 0'), v.maxValue(100)),
      }),
    ),
    null,
  ),
});
export type Seller = v.InferOutput<typeof Seller>;

/** The sandbox's seller: an example company, with a tax included at 20 percent. */
export const EXAMPLE_SELLER: Seller = {
  name: { en: 'Example GIS Ltd.', ru: 'ООО «Пример ГИС»' },
  address: {
    en: '1 Example Street, Example City, 101000',
    ru: '101000, г. Пример, ул. Примерная, д. 1',
  },
  tax_id: '7700000000',
  tax: { label: { en: 'VAT', ru: 'НДС' }, rate: 20 },
};

/** The web GIS page's related-info links, each in both languages. */
export const WebgisLinks = v.strictObject({
  video: Localized,
  demo: Localized,
  docs: Localized,
  data: Localized,
});
export type WebgisLinks = v.InferOutput<typeof WebgisLinks>;

export const SiteFacts = v.strictObject({
  support_email: SupportEmail,
  /** Absent: the example seller (a production server warns of example addresses anyway). */
  seller: v.optional(Seller, EXAMPLE_SELLER),
  webgis_links: WebgisLinks,
});
export type SiteFacts = v.InferOutput<typeof SiteFacts>;

/*
 * The examples the portal ships (site.json) and falls back to: example.com addresses,
 * which a deployment replaces with its own. The page reads the support address and the
 * links apart (`src/components/site.ts`), so the seller never ships to the browser.
 */
export const EXAMPLE_SUPPORT_EMAIL = 'support@example.com';
export const EXAMPLE_WEBGIS_LINKS: WebgisLinks = {
  video: { en: 'https://example.com/webgis/video', ru: 'https://example.com/ru/webgis/video' },
  demo: { en: 'https://demo.example.com/', ru: 'https://demo.example.com/?lang=ru' },
  docs: { en: 'https://docs.example.com/webgis/', ru: 'https://docs.example.com/ru/webgis/' },
  data: { en: 'https://example.com/webgis/data', ru: 'https://example.com/ru/webgis/data' },
};
export const EXAMPLE_SITE_FACTS: SiteFacts = {
  support_email: EXAMPLE_SUPPORT_EMAIL,
  seller: EXAMPLE_SELLER,
  webgis_links: EXAMPLE_WEBGIS_LINKS,
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
