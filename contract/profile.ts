import * as v from 'valibot';

export const planIds = ['free', 'mini', 'premium'] as const;
export const PlanId = v.picklist(planIds);
export type PlanId = v.InferOutput<typeof PlanId>;

export const Timezone = v.object({
  ianaName: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  offset: v.pipe(v.number(), v.integer(), v.minValue(-840), v.maxValue(840)),
});
export type Timezone = v.InferOutput<typeof Timezone>;

/** GET /api/v1/profile/: the signed-in user. */
export const Profile = v.object({
  username: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  company: v.string(),
  industry: v.string(),
  role: v.string(),
  email: v.string(),
  phone: v.string(),
  country: v.string(),
  timezone: v.nullable(Timezone),
  plan: PlanId,
  team_plan: v.nullable(PlanId),
  webgis_url: v.nullable(v.string()),
  userpic_url: v.nullable(v.string()),
  /** False for accounts made by social sign-in until a password is set (reset). */
  has_password: v.optional(v.boolean()),
  /**
   * When a mail to the address last failed for good (its retries spent), ISO 8601; null
   * when none has, after the user dismissed the notice, or once a later mail went through.
   */
  mail_undelivered_at: v.optional(v.nullable(v.string())),
});
export type Profile = v.InferOutput<typeof Profile>;

/**
 * A zone name the runtime's Intl knows (Node and browsers share the IANA data).
 * The name pattern keeps out offsets such as "+05:00", which Intl also accepts.
 */
export function isKnownTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** POST /api/v1/user_timezone_info/ (request, and also the answer). */
export const TimezoneUpdate = v.object({
  timezone: v.object({
    ianaName: v.pipe(Timezone.entries.ianaName, v.check(isKnownTimeZone, 'Unknown time zone')),
    offset: Timezone.entries.offset,
  }),
});
export type TimezoneUpdate = v.InferOutput<typeof TimezoneUpdate>;
