import * as v from 'valibot';

/*
 * The seasonal banner (section 1): operator data, read by the server from
 * PROMOTIONS_FILE at start and written into the page it serves (docs/decisions/0018).
 */

const Day = v.pipe(v.string(), v.isoDate('expected a date as YYYY-MM-DD'));
const Text = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('expected a text'),
  v.maxLength(200, 'expected at most 200 characters'),
);
// An address of the blog: absolute http(s), or a path of this site.
const Href = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2000, 'expected at most 2000 characters'),
  v.regex(/^(https?:\/\/[^\s/]+(\/\S*)?|\/(?!\/)\S*)$/, 'expected an http(s) address or a path'),
);

/** One promotion: shown from `from` to `to` (both days included, UTC), in each language. */
export const Promotion = v.pipe(
  v.strictObject({
    from: Day,
    to: Day,
    text: v.strictObject({ en: Text, ru: Text }),
    href: Href,
  }),
  v.check((p) => p.from <= p.to, 'expected from not after to'),
);
export type Promotion = v.InferOutput<typeof Promotion>;
export const PromotionList = v.array(Promotion);

/** The promotion of `now`'s day (UTC): the first whose dates hold it, or null. */
export function currentPromotion(list: readonly Promotion[], now: Date): Promotion | null {
  const day = now.toISOString().slice(0, 10);
  return list.find((p) => p.from <= day && day <= p.to) ?? null;
}
