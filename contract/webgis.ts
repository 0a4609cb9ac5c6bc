import * as v from 'valibot';
import { Locale } from './countries.ts';
import { PlanId } from './profile.ts';
import { WebgisState, WebgisTransition } from './webgis-states.ts';
import { isOneOf } from './one-of.ts';

/*
 * The hosted web GIS (sections 3, 4, 5, 7 and 9). GET /api/v1/webgis/refs/ answers
 * WebgisRefs, GET /api/v1/webgis/cluster/locations/ a LocationList, POST /api/v1/webgis/
 * takes a WebgisCreateRequest (use case create_webgis) and answers the new Webgis, and
 * GET /api/v1/webgis/my/ answers the user's Webgis or 404 when there is none.
 */

// The states live in a module of their own: the web GIS page's address is read on
// every page (the route tree), the rest of this module only on the web GIS pages.
export { webgisStates, WebgisState, webgisTransitions, WebgisTransition } from './webgis-states.ts';

/**
 * Section 5's domain rule: a letter, then 2 to 62 letters, digits or hyphens, then a
 * letter or a digit: 4 to 64 characters (section 9: "3 to 63 characters plus a final one").
 */
export const SUBDOMAIN_RULE = /^[a-z][a-z0-9-]{2,62}[a-z0-9]$/i;

export function isSubdomain(value: string): boolean {
  return SUBDOMAIN_RULE.test(value);
}

/**
 * A label with hyphens in its third and fourth places is reserved for IDNA (RFC 5891
 * 4.2.3.1): `xn--` is punycode, whose Unicode form may imitate another name, and the
 * rest are kept for future encodings. A new instance may not take one.
 */
export function isReservedLabelForm(value: string): boolean {
  return /^..--/.test(value);
}

/**
 * Section 2: the default subdomain from the username: underscores and dots become
 * hyphens, leading digits and hyphens go (lower-cased, as the payload is).
 */
export function defaultSubdomain(username: string): string {
  return username
    .toLowerCase()
    .replace(/[_.]/g, '-')
    .replace(/^[\d-]+/, '');
}

/** Messages are codes the view translates (`required`, `domain`). */
export const SubdomainName = v.pipe(
  v.string('required'),
  v.trim(),
  v.nonEmpty('required'),
  v.regex(SUBDOMAIN_RULE, 'domain'),
  v.check((value) => !isReservedLabelForm(value), 'domain'),
);

export const LocationId = v.pipe(
  v.string('required'),
  v.nonEmpty('required'),
  v.maxLength(64, 'required'),
);

/** Section 5, web GIS create: what the form checks before it is sent. */
export const WebgisCreateForm = v.object({
  subdomain_name: SubdomainName,
  location_id: LocationId,
});
export type WebgisCreateForm = v.InferOutput<typeof WebgisCreateForm>;

/** POST /api/v1/webgis/: the subdomain lower-cased, the instance's language. */
export const WebgisCreateRequest = v.object({
  subdomain_name: v.pipe(SubdomainName, v.toLowerCase()),
  language: Locale,
  location_id: LocationId,
});
export type WebgisCreateRequest = v.InferOutput<typeof WebgisCreateRequest>;

/** GET /api/v1/webgis/refs/: the instance domain, the suffix of every address. */
export const WebgisRefs = v.object({ domain: v.string() });
export type WebgisRefs = v.InferOutput<typeof WebgisRefs>;

/** GET /api/v1/webgis/cluster/locations/: the data centers, named in both locales. */
export const WebgisLocation = v.object({
  id: v.string(),
  display_name: v.object({ en: v.string(), ru: v.string() }),
});
export type WebgisLocation = v.InferOutput<typeof WebgisLocation>;
export const WebgisLocationList = v.array(WebgisLocation);

/** GET /api/v1/webgis/my/ and the answer of POST /api/v1/webgis/. */
export const Webgis = v.object({
  url: v.string(),
  /** The address that signs the user in to the instance with their portal account. */
  url_oauth: v.string(),
  state: WebgisState,
  state_transition: v.nullable(WebgisTransition),
  /** The user's plan now: what the instance may use (section 9). */
  plan: PlanId,
  /** The instance's interface language, chosen at creation. */
  language: Locale,
  /** The data center it runs in. */
  location: WebgisLocation,
  /** When it was created (ISO 8601). */
  created_at: v.string(),
});
export type Webgis = v.InferOutput<typeof Webgis>;

/**
 * The codes the web GIS calls send besides the common ones; the SPA owns their words.
 * `domain` is section 5's rule; the others name what the server alone can know.
 */
export const webgisErrorCodes = [
  'domain',
  'subdomain_taken',
  'location_not_found',
  'webgis_exists',
  'webgis_unavailable',
] as const;
export type WebgisErrorCode = (typeof webgisErrorCodes)[number];

export function isWebgisErrorCode(code: string): code is WebgisErrorCode {
  return isOneOf(webgisErrorCodes, code);
}
