import * as v from 'valibot';

export const locales = ['en', 'ru'] as const;
export const Locale = v.picklist(locales);
export type Locale = v.InferOutput<typeof Locale>;

/**
 * The header every API call of the SPA carries: the locale of the page that made it,
 * so the mails and addresses a call causes stay in that page's language.
 */
export const PAGE_LOCALE_HEADER = 'X-Page-Locale';

export const CountryCode = v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'country'));

/** GET /api/v1/countries/: names in both locales, sorted by the English name. */
export const Country = v.object({
  code: CountryCode,
  name_en: v.string(),
  name_ru: v.string(),
});
export type Country = v.InferOutput<typeof Country>;
export const CountryList = v.array(Country);

/** GET /api/v1/countries/current/{lang} */
export const CurrentCountry = v.object({ code: CountryCode, name: v.string() });
export type CurrentCountry = v.InferOutput<typeof CurrentCountry>;

/** POST /api/v1/ip_country/ */
export const IpCountryRequest = v.object({ lang: Locale });
export const IpCountryResponse = v.object({ code: CountryCode });
