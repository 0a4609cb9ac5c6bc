import * as v from 'valibot';

/*
 * Software downloads (sections 3, 7 and 9). GET /api/v1/releases?tag=latest&option=type:stable
 * answers ReleaseList; a file's `link` is /api/v1/releases/{id}/download (plus a query
 * signed for the user when the server protects downloads), to which the page adds `save_as`. Android releases are
 * store pages: their one file links there.
 */

/** Section 3: the products, in the order the page lists them. */
export const productIds = ['qgis', 'formbuilder', 'mobile', 'collector', 'tracker'] as const;
export const ProductId = v.picklist(productIds);
export type ProductId = v.InferOutput<typeof ProductId>;

export type ProductType = 'desktop' | 'mobile';

/** Section 9: the operating systems, in the order a product lists them. */
export const operatingSystems = ['win64', 'mac', 'android', 'ios'] as const;
export const OperatingSystem = v.picklist(operatingSystems);
export type OperatingSystem = v.InferOutput<typeof OperatingSystem>;

/** Section 9: every system comes as a network and a standalone installer. */
export const distributions = ['network', 'standalone'] as const;
export const Distribution = v.picklist(distributions);
export type Distribution = v.InferOutput<typeof Distribution>;

/** The systems each type of product is built for. */
export const systemsOf: Record<ProductType, readonly OperatingSystem[]> = {
  desktop: ['win64', 'mac'],
  mobile: ['android', 'ios'],
};

export interface Product {
  name: string;
  /** What a download is saved as, before the system, variant and the file's extension. */
  installerName: string;
  type: ProductType;
  /** Offered instead of the files outside the Russian locale (section 9). */
  externalSite?: string;
}

/** Section 3: name, installer name and type of each product; brand names stay untranslated. */
export const products: Record<ProductId, Product> = {
  qgis: {
    name: 'QGIS',
    installerName: 'qgis-setup',
    type: 'desktop',
    externalSite: 'https://qgis.org/download/',
  },
  formbuilder: { name: 'Formbuilder', installerName: 'formbuilder-setup', type: 'desktop' },
  mobile: { name: 'Mobile', installerName: 'mobile', type: 'mobile' },
  collector: { name: 'Collector', installerName: 'collector', type: 'mobile' },
  tracker: { name: 'Tracker', installerName: 'tracker', type: 'mobile' },
};

const WORD = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const KEY = /^[a-z][a-z0-9_]{0,31}$/;
const wordRule = 'Expected letters, digits, dots, hyphens or underscores (up to 64)';

/** Tags and option values: plain words, so `option=key:value` can name them. */
export const Word = v.pipe(v.string(), v.regex(WORD, wordRule));
export const OptionKey = v.pipe(
  v.string(),
  v.regex(KEY, 'Expected lower-case letters, digits or underscores'),
);

function isOptionFilter(value: string): boolean {
  const colon = value.indexOf(':');
  return colon > 0 && KEY.test(value.slice(0, colon)) && WORD.test(value.slice(colon + 1));
}

/** GET /api/v1/releases query: `tag` and any number of `option=key:value`, all must match. */
export const ReleasesQuery = v.object({
  tag: v.optional(Word),
  option: v.optional(
    v.array(v.pipe(v.string(), v.check(isOptionFilter, 'Expected key:value, e.g. type:stable'))),
    [],
  ),
});
export type ReleasesQuery = v.InferOutput<typeof ReleasesQuery>;

export const ReleaseFile = v.object({
  id: v.pipe(v.number(), v.integer()),
  name: v.string(),
  /** Bytes; null for a store page. */
  size: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  link: v.string(),
});
export type ReleaseFile = v.InferOutput<typeof ReleaseFile>;

export const Release = v.object({
  id: v.pipe(v.number(), v.integer()),
  name: v.string(),
  product: ProductId,
  version: v.string(),
  tags: v.array(v.string()),
  /** Key/value options, always with os and dist (section 3), e.g. type: stable. */
  options: v.objectWithRest({ os: OperatingSystem, dist: Distribution }, v.string()),
  files: v.array(ReleaseFile),
});
export type Release = v.InferOutput<typeof Release>;
export const ReleaseList = v.array(Release);
